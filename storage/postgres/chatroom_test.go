package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// The chatter card's counts: a room's mutes of a user and the reports naming the user's lines, read
// after every action queued before the read is written (no waiting on the queue's callbacks here).
func TestChatterRecordCountsWhatWasQueuedBeforeIt(t *testing.T) {
	pool := pgtest.NewPool(t)
	s := postgres.NewRoomStore(pool, 2)
	defer s.Close()
	ctx := context.Background()
	room := fmt.Sprintf("card%d", time.Now().UnixNano())
	at := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	if err := s.UpsertRoom(ctx, postgres.RoomRow{ID: room, Title: "t", Open: true}); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		s.Record(postgres.ModAction{Room: room, Actor: "u2", Op: "mute", Target: "u7", Duration: time.Minute, At: at.Add(time.Duration(i) * time.Hour)}, nil)
	}
	s.Record(postgres.ModAction{Room: room, Actor: "u2", Op: "mute", Target: "u8", Duration: time.Minute, At: at}, nil)
	s.Record(postgres.ModAction{Room: room, Actor: "u2", Op: "unmute", Target: "u7", At: at}, nil)
	for _, reporter := range []string{"u3", "u4"} {
		s.Record(postgres.ModAction{Room: room, Actor: reporter, Op: "report", Target: "u7", Message: room + "-5", Seq: 5, Reason: "ads", At: at}, nil)
	}
	s.Record(postgres.ModAction{Room: room, Actor: "u5", Op: "report", Message: room + "-6", Seq: 6, Reason: "spam", At: at}, nil) // author unknown
	got, err := s.ChatterRecord(ctx, room, "u7")
	if err != nil || got != (postgres.ChatterRecord{Mutes: 3, Reports: 2}) {
		t.Fatalf("u7's record: %+v %v", got, err)
	}
	if got, _ := s.ChatterRecord(ctx, "other"+room, "u7"); got != (postgres.ChatterRecord{}) {
		t.Fatalf("another room: %+v", got)
	}
}
