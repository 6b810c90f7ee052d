package postgres_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func record(t *testing.T, s *postgres.RoomStore, a postgres.ModAction) {
	t.Helper()
	var wg sync.WaitGroup
	wg.Add(1)
	var err error
	s.Record(a, func(e error) { err = e; wg.Done() })
	wg.Wait()
	if err != nil {
		t.Fatalf("record %s: %v", a.Op, err)
	}
}

func TestRoomStoreKeepsWhatARoomMustFindAgain(t *testing.T) {
	pool := pgtest.NewPool(t)
	s := postgres.NewRoomStore(pool, 2)
	defer s.Close()
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) // the caller's clock, whatever the database's says
	if _, found, err := s.LoadRoom(ctx, "nope", now); err != nil || found {
		t.Fatalf("unknown room: found=%v err=%v", found, err)
	}
	if err := s.UpsertRoom(ctx, postgres.RoomRow{ID: "r1", Title: "Final", StreamerID: "u1", Open: true, MinLevel: 3}); err != nil {
		t.Fatal(err)
	}
	record(t, s, postgres.ModAction{Room: "r1", Actor: "u1", Op: "addMod", Target: "u2", At: now})
	record(t, s, postgres.ModAction{Room: "r1", Actor: "u2", Op: "mute", Target: "u3", Name: "Troll", Duration: time.Hour, Reason: "spam", At: now})
	record(t, s, postgres.ModAction{Room: "r1", Actor: "u2", Op: "mute", Target: "u4", Duration: time.Hour, At: now})
	record(t, s, postgres.ModAction{Room: "r1", Actor: "u2", Op: "unmute", Target: "u4", At: now})
	record(t, s, postgres.ModAction{Room: "r1", Actor: "u1", Op: "slow", Duration: 5 * time.Second, At: now})
	record(t, s, postgres.ModAction{Room: "r1", Actor: "u1", Op: "close", At: now})
	record(t, s, postgres.ModAction{Room: "r1", Actor: "admin", Op: "platformMute", Target: "u9", Duration: time.Hour, At: now})

	r, found, err := s.LoadRoom(ctx, "r1", now)
	if err != nil || !found {
		t.Fatalf("load: %v %v", found, err)
	}
	if r.Open || r.SlowMode != 5*time.Second || r.MinLevel != 3 || r.StreamerID != "u1" {
		t.Fatalf("settings %+v", r)
	}
	if len(r.Moderators) != 1 || r.Moderators[0] != "u2" {
		t.Fatalf("moderators %v", r.Moderators)
	}
	if len(r.Mutes) != 1 || r.Mutes[0].UserID != "u3" || r.Mutes[0].Name != "Troll" || r.Mutes[0].By != "u2" {
		t.Fatalf("mutes %+v", r.Mutes)
	}
	pm, err := s.PlatformMutes(ctx, now)
	if err != nil || len(pm) != 1 || pm[0].UserID != "u9" {
		t.Fatalf("platform mutes %+v %v", pm, err)
	}
	// An hour later by the caller's clock every mute has run out.
	later := now.Add(time.Hour + time.Second)
	if r, _, err := s.LoadRoom(ctx, "r1", later); err != nil || len(r.Mutes) != 0 {
		t.Fatalf("room mutes an hour later %+v %v", r.Mutes, err)
	}
	if pm, err := s.PlatformMutes(ctx, later); err != nil || len(pm) != 0 {
		t.Fatalf("platform mutes an hour later %+v %v", pm, err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM moderation_actions WHERE room_id='r1'`).Scan(&n); err != nil || n != 7 {
		t.Fatalf("moderation record has %d rows (%v), want 7: every action, who, whom, when, why", n, err)
	}
}

func TestActionsOfOneRoomApplyInTheOrderTheyWereTaken(t *testing.T) {
	pool := pgtest.NewPool(t)
	s := postgres.NewRoomStore(pool, 4)
	ctx := context.Background()
	if err := s.UpsertRoom(ctx, postgres.RoomRow{ID: "r", Open: true}); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for i := 0; i < 50; i++ {
		op := "mute"
		if i%2 == 1 {
			op = "unmute"
		}
		s.Record(postgres.ModAction{Room: "r", Actor: "m", Op: op, Target: "u", Duration: time.Hour, At: at}, nil)
	}
	s.Record(postgres.ModAction{Room: "r", Actor: "m", Op: "mute", Target: "u", Duration: time.Hour, At: at}, nil)
	s.Close() // drains the queues
	r, _, err := s.LoadRoom(ctx, "r", at)
	if err != nil || len(r.Mutes) != 1 {
		t.Fatalf("after mute/unmute x25 then mute: mutes %+v (%v), want the last mute in force", r.Mutes, err)
	}
}

func TestReportsAreStoredOncePerReporter(t *testing.T) {
	pool := pgtest.NewPool(t)
	s := postgres.NewRoomStore(pool, 1)
	defer s.Close()
	for i := 0; i < 3; i++ {
		record(t, s, postgres.ModAction{Room: "r", Actor: "u5", Op: "report", Message: "r-7", Seq: 7, Reason: "attack", At: time.Now()})
	}
	record(t, s, postgres.ModAction{Room: "r", Actor: "u6", Op: "report", Message: "r-7", Seq: 7, Reason: "ads", At: time.Now()})
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM reports WHERE message_id='r-7' AND status='open'`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("reports = %d (%v), want 2", n, err)
	}
	var bad error
	var wg sync.WaitGroup
	wg.Add(1)
	s.Record(postgres.ModAction{Room: "r", Actor: "u7", Op: "report", Message: "r-7", Reason: "boring", At: time.Now()}, func(e error) { bad = e; wg.Done() })
	wg.Wait()
	if bad == nil {
		t.Fatal("a report with a reason outside spec §6 was stored")
	}
}
