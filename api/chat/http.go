package chat

import (
	"strconv"

	"courtside/api"
)

// handlers are the chat history's REST calls: they read the query, ask auth who calls and call the
// Service. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers the chat history calls on srv; users says who calls. Without Deps.Moderators
// the moderators' call is not served.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users}}
	user := h.auth.RequireUser
	srv.Handle("GET /live/getChatroomSpeech", h.speech)
	if s.d.Moderators != nil {
		srv.Handle("GET /chatroom/context", user(h.reportContext))
	}
	if s.d.Actors != nil && s.d.Chatters != nil {
		// A GET that deletes (spec §7): api/csrf.go lists it among the state-changing GETs, so the
		// token cookie alone never authorises it from another site.
		srv.Handle("GET /chatroom/delete", user(h.delete))
		srv.Handle("GET /chatroom/userInfo", user(h.userInfo))
		srv.Handle("POST /chatroom/operate", user(h.operate))
	}
}

// GET /chatroom/delete?roomId=&msgId=: a moderator deletes a chat line (Service.Delete).
func (h *handlers) delete(r *api.Request, uid int64) (any, error) {
	return h.svc.Delete(r.Context(), uid, r.Query("roomId"), r.Query("msgId"))
}

// GET /chatroom/userInfo?roomId=&uid=: the chatter card (Service.UserInfo).
func (h *handlers) userInfo(r *api.Request, uid int64) (any, error) {
	return h.svc.UserInfo(r.Context(), uid, r.Query("roomId"), r.Query("uid"))
}

// POST /chatroom/operate {roomId, uid, op, secs, reason, confirm} (Service.Operate).
func (h *handlers) operate(r *api.Request, uid int64) (any, error) {
	var in Operation
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Operate(r.Context(), uid, in)
}

// GET /live/getChatroomSpeech?roomId=&size=&cursor=: a page of a room's history (Service.Speech).
func (h *handlers) speech(r *api.Request) (any, error) {
	room := r.Query("roomId")
	if room == "" {
		room = r.Query("room")
	}
	size, err := r.IntQuery("size", DefaultPageSize)
	if err != nil {
		return nil, err
	}
	var cursor uint64
	if c := r.Query("cursor"); c != "" {
		n, err := strconv.ParseUint(c, 10, 64)
		if err != nil || n == 0 {
			return nil, api.ErrFormat
		}
		cursor = n
	}
	return h.svc.Speech(r.Context(), room, cursor, size)
}

// GET /chatroom/context?roomId=&msgId=: a reported message with the lines around it, deleted ones
// too, for the room's moderators (Service.ReportContext).
func (h *handlers) reportContext(r *api.Request, uid int64) (any, error) {
	return h.svc.ReportContext(r.Context(), uid, r.Query("roomId"), r.Query("msgId"))
}
