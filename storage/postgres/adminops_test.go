package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// The live rooms staff see are those started or on air, searched by room or streamer; a room's
// access is set in one transaction and reported before and after.
func TestStaffLiveRoomsAndAccess(t *testing.T) {
	pool := pgtest.NewPool(t)
	s := postgres.NewAnchors(pool)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	approveStreamers(t, s, now, 1, 2)
	if rows, total, err := s.StaffLiveRooms(ctx, "", 10, 0); err != nil || total != 0 || len(rows) != 0 {
		t.Fatalf("nobody live: %v %d %v", rows, total, err)
	}
	if err := s.SetBroadcasting(ctx, "a2", true); err != nil {
		t.Fatal(err)
	}
	rows, total, err := s.StaffLiveRooms(ctx, "", 10, 0)
	if err != nil || total != 1 || rows[0].RoomID != "a2" || rows[0].StreamerID != 2 || !rows[0].Broadcasting || rows[0].Live {
		t.Fatalf("one started: %+v %d %v", rows, total, err)
	}
	if _, total, _ := s.StaffLiveRooms(ctx, "a1", 10, 0); total != 0 {
		t.Fatalf("search by a room not live: %d", total)
	}
	before, after, err := s.SetRoomAccess(ctx, "a2", true, true, 40)
	if err != nil || before.MemberOnly || before.Paid || !after.MemberOnly || after.Price != 40 {
		t.Fatalf("access: %+v %+v %v", before, after, err)
	}
	if acc, err := s.RoomAccess(ctx, "a2"); err != nil || !acc.MemberOnly || !acc.Paid || acc.Price != 40 {
		t.Fatalf("access read back: %+v %v", acc, err)
	}
	if _, _, err := s.SetRoomAccess(ctx, "nope", true, false, 0); !errors.Is(err, postgres.ErrAnchorNotFound) {
		t.Fatalf("unknown room: %v", err)
	}
}

// The platform's banned words: added once, listed by prefix in any case, removed once.
func TestBannedWords(t *testing.T) {
	w := postgres.NewAdminStore(pgtest.NewPool(t)).BannedWords()
	ctx := context.Background()
	for _, word := range []string{"Idiot*", "kill yourself"} {
		if added, err := w.Add(ctx, word, 7); err != nil || !added {
			t.Fatalf("add %q: %v %v", word, added, err)
		}
	}
	if added, err := w.Add(ctx, "Idiot*", 8); err != nil || added {
		t.Fatalf("added twice: %v %v", added, err)
	}
	rows, total, err := w.Page(ctx, "idi", 10, 0)
	if err != nil || total != 1 || rows[0].Word != "Idiot*" || rows[0].AddedBy != 7 {
		t.Fatalf("page: %+v %d %v", rows, total, err)
	}
	if all, err := w.All(ctx); err != nil || len(all) != 2 {
		t.Fatalf("all: %v %v", all, err)
	}
	if removed, err := w.Remove(ctx, "Idiot*"); err != nil || !removed {
		t.Fatalf("remove: %v %v", removed, err)
	}
	if removed, err := w.Remove(ctx, "Idiot*"); err != nil || removed {
		t.Fatalf("removed twice: %v %v", removed, err)
	}
}

// The dashboard's days count each row in the day of its time, and nothing outside the window.
func TestDashboardDays(t *testing.T) {
	pool := pgtest.NewPool(t)
	ctx := context.Background()
	start := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	for i, paid := range []time.Time{start.Add(time.Hour), start.Add(49 * time.Hour), start.Add(50 * time.Hour), start.Add(-time.Hour), start.AddDate(0, 0, 3)} {
		if _, err := pool.Exec(ctx, `INSERT INTO payment_orders (order_no, user_id, client_key, product, quantity, cny_fen, method,
			currency, amount_minor, state, expires_at, paid_at) VALUES ($1, 1, $1, 'coin', 100, 1000, 'dev', 'CNY', 1000, 'paid', $2, $2)`,
			fmt.Sprint("D", i), paid); err != nil {
			t.Fatal(err)
		}
	}
	days, err := postgres.NewAdminStore(pool).DashboardDays(ctx, start, 3)
	if err != nil || len(days) != 3 {
		t.Fatalf("%v %v", days, err)
	}
	if days[0].Recharges != 1 || days[1].Recharges != 0 || days[2].Recharges != 2 || days[2].RechargeFen != 2000 {
		t.Fatalf("per day: %+v", days)
	}
}
