package matches

import (
	"context"
	"errors"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// AttentionResult is the booking after the call.
type AttentionResult struct {
	MatchID     string `json:"matchId"`
	Reserved    bool   `json:"reserved"`
	Reservation string `json:"reservation"` // booked, or bookable after a cancel
}

// Book books (book true) or cancels viewer's reservation of a match (spec §4 reservations). The
// user's connected sessions get a notice when the match starts (match.Notifier). ErrAuthRequired for
// a guest, ErrInvalidQuery without a match id; booking needs a match that has not started
// (ErrNotBookable) and exists (ErrMatchNotFound).
func (m *Service) Book(ctx context.Context, viewer int64, matchID string, book bool) (AttentionResult, error) {
	if viewer <= 0 {
		return AttentionResult{}, ErrAuthRequired
	}
	if matchID == "" {
		return AttentionResult{}, ErrInvalidQuery
	}
	if !book {
		if err := m.store.CancelReservation(ctx, user(viewer), matchID); err != nil {
			return AttentionResult{}, err
		}
		return AttentionResult{MatchID: matchID, Reservation: "bookable"}, nil
	}
	switch err := m.store.Book(ctx, user(viewer), matchID); {
	case errors.Is(err, postgres.ErrMatchNotFound):
		return AttentionResult{}, ErrMatchNotFound
	case errors.Is(err, postgres.ErrNotBookable):
		return AttentionResult{}, ErrNotBookable
	case err != nil:
		return AttentionResult{}, err
	}
	return AttentionResult{MatchID: matchID, Reserved: true, Reservation: "booked"}, nil
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

// Bookings lists viewer's bookings (the Favourites tab), newest match first, one page of q.
func (m *Service) Bookings(ctx context.Context, q Query, viewer int64) ([]Booking, error) {
	if viewer <= 0 {
		return nil, ErrAuthRequired
	}
	if err := q.validate(); err != nil {
		return nil, err
	}
	idx, size, err := q.page()
	if err != nil {
		return nil, err
	}
	rows, err := m.store.Reservations(ctx, user(viewer), size, (idx-1)*size)
	if err != nil {
		return nil, err
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
