package postgres_test

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func TestModPresetsStoreRolesAndStanding(t *testing.T) {
	pool := pgtest.NewPool(t)
	ctx := context.Background()
	rooms := postgres.NewRoomStore(pool, 1)
	defer rooms.Close()
	s := postgres.NewModPresets(pool)

	if _, err := s.Load(ctx, "nope"); !errors.Is(err, postgres.ErrPresetsRoomNotFound) {
		t.Fatalf("unknown room: %v", err)
	}
	var streamer, fan, stranger int64
	for _, p := range []struct {
		id   *int64
		name string
		age  string
	}{{&streamer, "Streamer", "400 days"}, {&fan, "Fan", "30 days"}, {&stranger, "Stranger", "1 day"}} {
		if err := pool.QueryRow(ctx, `INSERT INTO users (username, created_at) VALUES ($1, now() - $2::interval) RETURNING id`,
			p.name, p.age).Scan(p.id); err != nil {
			t.Fatal(err)
		}
	}
	uid := func(id int64) string { return "u" + strconv.FormatInt(id, 10) }
	if err := rooms.UpsertRoom(ctx, postgres.RoomRow{ID: "r9", StreamerID: uid(streamer), Open: true}); err != nil {
		t.Fatal(err)
	}
	record(t, rooms, postgres.ModAction{Room: "r9", Actor: uid(streamer), Op: "addMod", Target: uid(fan), At: time.Now()})
	followed := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if _, err := pool.Exec(ctx, `INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1,$2,$3)`, fan, streamer, followed); err != nil {
		t.Fatal(err)
	}

	got, err := s.Load(ctx, "r9")
	if err != nil || !reflect.DeepEqual(got, postgres.DefaultModPresets()) {
		t.Fatalf("presets before any save = %+v, %v; want the defaults", got, err)
	}
	want := postgres.ModPresetsRow{GoalSlowSecs: 90, GoalSlowInterval: 20, RateThreshold: 12.5, RateAction: "shield",
		RateSlowSecs: 60, RateSlowInterval: 10, ShieldMins: 15, ShieldWords: []string{"scam", "spoiler"}, NewAccountDays: 3,
		FollowersOnly: true, MinFollowMins: 30}
	at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	if err := s.Save(ctx, "r9", want, streamer, at); err != nil {
		t.Fatal(err)
	}
	got, err = s.Load(ctx, "r9")
	want.UpdatedAt = got.UpdatedAt
	if err != nil || !reflect.DeepEqual(got, want) || !got.UpdatedAt.Equal(at) {
		t.Fatalf("presets = %+v, %v; want %+v", got, err, want)
	}

	for _, c := range []struct {
		user int64
		want string
	}{{streamer, "streamer"}, {fan, "moderator"}, {stranger, ""}} {
		if role, err := s.RoomRole(ctx, "r9", c.user); err != nil || role != c.want {
			t.Errorf("role of %d = %q, %v; want %q", c.user, role, err, c.want)
		}
	}
	if r, err := s.StreamerRoom(ctx, streamer); err != nil || r != "r9" {
		t.Errorf("streamer's room = %q, %v", r, err)
	}

	created, f, err := s.Standing(ctx, uid(streamer), uid(fan))
	if err != nil || !f.Equal(followed) || time.Since(created) < 29*24*time.Hour {
		t.Fatalf("fan's standing = %v %v %v", created, f, err)
	}
	if _, f, err := s.Standing(ctx, uid(streamer), uid(stranger)); err != nil || !f.IsZero() {
		t.Fatalf("stranger follows? %v %v", f, err)
	}
	if c, f, err := s.Standing(ctx, uid(streamer), "g-abc"); err != nil || !c.IsZero() || !f.IsZero() {
		t.Fatalf("guest standing = %v %v %v", c, f, err)
	}
}
