package anchor

import "courtside/api"

// customLiveRoutes registers the custom-tag and following calls (customtag.go; README "Custom-tag
// rooms").
func (h *handlers) customLiveRoutes(srv *api.Server) {
	srv.Handle("GET /live/customLive", h.tagRooms)
	srv.Handle("GET /live/tags", h.liveTags)
	srv.Handle("GET /live/following", h.auth.RequireUser(h.following))
}

// GET /live/customLive?tag= : the live rooms carrying a custom tag, most viewers first.
func (h *handlers) tagRooms(r *api.Request) (any, error) {
	tag, cs, err := h.svc.TagRooms(r.Context(), r.Query("tag"))
	if err != nil {
		return nil, err
	}
	return map[string]any{"tag": tag, "list": cardsOf(cs)}, nil
}

// GET /live/tags : the custom tags of the live rooms now.
func (h *handlers) liveTags(r *api.Request) (any, error) {
	ts, err := h.svc.LiveTags(r.Context())
	if err != nil {
		return nil, err
	}
	if ts == nil {
		ts = []TagCount{}
	}
	return map[string]any{"list": ts}, nil
}

// GET /live/following : the streamers the caller follows, live first.
func (h *handlers) following(r *api.Request, uid int64) (any, error) {
	cs, err := h.svc.Following(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": cardsOf(cs)}, nil
}
