package experts

import (
	"courtside/api"
	"courtside/storage/postgres"
)

func (h *handlers) applyStart(r *api.Request, uid int64) (any, error) {
	st, err := h.svc.ApplyStart(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return map[string]any{"status": st.Status, "reason": st.Reason, "phoneBound": st.PhoneBound, "phone": st.MaskedPhone,
		"titleMin": h.svc.cfg.TitleMin, "titleMax": h.svc.cfg.TitleMax, "maxPrice": h.svc.cfg.MaxPrice,
		"maxPlansPerMatch": h.svc.cfg.MaxPlansPerMatch}, nil
}

// applyBody is the body of POST /user/expertApply.
type applyBody struct {
	Nickname   string `json:"nickname"`
	RealName   string `json:"realName"`
	IDNumber   string `json:"idNumber"`
	Intro      string `json:"intro"`
	Experience string `json:"experience"`
	Games      []int  `json:"games"`
}

func (h *handlers) apply(r *api.Request, uid int64) (any, error) {
	var in applyBody
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	e, err := h.svc.Apply(r.Context(), uid, Application(in))
	if err != nil {
		return nil, err
	}
	return applicationView(e, true), nil
}

// applicationView is an application; masked hides most of the identity number and phone.
func applicationView(e postgres.ExpertRow, masked bool) map[string]any {
	id, phone := e.IDNumber, e.Phone
	if masked {
		id, phone = mask(id, 2, 2), mask(phone, 3, 4)
	}
	v := expertView(e, nil)
	return map[string]any{"expert": v, "status": e.Status, "reason": e.Reason, "realName": e.RealName, "idNumber": id, "phone": phone,
		"experience": e.Experience, "submittedAt": api.Millis(e.SubmittedAt), "reviewedAt": millisOrZero(e.ReviewedAt)}
}
