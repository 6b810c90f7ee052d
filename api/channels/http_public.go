package channels

import (
	"courtside/api"
)

// GET /promotion/v2/addPromotionReg {promotionChannelId, channelFromtype}: a visit through a
// channel link (counted once per visitor per day; a burst from one source is dropped). With a
// token, the signed-in user who registered moments ago is attributed to the channel as well.
func (h *handlers) addPromotionReg(r *api.Request) (any, error) {
	code := r.Query("promotionChannelId")
	if code == "" {
		code = r.Query("c")
	}
	res, err := h.svc.Visit(r.Context(), code, visitor(r))
	if err != nil {
		return nil, err
	}
	attributed := false
	if r.Token != "" {
		if uid, err := h.auth.User(r); err == nil {
			if attributed, err = h.svc.Attribute(r.Context(), uid, code, r.Query("channelFromtype"), visitor(r)); err != nil {
				return nil, err
			}
		}
	}
	return map[string]any{"counted": res.Counted, "code": res.Code, "type": res.Kind, "attributed": attributed}, nil
}

// POST /promotion/download {promotionChannelId?}: the download page counts a download (once per
// visitor per day and channel; no code: the default channel).
func (h *handlers) download(r *api.Request) (any, error) {
	var in struct {
		Code string `json:"promotionChannelId"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	uid, _ := h.auth.Viewer(r)
	counted, err := h.svc.Download(r.Context(), in.Code, visitor(r), uid)
	if err != nil {
		return nil, err
	}
	return map[string]any{"counted": counted}, nil
}

// GET /promotion/downloadInfo: the store links of the download page.
func (h *handlers) downloadInfo(r *api.Request) (any, error) {
	return h.svc.cfg.Stores, nil
}
