package predictions

import (
	"strconv"
	"time"

	"courtside/api"
)

// handlers are the area's REST endpoints (README.md has the table): decode, call the Service, shape
// the answer. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers the area's endpoints on srv; users says who sends a request.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Admins: s.d.Admins}}
	user := h.auth.RequireUser
	srv.Handle("GET /live/predictions", h.list)
	srv.Handle("GET /live/predictions/markets", h.markets)
	srv.Handle("GET /live/predictions/points", user(h.points))
	srv.Handle("POST /live/predictions/open", user(h.open))
	srv.Handle("POST /live/predictions/lock", user(h.lock))
	srv.Handle("POST /live/predictions/resolve", user(h.resolve))
	srv.Handle("POST /live/predictions/cancel", user(h.cancel))
	srv.Handle("POST /live/predictions/enter", user(h.enter))
	srv.Handle("GET /live/predictions/check", user(h.check))
}

// check: GET /live/predictions/check?id= — the ledger check of a prediction (who may run it).
func (h *handlers) check(r *api.Request, uid int64) (any, error) {
	id, err := strconv.ParseInt(r.Query("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, api.ErrFormat
	}
	return h.svc.Check(r.Context(), uid, id)
}

// list: GET /live/predictions?roomId= — the room's latest predictions; signed in, with one's own
// entries and channel points.
func (h *handlers) list(r *api.Request) (any, error) {
	room := r.Query("roomId")
	if room == "" {
		return nil, api.ErrFormat
	}
	uid, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	return h.svc.List(r.Context(), uid, room, 10)
}

// markets: GET /live/predictions/markets?roomId= — the markets the room's linked match offers.
func (h *handlers) markets(r *api.Request) (any, error) {
	room := r.Query("roomId")
	if room == "" {
		return nil, api.ErrFormat
	}
	offers, m, err := h.svc.Offers(r.Context(), room)
	if err != nil {
		return nil, err
	}
	if offers == nil {
		offers = []Offer{}
	}
	return map[string]any{"markets": offers, "matchId": m.ID, "home": m.Home, "away": m.Away, "status": m.Status}, nil
}

// points: GET /live/predictions/points?roomId= — the caller's channel points with the room's streamer.
func (h *handlers) points(r *api.Request, uid int64) (any, error) {
	room := r.Query("roomId")
	if room == "" {
		return nil, api.ErrFormat
	}
	p, err := h.svc.Points(r.Context(), uid, room)
	return map[string]any{"points": p}, err
}

// open: POST /live/predictions/open {roomId, market, question, outcomes, line, lockAt (unix ms), lockOn}
func (h *handlers) open(r *api.Request, uid int64) (any, error) {
	var in struct {
		RoomID   string      `json:"roomId"`
		Market   string      `json:"market"`
		Question string      `json:"question"`
		Outcomes []string    `json:"outcomes"`
		Line     float64     `json:"line"`
		LockAt   api.FlexInt `json:"lockAt"`
		LockOn   string      `json:"lockOn"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if in.RoomID == "" || in.Market == "" {
		return nil, api.ErrFormat
	}
	req := OpenRequest{Room: in.RoomID, Market: in.Market, Question: in.Question, Outcomes: in.Outcomes, Line: in.Line, LockOn: in.LockOn}
	if in.LockAt.Value > 0 {
		req.LockAt = time.UnixMilli(int64(in.LockAt.Value))
	}
	return h.svc.Open(r.Context(), uid, req)
}

type idBody struct {
	ID      api.FlexInt `json:"id"`
	Outcome api.FlexInt `json:"outcome"`
	Points  api.FlexInt `json:"points"`
}

func decodeID(r *api.Request) (idBody, error) {
	var in idBody
	if err := r.Decode(&in); err != nil {
		return in, err
	}
	if !in.Outcome.Set {
		in.Outcome.Value = -1
	}
	if in.ID.Value <= 0 {
		return in, api.ErrFormat
	}
	return in, nil
}

// lock: POST /live/predictions/lock {id}
func (h *handlers) lock(r *api.Request, uid int64) (any, error) {
	in, err := decodeID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Lock(r.Context(), uid, int64(in.ID.Value))
}

// resolve: POST /live/predictions/resolve {id, outcome} — a free question's winning outcome (index).
func (h *handlers) resolve(r *api.Request, uid int64) (any, error) {
	in, err := decodeID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Resolve(r.Context(), uid, int64(in.ID.Value), in.Outcome.Value)
}

// cancel: POST /live/predictions/cancel {id} — refunds every stake.
func (h *handlers) cancel(r *api.Request, uid int64) (any, error) {
	in, err := decodeID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Cancel(r.Context(), uid, int64(in.ID.Value))
}

// enter: POST /live/predictions/enter {id, outcome, points}
func (h *handlers) enter(r *api.Request, uid int64) (any, error) {
	in, err := decodeID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Enter(r.Context(), uid, int64(in.ID.Value), in.Outcome.Value, int64(in.Points.Value))
}
