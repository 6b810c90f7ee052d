package matches

import (
	"errors"

	"courtside/actors/match/feed"
	"courtside/api"
	"courtside/storage/postgres"
)

// attentionRequest books (attention true, or type 1) or cancels (false, or type 0) a match.
type attentionRequest struct {
	MatchID   string   `json:"matchId"`
	Attention *bool    `json:"attention"`
	Type      *flexInt `json:"type"`
}

// AttentionResult is the booking after the call.
type AttentionResult struct {
	MatchID     string `json:"matchId"`
	Reserved    bool   `json:"reserved"`
	Reservation string `json:"reservation"` // booked, or bookable after a cancel
}

func (m *Module) signedIn(r *api.Request) (string, error) {
	user, err := m.user(r)
	if err != nil {
		return "", err
	}
	if user == "" {
		return "", api.ErrAuthRequired
	}
	return user, nil
}

// POST /match/attention: book or cancel a match for the signed-in user (spec §4 reservations).
// The user's connected sessions get a notice when the match starts (match.Notifier).
func (m *Module) attention(r *api.Request) (any, error) {
	user, err := m.signedIn(r)
	if err != nil {
		return nil, err
	}
	var in attentionRequest
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if in.MatchID == "" {
		return nil, api.BadRequest("format.error")
	}
	book := true
	if in.Attention != nil {
		book = *in.Attention
	} else if in.Type != nil && in.Type.set {
		book = in.Type.v != 0
	}
	if !book {
		if err := m.cfg.Store.CancelReservation(r.Context(), user, in.MatchID); err != nil {
			return nil, api.Internal(err)
		}
		return AttentionResult{MatchID: in.MatchID, Reservation: "bookable"}, nil
	}
	switch err := m.cfg.Store.Book(r.Context(), user, in.MatchID); {
	case errors.Is(err, postgres.ErrMatchNotFound):
		return nil, ErrMatchNotFound
	case errors.Is(err, postgres.ErrNotBookable):
		return nil, ErrNotBookable
	case err != nil:
		return nil, api.Internal(err)
	}
	return AttentionResult{MatchID: in.MatchID, Reserved: true, Reservation: "booked"}, nil
}

// Booking is one of the user's reservations (favourites): the match and the reservation's state
// of spec §4: booked while the match has not started, then in progress, finished or cancelled
// (the match was cancelled or the user cancelled the booking).
type Booking struct {
	Match    Item   `json:"match"`
	State    string `json:"state"` // booked, inProgress, finished, cancelled
	Notified bool   `json:"notified"`
	Created  int64  `json:"createdAt"`
}

func bookingState(status string, s feed.Status) string {
	switch {
	case status == "cancelled" || s == feed.StatusCancelled:
		return "cancelled"
	case s.InPlay():
		return "inProgress"
	case s == feed.StatusFinished:
		return "finished"
	}
	return "booked"
}

// GET /match/attention/list: the signed-in user's bookings (the Favourites tab), newest match first.
func (m *Module) attentionList(r *api.Request) (any, error) {
	user, err := m.signedIn(r)
	if err != nil {
		return nil, err
	}
	q, err := m.parse(r)
	if err != nil {
		return nil, err
	}
	idx, size := q.page(&m.cfg)
	rows, err := m.cfg.Store.Reservations(r.Context(), user, size, (idx-1)*size)
	if err != nil {
		return nil, api.Internal(err)
	}
	out := []Booking{}
	for i := range rows {
		it := item(&rows[i].Match, false)
		st := bookingState(rows[i].Status, it.Status)
		if st == "booked" {
			it.Reservation = "booked"
		}
		out = append(out, Booking{Match: it, State: st, Notified: rows[i].Notified, Created: rows[i].Created.UnixMilli()})
	}
	return out, nil
}
