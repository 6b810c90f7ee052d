package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func newApplication(t *testing.T, s *postgres.Anchors, user int64) postgres.AnchorRow {
	t.Helper()
	ctx := context.Background()
	ids := make([]int64, 3)
	for i, kind := range []string{"idFront", "idBack", "idHand"} {
		id, err := s.SaveUpload(ctx, postgres.UploadRow{UserID: user, Kind: kind, ContentType: "image/png", Width: 10, Height: 6, Data: []byte{1}})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	return postgres.AnchorRow{UserID: user, RealName: "Li Lei", IDNumber: "11010519491231002X", Phone: "+8613800138000",
		BirthDate: time.Date(1949, 12, 31, 0, 0, 0, 0, time.UTC), Intro: "football talk", LiveContent: "Premier League",
		IDFront: ids[0], IDBack: ids[1], IDHand: ids[2]}
}

// approveStreamers makes each user an approved streamer at now: an application (newApplication)
// submitted and approved by staff member 99.
func approveStreamers(t *testing.T, s *postgres.Anchors, now time.Time, users ...int64) {
	t.Helper()
	ctx := context.Background()
	for _, u := range users {
		if err := s.Submit(ctx, newApplication(t, s, u), now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Review(ctx, u, true, "", 99, now); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAnchorApplicationStates(t *testing.T) {
	s := postgres.NewAnchors(pgtest.NewPool(t))
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	app := newApplication(t, s, 7)

	if _, err := s.Anchor(ctx, 7); !errors.Is(err, postgres.ErrAnchorNotFound) {
		t.Fatalf("before applying: %v", err)
	}
	if err := s.Submit(ctx, app, now); err != nil {
		t.Fatal(err)
	}
	if err := s.Submit(ctx, app, now); !errors.Is(err, postgres.ErrAnchorState) {
		t.Fatalf("applying twice while under review: %v", err)
	}
	if _, err := s.SetBanned(ctx, 7, true, "x", 1, now); !errors.Is(err, postgres.ErrAnchorState) {
		t.Fatalf("banning an application under review: %v", err)
	}
	a, err := s.Review(ctx, 7, false, "blurry photo", 1, now)
	if err != nil || a.Status != postgres.AnchorRejected || a.Reason != "blurry photo" || a.RoomID != "" {
		t.Fatalf("reject: %+v %v", a, err)
	}
	if _, err := s.Review(ctx, 7, true, "", 1, now); !errors.Is(err, postgres.ErrAnchorState) {
		t.Fatalf("approving a rejected application: %v", err)
	}
	if err := s.Submit(ctx, app, now); err != nil {
		t.Fatalf("applying again after a rejection: %v", err)
	}
	if q, err := s.ListByStatus(ctx, postgres.AnchorReview, 10, 0); err != nil || len(q) != 1 || q[0].UserID != 7 {
		t.Fatalf("review queue: %+v %v", q, err)
	}
	a, err = s.Review(ctx, 7, true, "", 1, now)
	if err != nil || a.Status != postgres.AnchorApproved || a.RoomID != "a7" || a.Reason != "" {
		t.Fatalf("approve: %+v %v", a, err)
	}
	rooms := postgres.NewRoomStore(s.Pool(), 1)
	defer rooms.Close()
	if r, found, err := rooms.LoadRoom(ctx, "a7", now); err != nil || !found || r.StreamerID != "u7" {
		t.Fatalf("approval did not create the live room: %+v %v %v", r, found, err)
	}
	if err := s.Submit(ctx, app, now); !errors.Is(err, postgres.ErrAnchorState) {
		t.Fatalf("an approved streamer applied again: %v", err)
	}
	a, err = s.SetBanned(ctx, 7, true, "smoking on stream", 1, now)
	if err != nil || a.Status != postgres.AnchorBanned || a.Reason != "smoking on stream" {
		t.Fatalf("ban: %+v %v", a, err)
	}
	a, err = s.SetBanned(ctx, 7, false, "", 1, now)
	if err != nil || a.Status != postgres.AnchorApproved {
		t.Fatalf("unban: %+v %v", a, err)
	}
}

func TestStreamKeyOpensIngestOnlyWhileBroadcastingAndNotBanned(t *testing.T) {
	s := postgres.NewAnchors(pgtest.NewPool(t))
	ctx := context.Background()
	now := time.Now()
	if err := s.Submit(ctx, newApplication(t, s, 8), now); err != nil {
		t.Fatal(err)
	}
	key := []byte("hash-1")
	if err := s.SetStreamKey(ctx, 8, key, now); !errors.Is(err, postgres.ErrAnchorState) {
		t.Fatalf("key before approval: %v", err)
	}
	if _, err := s.Review(ctx, 8, true, "", 1, now); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStreamKey(ctx, 8, key, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StreamKeyRoom(ctx, key); !errors.Is(err, postgres.ErrStreamKeyRefused) {
		t.Fatalf("key before live was started: %v", err)
	}
	if err := s.SetBroadcasting(ctx, "a8", true); err != nil {
		t.Fatal(err)
	}
	if room, err := s.StreamKeyRoom(ctx, key); err != nil || room != "a8" {
		t.Fatalf("key while broadcasting: %q %v", room, err)
	}
	if err := s.SetStreamKey(ctx, 8, []byte("hash-2"), now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StreamKeyRoom(ctx, key); !errors.Is(err, postgres.ErrStreamKeyRefused) {
		t.Fatalf("rotated-out key still works: %v", err)
	}
	if _, err := s.SetBanned(ctx, 8, true, "rules", 1, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StreamKeyRoom(ctx, []byte("hash-2")); !errors.Is(err, postgres.ErrStreamKeyRefused) {
		t.Fatalf("banned streamer's key works: %v", err)
	}
	if l, err := s.LiveRoom(ctx, "a8"); err != nil || l.Broadcasting {
		t.Fatalf("ban left live started: %+v %v", l, err)
	}
}

func TestLiveRoomSettingsSessionsUnlocksAndList(t *testing.T) {
	pool := pgtest.NewPool(t)
	s := postgres.NewAnchors(pool)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Second)
	approveStreamers(t, s, now, 1, 2)
	cover, _ := s.SaveUpload(ctx, postgres.UploadRow{UserID: 1, Kind: "cover", ContentType: "image/jpeg", Width: 16, Height: 9, Data: []byte{2}})
	want := postgres.LiveRoomRow{RoomID: "a1", StreamerID: 1, Title: "Derby night", MemberOnly: true, Cover: cover, Paid: true, Price: 30,
		ExternalComments: false, Teaser: "kick-off 20:00", DetailIntro: "we watch together", DetailPics: []int64{cover},
		M3U8URL: "https://cdn.example/a.m3u8"}
	if err := s.UpdateLiveRoom(ctx, want); err != nil {
		t.Fatal(err)
	}
	if err := s.SetMatch(ctx, "a1", "m-5", 202, ""); err != nil {
		t.Fatal(err)
	}
	got, err := s.LiveRoom(ctx, "a1")
	want.MatchID, want.GameID = "m-5", 202
	if err != nil || got.Title != want.Title || !got.MemberOnly || got.Cover != cover || !got.Paid || got.Price != 30 ||
		got.ExternalComments || got.Teaser != want.Teaser || got.DetailIntro != want.DetailIntro || len(got.DetailPics) != 1 ||
		got.MatchID != "m-5" || got.GameID != 202 || got.M3U8URL != want.M3U8URL || got.StreamerID != 1 {
		t.Fatalf("live room: %+v %v", got, err)
	}
	if acc, err := s.RoomAccess(ctx, "a1"); err != nil || !acc.MemberOnly || !acc.Paid || acc.Price != 30 || acc.M3U8URL == "" {
		t.Fatalf("room access: %+v %v", acc, err)
	}
	if _, err := s.RoomAccess(ctx, "nope"); !errors.Is(err, postgres.ErrAnchorNotFound) {
		t.Fatalf("unknown room: %v", err)
	}

	if err := s.SetLive(ctx, "a1", true, 0, now); err != nil {
		t.Fatal(err)
	}
	if err := s.SetLive(ctx, "a1", true, 0, now.Add(time.Second)); err != nil { // repeated: one session
		t.Fatal(err)
	}
	if err := s.NotePeakViewers(ctx, "a1", 12); err != nil {
		t.Fatal(err)
	}
	list, err := s.List(ctx, false, 10, 0)
	if err != nil || len(list) != 2 || list[0].RoomID != "a1" || !list[0].Live || list[1].Live {
		t.Fatalf("list puts live rooms first: %+v %v", list, err)
	}
	if live, _ := s.List(ctx, true, 10, 0); len(live) != 1 {
		t.Fatalf("live-only list: %+v", live)
	}
	if err := s.SetLive(ctx, "a1", false, 5, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	sess, err := s.Sessions(ctx, "a1", 10, 0)
	if err != nil || len(sess) != 1 || sess[0].PeakViewers != 12 || !sess[0].EndedAt.Equal(now.Add(time.Hour)) || sess[0].Title != "Derby night" {
		t.Fatalf("sessions: %+v %v", sess, err)
	}

	if _, ok, err := s.Unlocked(ctx, 5, "a1"); err != nil || ok {
		t.Fatalf("unlock before paying: %v %v", ok, err)
	}
	if err := s.RecordUnlock(ctx, 5, "a1", now.Add(24*time.Hour), 30); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordUnlock(ctx, 5, "a1", now.Add(time.Hour), 30); err != nil { // an earlier end never shortens it
		t.Fatal(err)
	}
	if until, ok, err := s.Unlocked(ctx, 5, "a1"); err != nil || !ok || !until.Equal(now.Add(24*time.Hour)) {
		t.Fatalf("unlock: %v %v %v", until, ok, err)
	}

	if _, err := pool.Exec(ctx, `INSERT INTO room_moderators (room_id, user_id, added_by) VALUES ('a1','u9','u1')`); err != nil {
		t.Fatal(err)
	}
	if mods, err := s.Moderators(ctx, "a1"); err != nil || len(mods) != 1 || mods[0].UserID != "u9" || mods[0].AddedBy != "u1" {
		t.Fatalf("moderators: %+v %v", mods, err)
	}
}

func TestUploadsBelongToTheirOwner(t *testing.T) {
	s := postgres.NewAnchors(pgtest.NewPool(t))
	ctx := context.Background()
	id, err := s.SaveUpload(ctx, postgres.UploadRow{UserID: 3, Kind: "detail", ContentType: "image/png", Width: 5, Height: 5, Data: []byte("png")})
	if err != nil {
		t.Fatal(err)
	}
	u, err := s.Upload(ctx, id)
	if err != nil || u.UserID != 3 || string(u.Data) != "png" || u.Kind != "detail" {
		t.Fatalf("upload: %+v %v", u, err)
	}
	if kinds, err := s.UploadKinds(ctx, 4, []int64{id}); err != nil || len(kinds) != 0 {
		t.Fatalf("another user's upload counted: %v %v", kinds, err)
	}
	if kinds, err := s.UploadKinds(ctx, 3, []int64{id, 999}); err != nil || kinds[id] != "detail" || len(kinds) != 1 {
		t.Fatalf("own uploads: %v %v", kinds, err)
	}
	if _, err := s.Upload(ctx, 999); !errors.Is(err, postgres.ErrUploadNotFound) {
		t.Fatalf("missing upload: %v", err)
	}
}

func TestSeedApprovedStreamerCanPushAtOnce(t *testing.T) {
	s := postgres.NewAnchors(pgtest.NewPool(t))
	ctx := context.Background()
	for _, key := range [][]byte{[]byte("k1"), []byte("k2")} { // twice: idempotent, the key is replaced
		if err := s.SeedApproved(ctx, 5, "Demo", "demo-1", key); err != nil {
			t.Fatal(err)
		}
	}
	if room, err := s.StreamKeyRoom(ctx, []byte("k2")); err != nil || room != "demo-1" {
		t.Fatalf("seeded key: %q %v", room, err)
	}
	if _, err := s.StreamKeyRoom(ctx, []byte("k1")); !errors.Is(err, postgres.ErrStreamKeyRefused) {
		t.Fatalf("replaced key still works: %v", err)
	}
	if a, err := s.Anchor(ctx, 5); err != nil || a.Status != postgres.AnchorApproved || a.RoomID != "demo-1" {
		t.Fatalf("seeded anchor: %+v %v", a, err)
	}
}
