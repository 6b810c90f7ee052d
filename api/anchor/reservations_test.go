package anchor_test

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"courtside/api/anchor"
	"courtside/api/errcode"
	"courtside/api/notice"
)

func (e *env) announcement(viewer int64, room string) *anchor.Announcement {
	e.t.Helper()
	var a anchor.AnnouncementAnswer
	e.ok(viewer, "GET", "/anchor/announcement?roomId="+room, nil, &a)
	return a.Announcement
}

func (e *env) reservations(user int64) []anchor.ReservedBroadcast {
	e.t.Helper()
	var l anchor.ReservationList
	e.ok(user, "GET", "/anchor/reservations", nil, &l)
	return l.List
}

func (e *env) stateOf(user, id int64) string {
	e.t.Helper()
	for _, r := range e.reservations(user) {
		if r.ID == id {
			return r.State
		}
	}
	return "absent"
}

func TestAnnouncementRules(t *testing.T) {
	e := newEnv(t)
	e.approvedStreamer(21)
	start := e.clock.Now().Add(2 * time.Hour).UnixMilli()
	e.matches.set("over", anchor.MatchInfo{Found: true, State: anchor.MatchOver})
	e.matches.set("soon", anchor.MatchInfo{Found: true, State: anchor.MatchScheduled, Start: e.clock.Now().Add(3 * time.Hour)})

	e.fails(22, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "x", StartTime: start}, errcode.NotAnchor, "")
	e.fails(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: " ", StartTime: start}, errcode.BroadcastAnnounceInvalid,
		"Give the broadcast a title of at most 60 characters")
	e.fails(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "Derby", StartTime: e.clock.Now().Add(-time.Minute).UnixMilli()},
		errcode.BroadcastAnnounceInvalid, "The start time must be in the future and at most 30 days away")
	e.fails(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "Derby", StartTime: e.clock.Now().Add(31 * 24 * time.Hour).UnixMilli()},
		errcode.BroadcastAnnounceInvalid, "")
	e.fails(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "Derby", StartTime: start, MatchID: "over"},
		errcode.BroadcastAnnounceInvalid, "The linked match does not exist or is already over")

	var a anchor.Announcement
	e.ok(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "Derby preview", StartTime: start, MatchID: "soon"}, &a)
	if a.ID == 0 || a.RoomID != "a21" || a.StartTime != start || a.MatchID != "soon" || !a.Bookable {
		t.Fatalf("announced %+v", a)
	}
	// Announcing again edits the open announcement (same id, reservations kept).
	e.ok(50, "POST", "/anchor/reservation", map[string]int64{"id": a.ID}, nil)
	var b anchor.Announcement
	e.ok(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "Derby preview, live", StartTime: start + 60000}, &b)
	if b.ID != a.ID || b.Title != "Derby preview, live" || b.Reservations != 1 {
		t.Fatalf("re-announced %+v (first %d)", b, a.ID)
	}
	// A guest sees it, without a reservation of their own; user 50 sees theirs.
	if g := e.announcement(0, "a21"); g == nil || g.Reserved || g.Reservations != 1 || !g.Bookable {
		t.Fatalf("guest sees %+v", g)
	}
	if u := e.announcement(50, "a21"); u == nil || !u.Reserved {
		t.Fatalf("user 50 sees %+v", u)
	}
	e.ok(21, "POST", "/anchor/announce/withdraw", nil, nil)
	if g := e.announcement(0, "a21"); g != nil {
		t.Fatalf("withdrawn announcement still shown: %+v", g)
	}
	if st := e.stateOf(50, a.ID); st != anchor.ReservationCancelled {
		t.Fatalf("withdrawn broadcast's reservation is %q", st)
	}
	e.fails(21, "POST", "/anchor/announce/withdraw", nil, errcode.BroadcastNotAnnounced, "")
}

func TestReserveCancelAndNotifyOnceWhenLive(t *testing.T) {
	e := newEnv(t)
	room := e.approvedStreamer(21)
	start := e.clock.Now().Add(2 * time.Hour)
	var a anchor.Announcement
	e.ok(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "Cup final warm-up", StartTime: start.UnixMilli()}, &a)
	id := strconv.FormatInt(a.ID, 10)

	e.fails(0, "POST", "/anchor/reservation", map[string]int64{"id": a.ID}, errcode.AuthRequired, "")
	e.fails(21, "POST", "/anchor/reservation", map[string]int64{"id": a.ID}, errcode.BroadcastNotBookable, "You cannot reserve your own broadcast")
	e.fails(50, "POST", "/anchor/reservation", map[string]int64{"id": a.ID + 1000}, errcode.BroadcastNotAnnounced, "")
	for _, u := range []int64{50, 51, 52} {
		e.ok(u, "POST", "/anchor/reservation", map[string]int64{"id": a.ID}, nil)
	}
	e.ok(50, "POST", "/anchor/reservation", map[string]int64{"id": a.ID}, nil) // a repeat is harmless
	e.ok(52, "GET", "/anchor/cancelReservation?id="+id, nil, nil)
	e.fails(52, "GET", "/anchor/cancelReservation?id="+id, nil, errcode.BroadcastReservationNotFound,
		"You have no reservation of this broadcast to cancel")
	if g := e.announcement(0, room); g.Reservations != 2 {
		t.Fatalf("reservations %d, want 2", g.Reservations)
	}
	if l := e.reservations(50); len(l) != 1 || l[0].State != anchor.ReservationBooked || l[0].Title != "Cup final warm-up" || l[0].Notified {
		t.Fatalf("user 50's reservations %+v", l)
	}
	if l := e.reservations(52); len(l) != 0 {
		t.Fatalf("a cancelled reservation is listed: %+v", l)
	}

	ctx := context.Background()
	// Live two hours early: not this broadcast yet (the window opens an hour before the start).
	if n, err := e.svc.BroadcastStarted(ctx, room); err != nil || n != 0 {
		t.Fatalf("early go-live told %d (%v)", n, err)
	}
	// Half an hour before the start: it starts. Many nodes or a flapping stream calling at once tell
	// each reserver once.
	e.clock.Add(90 * time.Minute)
	if err := e.store.SetLive(ctx, room, true, 0, e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	told := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := e.svc.BroadcastStarted(ctx, room)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			told += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	if told != 2 || e.notices.Sends() != 2 {
		t.Fatalf("told %d, sent %d, want 2 and 2", told, e.notices.Sends())
	}
	for _, u := range []int64{50, 51} {
		ns := e.notices.To(u)
		if len(ns) != 1 || ns[0].Kind != notice.KindLive || ns[0].Key != "userarea.reservationStarted" || ns[0].Link != "/live/"+room ||
			ns[0].Args[1] != "Cup final warm-up" || ns[0].Dedupe != "reservation:"+id {
			t.Fatalf("user %d's notices %+v", u, ns)
		}
	}
	if ns := e.notices.To(52); len(ns) != 0 {
		t.Fatalf("a cancelled reservation was told: %+v", ns)
	}
	if l := e.reservations(50); l[0].State != anchor.ReservationInProgress || !l[0].Notified {
		t.Fatalf("after go-live %+v", l[0])
	}
	// Started: no more reserving, cancelling, nor an open announcement on the room page.
	e.fails(60, "POST", "/anchor/reservation", map[string]int64{"id": a.ID}, errcode.BroadcastNotBookable, "This broadcast can no longer be reserved")
	e.fails(50, "GET", "/anchor/cancelReservation?id="+id, nil, errcode.BroadcastReservationNotFound, "")
	if g := e.announcement(0, room); g != nil {
		t.Fatalf("started announcement still shown %+v", g)
	}

	// The stream ends: finished. It drops and comes back: in progress again, and nobody is told twice.
	if err := e.store.SetLive(ctx, room, false, 3, e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if st := e.stateOf(50, a.ID); st != anchor.ReservationFinished {
		t.Fatalf("after the stream ended: %q", st)
	}
	if n, _ := e.svc.BroadcastStarted(ctx, room); n != 0 || e.notices.Sends() != 2 {
		t.Fatalf("a second go-live told %d", n)
	}
	if st := e.stateOf(50, a.ID); st != anchor.ReservationInProgress {
		t.Fatalf("after the stream came back: %q", st)
	}
}

func TestAnnouncementLapses(t *testing.T) {
	e := newEnv(t)
	room := e.approvedStreamer(21)
	var a anchor.Announcement
	e.ok(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "Late show", StartTime: e.clock.Now().Add(time.Hour).UnixMilli()}, &a)
	e.ok(50, "POST", "/anchor/reservation", map[string]int64{"id": a.ID}, nil)
	e.clock.Add(8 * time.Hour) // 7 hours after the start, never live: lapsed (ReserveLate 6h)
	if g := e.announcement(0, room); g != nil {
		t.Fatalf("lapsed announcement shown %+v", g)
	}
	if st := e.stateOf(50, a.ID); st != anchor.ReservationCancelled {
		t.Fatalf("lapsed reservation %q", st)
	}
	e.fails(51, "POST", "/anchor/reservation", map[string]int64{"id": a.ID}, errcode.BroadcastNotBookable, "")
	if n, _ := e.svc.BroadcastStarted(context.Background(), room); n != 0 {
		t.Fatalf("a lapsed announcement told %d", n)
	}
	// A new announcement replaces the lapsed one.
	var b anchor.Announcement
	e.ok(21, "POST", "/anchor/announce", anchor.AnnounceInput{Title: "Next time", StartTime: e.clock.Now().Add(time.Hour).UnixMilli()}, &b)
	if b.ID == a.ID || b.Reservations != 0 {
		t.Fatalf("new announcement %+v", b)
	}
}
