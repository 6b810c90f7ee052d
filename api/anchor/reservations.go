package anchor

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/api/errcode"
	"courtside/api/notice"
	"courtside/storage/postgres"
)

// Reserved broadcasts (issue 17 "Reservations", issue 23 "My bookings"). A streamer announces an
// upcoming broadcast (title, start time, optional linked match): the pre-broadcast teaser of the
// room page. Viewers reserve it; the next go-live of the room from Config.ReserveEarly before the
// announced start (and no later than Config.ReserveLate after it) starts the announcement and tells
// every reserver once, through the message centre (pushed to their open sessions). A reservation's
// state follows spec §4: booked, inProgress, finished, cancelled.

// Reservation states (spec §4 "Reservation"), the same words as a match booking's.
const (
	ReservationBooked     = "booked"     // reserved; the broadcast has not started
	ReservationInProgress = "inProgress" // the broadcast started (the reserver was notified) and is live
	ReservationFinished   = "finished"   // the broadcast started and its stream ended
	ReservationCancelled  = "cancelled"  // the streamer withdrew it, or it lapsed without going live
)

// Announcement limits.
const (
	maxAnnounceTitle = 60
	maxAnnounceAhead = 30 * 24 * time.Hour
)

var (
	// ErrAnnounceTitle: an announcement without a title or with one over 60 characters (6810).
	ErrAnnounceTitle = errcode.New(errcode.BroadcastAnnounceInvalid).WithKey("userarea.announceTitle")
	// ErrAnnounceTime: a start time in the past or more than 30 days away (6810).
	ErrAnnounceTime = errcode.New(errcode.BroadcastAnnounceInvalid).WithKey("userarea.announceTime")
	// ErrAnnounceMatch: a linked match that does not exist or is over (6810).
	ErrAnnounceMatch = errcode.New(errcode.BroadcastAnnounceInvalid).WithKey("userarea.announceMatch")
	// ErrNotAnnounced: no such announcement, or the streamer has none open (6811).
	ErrNotAnnounced = errcode.New(errcode.BroadcastNotAnnounced)
	// ErrNotBookable: the broadcast started, was withdrawn or lapsed (6812).
	ErrNotBookable = errcode.New(errcode.BroadcastNotBookable)
	// ErrReserveOwn: a streamer reserving their own broadcast (6812).
	ErrReserveOwn = errcode.New(errcode.BroadcastNotBookable).WithKey("userarea.reserveOwn")
	// ErrReservationNotFound: nothing to cancel (6813).
	ErrReservationNotFound = errcode.New(errcode.BroadcastReservationNotFound)
)

// AnnounceInput is what a streamer announces.
type AnnounceInput struct {
	Title     string `json:"title"`
	StartTime int64  `json:"startTime"` // Unix milliseconds
	MatchID   string `json:"matchId"`   // optional
}

// Announcement is an announced broadcast as the room page and the streamer centre show it.
type Announcement struct {
	ID           int64           `json:"id"`
	RoomID       string          `json:"roomId"`
	AnchorID     protocol.UserID `json:"anchorId"` // "u<id>"
	Title        string          `json:"title"`
	StartTime    int64           `json:"startTime"`
	MatchID      string          `json:"matchId,omitempty"`
	Reservations int64           `json:"reservations"` // reservers now
	Reserved     bool            `json:"reserved"`     // the caller holds a reservation
	Bookable     bool            `json:"bookable"`     // open and not lapsed
}

func announcementOf(a postgres.AnnouncementRow) Announcement {
	return Announcement{ID: a.ID, RoomID: a.RoomID, AnchorID: protocol.UserID(a.StreamerID), Title: a.Title, StartTime: a.StartsAt.UnixMilli(), MatchID: a.MatchID}
}

// Announce saves the streamer's open announcement (replacing its title, time and match; the
// reservations stay).
func (s *Service) Announce(ctx context.Context, uid int64, in AnnounceInput) (Announcement, error) {
	a, err := s.streamer(ctx, uid, false)
	if err != nil {
		return Announcement{}, err
	}
	in.Title, in.MatchID = strings.TrimSpace(in.Title), strings.TrimSpace(in.MatchID)
	now := s.cfg.Now()
	start := time.UnixMilli(in.StartTime)
	switch {
	case in.Title == "" || tooLong(in.Title, maxAnnounceTitle):
		return Announcement{}, ErrAnnounceTitle
	case in.StartTime <= 0 || !start.After(now) || start.Sub(now) > maxAnnounceAhead:
		return Announcement{}, ErrAnnounceTime
	case tooLong(in.MatchID, 64):
		return Announcement{}, ErrAnnounceMatch
	}
	if in.MatchID != "" {
		if s.d.Matches == nil {
			return Announcement{}, ErrAnnounceMatch
		}
		m, err := s.d.Matches.MatchInfo(ctx, in.MatchID)
		if err != nil {
			return Announcement{}, err
		}
		if !m.Found || m.State == MatchOver {
			return Announcement{}, ErrAnnounceMatch
		}
	}
	row, err := s.d.Store.Announce(ctx, postgres.AnnouncementRow{StreamerID: uid, RoomID: a.RoomID, Title: in.Title, StartsAt: start, MatchID: in.MatchID},
		now, now.Add(-s.cfg.ReserveLate))
	if err != nil {
		return Announcement{}, err
	}
	return s.withReservations(ctx, row, uid)
}

// WithdrawAnnouncement withdraws the streamer's open announcement; its reservations read cancelled.
func (s *Service) WithdrawAnnouncement(ctx context.Context, uid int64) error {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return err
	}
	_, err = s.d.Store.WithdrawAnnouncement(ctx, a.RoomID, s.cfg.Now())
	if errors.Is(err, postgres.ErrAnnouncementNotFound) {
		return ErrNotAnnounced
	}
	return err
}

// RoomAnnouncement is the room's open announcement as viewer (0: a guest) sees it; ok is false when
// there is none or it lapsed.
func (s *Service) RoomAnnouncement(ctx context.Context, room string, viewer int64) (Announcement, bool, error) {
	row, err := s.d.Store.OpenAnnouncement(ctx, room)
	if errors.Is(err, postgres.ErrAnnouncementNotFound) {
		return Announcement{}, false, nil
	}
	if err != nil {
		return Announcement{}, false, err
	}
	if s.lapsed(row) {
		return Announcement{}, false, nil
	}
	out, err := s.withReservations(ctx, row, viewer)
	return out, err == nil, err
}

func (s *Service) lapsed(a postgres.AnnouncementRow) bool {
	return a.StartedAt.IsZero() && s.cfg.Now().After(a.StartsAt.Add(s.cfg.ReserveLate))
}

func (s *Service) withReservations(ctx context.Context, row postgres.AnnouncementRow, viewer int64) (Announcement, error) {
	out := announcementOf(row)
	n, mine, err := s.d.Store.ReservationState(ctx, row.ID, viewer)
	if err != nil {
		return out, err
	}
	out.Reservations, out.Reserved = n, mine && viewer != 0
	out.Bookable = row.StartedAt.IsZero() && row.Withdrawn.IsZero() && !s.lapsed(row)
	return out, nil
}

// Reserve reserves an announced broadcast for uid (a repeat is harmless).
func (s *Service) Reserve(ctx context.Context, uid, id int64) (Announcement, error) {
	row, err := s.d.Store.Announcement(ctx, id)
	if errors.Is(err, postgres.ErrAnnouncementNotFound) {
		return Announcement{}, ErrNotAnnounced
	}
	if err != nil {
		return Announcement{}, err
	}
	switch {
	case row.StreamerID == uid:
		return Announcement{}, ErrReserveOwn
	case !row.StartedAt.IsZero() || !row.Withdrawn.IsZero() || s.lapsed(row):
		return Announcement{}, ErrNotBookable
	}
	if err := s.d.Store.Reserve(ctx, id, uid, s.cfg.Now()); errors.Is(err, postgres.ErrAnnouncementNotFound) {
		return Announcement{}, ErrNotBookable // started or withdrawn in the meantime
	} else if err != nil {
		return Announcement{}, err
	}
	return s.withReservations(ctx, row, uid)
}

// CancelReservation cancels uid's reservation of a broadcast that has not started (GET
// /anchor/cancelReservation).
func (s *Service) CancelReservation(ctx context.Context, uid, id int64) error {
	err := s.d.Store.CancelReservation(ctx, id, uid, s.cfg.Now())
	if errors.Is(err, postgres.ErrReservationNotFound) {
		return ErrReservationNotFound
	}
	return err
}

// ReservedBroadcast is one of the user's reservations in "My bookings".
type ReservedBroadcast struct {
	ID         int64           `json:"id"` // the announcement's
	RoomID     string          `json:"roomId"`
	AnchorID   protocol.UserID `json:"anchorId"` // "u<id>"
	Anchor     string          `json:"anchor"`   // username
	Avatar     string          `json:"avatar"`
	Title      string          `json:"title"`
	StartTime  int64           `json:"startTime"`
	MatchID    string          `json:"matchId,omitempty"`
	State      string          `json:"state"` // booked, inProgress, finished, cancelled
	Notified   bool            `json:"notified"`
	ReservedAt int64           `json:"reservedAt"`
}

// Reservations lists uid's reservations (those they cancelled left out), latest start first.
func (s *Service) Reservations(ctx context.Context, uid int64, limit, offset int) ([]ReservedBroadcast, error) {
	rows, err := s.d.Store.UserReservations(ctx, uid, limit, offset)
	if err != nil {
		return nil, err
	}
	out := make([]ReservedBroadcast, 0, len(rows))
	for _, r := range rows {
		a := r.Announcement
		out = append(out, ReservedBroadcast{ID: a.ID, RoomID: a.RoomID, AnchorID: protocol.UserID(a.StreamerID), Anchor: r.Streamer, Avatar: r.Avatar,
			Title: a.Title, StartTime: a.StartsAt.UnixMilli(), MatchID: a.MatchID, State: s.reservationState(a),
			Notified: !r.NotifiedAt.IsZero(), ReservedAt: r.ReservedAt.UnixMilli()})
	}
	return out, nil
}

// reservationState is the spec §4 state of a (not cancelled) reservation of a.
func (s *Service) reservationState(a postgres.AnnouncementRow) string {
	switch {
	case !a.StartedAt.IsZero() && a.EndedAt.IsZero():
		return ReservationInProgress
	case !a.StartedAt.IsZero():
		return ReservationFinished
	case !a.Withdrawn.IsZero() || s.lapsed(a):
		return ReservationCancelled
	}
	return ReservationBooked
}

// BroadcastStarted is called when room's stream goes live (the media path's live callback). If the
// room's open announcement is due (its start within ReserveEarly ahead or ReserveLate behind), it
// starts and every reserver gets a message-centre notice; the store hands each reservation out
// once, so a stream that drops and comes back, or two nodes hearing it, notify once. It returns
// how many reservers were told.
func (s *Service) BroadcastStarted(ctx context.Context, room string) (int, error) {
	now := s.cfg.Now()
	b, ok, err := s.d.Store.StartAnnounced(ctx, room, now, now.Add(-s.cfg.ReserveLate), now.Add(s.cfg.ReserveEarly), now.Add(-s.cfg.ReserveLate))
	if err != nil || !ok {
		return 0, err
	}
	if s.d.Notices == nil {
		return 0, nil
	}
	name := b.Streamer
	if name == "" {
		name = room
	}
	sent := 0
	for _, uid := range b.Users {
		err := s.d.Notices.Send(ctx, notice.Notice{UserID: uid, Kind: notice.KindLive, Key: "userarea.reservationStarted",
			Args: []string{name, b.Announcement.Title}, Link: "/live/" + room, Dedupe: "reservation:" + strconv.FormatInt(b.Announcement.ID, 10)})
		if err != nil {
			s.log.Warn("anchor: reservation notice", zap.Int64("user", uid), zap.Int64("announcement", b.Announcement.ID), zap.Error(err))
			continue
		}
		sent++
	}
	return sent, nil
}
