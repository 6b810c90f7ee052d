package wallet

import (
	"context"
	"fmt"
	"time"

	"courtside/storage/postgres"
)

// Period is a leaderboard window: the current day, the current ISO week, or all time, in the
// wallet's Config.Location.
type Period string

// Periods (the {type} of /gift/leaderboard/{type}).
const (
	PeriodDay  Period = "day"
	PeriodWeek Period = "week"
	PeriodAll  Period = "all"
)

// ParsePeriod accepts day, week and all (also 1, 2, 3 and "total").
func ParsePeriod(s string) (Period, bool) {
	switch s {
	case "day", "1":
		return PeriodDay, true
	case "week", "2":
		return PeriodWeek, true
	case "all", "total", "3":
		return PeriodAll, true
	}
	return "", false
}

// Bucket names the window of p that contains t: "day:2026-11-22", "week:2026-W47", "all". Shared
// state keeps one sorted set per (room, bucket) so a window rolls over without any reset.
func Bucket(p Period, t time.Time, loc *time.Location) string {
	t = t.In(loc)
	switch p {
	case PeriodDay:
		return "day:" + t.Format("2006-01-02")
	case PeriodWeek:
		y, w := t.ISOWeek()
		return fmt.Sprintf("week:%d-W%02d", y, w)
	}
	return "all"
}

// Rank is one leaderboard line: a sender and the coin value of what they gave.
type Rank struct {
	Rank   int   `json:"rank"`
	UserID int64 `json:"userId"`
	Score  int64 `json:"score"`
}

// Leaderboard is the shared state behind the gift leaderboards: per room, per bucket, a score per
// sender. The in-process MemoryLeaderboard serves one node; a Redis Cluster implementation (sorted
// sets, ZINCRBY on "lb:{room}:<bucket>", hash-tagged by room) serves a cluster. Implementations are
// safe for concurrent use.
type Leaderboard interface {
	// Add adds score to userID in every bucket of room that contains at.
	Add(ctx context.Context, room string, userID, score int64, at time.Time) error
	// Top returns the n best of room in the bucket of p containing now, best first (ties by user id).
	Top(ctx context.Context, room string, p Period, now time.Time, n int) ([]Rank, error)
	// Reset forgets everything about room (every room when room is ""), before a rebuild.
	Reset(ctx context.Context, room string) error
}

// RebuildLeaderboard resets lb for room ("" for every room) and replays every gift recorded beside
// the ledger, so the leaderboards equal what the ledger says was given. Gifts sent while it runs
// may be counted twice; run it when the room is quiet or at start-up.
func RebuildLeaderboard(ctx context.Context, store *postgres.WalletStore, lb Leaderboard, room string) (int, error) {
	if err := lb.Reset(ctx, room); err != nil {
		return 0, err
	}
	n := 0
	err := store.ScanGiftSends(ctx, room, time.Time{}, func(g postgres.GiftSendRow) error {
		n++
		return lb.Add(ctx, g.Room, g.Sender, g.Score, g.At)
	})
	if err == nil { // paid messages count like gifts (api/paidmsg)
		var m int
		m, err = replayPaidMessages(ctx, store, lb, room)
		n += m
	}
	return n, err
}

// Top returns the n best senders of room (n clamped to 1..100) in the window of p that contains
// now, by the Service's clock.
func (s *Service) Top(ctx context.Context, room string, p Period, n int) ([]Rank, error) {
	if s.rooms != nil {
		if ok, err := s.rooms.RoomExists(ctx, room); err != nil {
			return nil, err
		} else if !ok {
			return nil, ErrRoomNotFound
		}
	}
	top, err := s.lb.Top(ctx, room, p, s.cfg.Now(), min(max(n, 1), 100))
	// A sender whose only spend was refunded (a paid message removed through no fault of theirs,
	// api/paidmsg) is left at 0: not ranked.
	for len(top) > 0 && top[len(top)-1].Score <= 0 {
		top = top[:len(top)-1]
	}
	return top, err
}

// RebuildLeaderboard rebuilds the Service's leaderboards of room ("" for every room) from the gift
// records; see the package function.
func (s *Service) RebuildLeaderboard(ctx context.Context, room string) (int, error) {
	return RebuildLeaderboard(ctx, s.store, s.lb, room)
}
