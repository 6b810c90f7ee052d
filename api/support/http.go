package support

import (
	"strconv"

	"courtside/api"
)

// PermAnswer is the back-office permission of the support queue (account.PermAnswerSupport).
const PermAnswer = "answerSupport"

// handlers are customer service's REST endpoints (README.md has the table): decode, call the
// Service, shape the answer. No rule lives here.
type handlers struct{ svc *Service }

// Routes registers the endpoints; auth says who calls (its Staff decides answerSupport).
func (s *Service) Routes(srv *api.Server, auth api.Auth) {
	h := &handlers{svc: s}
	user := auth.RequireUser
	staff := auth.RequireStaff(PermAnswer)

	srv.Handle("GET /support/limits", h.limits)
	srv.Handle("GET /support/tickets", user(h.mine))
	srv.Handle("POST /support/tickets", user(h.create))
	srv.Handle("GET /support/tickets/{id}", user(h.get))
	srv.Handle("POST /support/tickets/{id}/reply", user(h.reply))
	srv.Handle("POST /support/tickets/{id}/close", user(h.close))

	srv.Handle("GET /admin/support/tickets", staff(h.queue))
	srv.Handle("GET /admin/support/tickets/{id}", staff(h.staffGet))
	srv.Handle("POST /admin/support/tickets/{id}/reply", staff(h.answer))
	srv.Handle("POST /admin/support/tickets/{id}/close", staff(h.staffClose))
}

func ticketID(r *api.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, ErrNotFound
	}
	return id, nil
}

// GET /support/limits → the form's categories and limits.
func (h *handlers) limits(*api.Request) (any, error) { return h.svc.Limits(), nil }

// GET /support/tickets → {list, limits}
func (h *handlers) mine(r *api.Request, uid int64) (any, error) {
	list, err := h.svc.Mine(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": list, "limits": h.svc.Limits()}, nil
}

// POST /support/tickets {category, subject, message} → the ticket with its thread
func (h *handlers) create(r *api.Request, uid int64) (any, error) {
	var in NewTicket
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Create(r.Context(), uid, r.Lang, in)
}

// GET /support/tickets/{id}
func (h *handlers) get(r *api.Request, uid int64) (any, error) {
	id, err := ticketID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Get(r.Context(), uid, id)
}

type messageIn struct {
	Message string `json:"message"`
	Close   bool   `json:"close"`
	Reason  string `json:"reason"`
}

// POST /support/tickets/{id}/reply {message}
func (h *handlers) reply(r *api.Request, uid int64) (any, error) {
	id, err := ticketID(r)
	if err != nil {
		return nil, err
	}
	var in messageIn
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Reply(r.Context(), uid, id, in.Message)
}

// POST /support/tickets/{id}/close
func (h *handlers) close(r *api.Request, uid int64) (any, error) {
	id, err := ticketID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Close(r.Context(), uid, id)
}

// GET /admin/support/tickets?state=open|answered|closed|all&pageIndex=&pageSize=
func (h *handlers) queue(r *api.Request, _ int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	state := r.Query("state")
	if state == "" {
		state = StateOpen
	}
	list, total, err := h.svc.Queue(r.Context(), state, page.Size, page.Offset())
	if err != nil {
		return nil, err
	}
	return page.List(list, total), nil
}

// GET /admin/support/tickets/{id}
func (h *handlers) staffGet(r *api.Request, _ int64) (any, error) {
	id, err := ticketID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.StaffGet(r.Context(), id)
}

// POST /admin/support/tickets/{id}/reply {message, close}
func (h *handlers) answer(r *api.Request, uid int64) (any, error) {
	id, err := ticketID(r)
	if err != nil {
		return nil, err
	}
	var in messageIn
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Answer(r.Context(), Staff{ID: uid, IP: r.IP()}, id, in.Message, in.Close)
}

// POST /admin/support/tickets/{id}/close {reason}
func (h *handlers) staffClose(r *api.Request, uid int64) (any, error) {
	id, err := ticketID(r)
	if err != nil {
		return nil, err
	}
	var in messageIn
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.StaffClose(r.Context(), Staff{ID: uid, IP: r.IP()}, id, in.Reason)
}
