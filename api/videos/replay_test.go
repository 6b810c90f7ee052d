package videos_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"courtside/actors/protocol"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/videos"
	"courtside/storage/history"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// replayEnv is an env whose Service reads the rooms' chat history from Postgres.
func replayEnv(t *testing.T, cfg videos.Config) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	e := &env{pool: pool, clock: apitest.NewClock(time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)), heard: &heard{}}
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	cfg.Now = e.clock.Now
	e.dir = cfg.Dir
	svc, err := videos.New(cfg, videos.Deps{Pool: pool, Listener: e.heard, History: postgres.NewHistoryStore(pool)})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	return e
}

// recording makes a ready recording of room for match that started at the clock's time and
// lasts dur.
func (e *env) recording(t *testing.T, room, match string, dur time.Duration) postgres.Video {
	t.Helper()
	ctx := context.Background()
	v, err := e.svc.Store().CreateVideo(ctx, postgres.Video{Kind: postgres.VideoRecording, Title: "Derby night live", GameID: 202,
		MatchID: match, RoomID: room, OwnerID: 9, State: postgres.VideoProcessing}, e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := e.svc.Store().Finished(ctx, v.ID, dur, []string{"source"}, false, e.clock.Now().Add(dur)); err != nil {
		t.Fatal(err)
	}
	v.Duration = dur
	return v
}

// chatLog appends room events to the history; at is from start.
type chatLog struct {
	room  string
	start time.Time
	seq   uint64
	evs   []history.Event
}

func (c *chatLog) line(at time.Duration, uid, text string) string {
	c.seq++
	id := c.room + "-" + strconv.FormatUint(c.seq, 10)
	ts := c.start.Add(at).UnixMilli()
	p := protocol.EncodeEvent(&protocol.Event{Seq: c.seq, K: protocol.KChat, TS: ts, ID: id, UID: uid, Name: "name-" + uid, Text: text})
	c.evs = append(c.evs, history.Event{Room: c.room, Seq: c.seq, ID: id, Time: ts, Kind: protocol.KChat, UserID: uid, Payload: p})
	return id
}

func (c *chatLog) mod(at time.Duration, kind, uid, msg string) {
	c.seq++
	ts := c.start.Add(at).UnixMilli()
	p := protocol.EncodeEvent(&protocol.Event{Seq: c.seq, K: kind, TS: ts, UID: uid, Msg: msg, By: "u1"})
	c.evs = append(c.evs, history.Event{Room: c.room, Seq: c.seq, Time: ts, Kind: kind, UserID: uid, Target: msg, Payload: p})
}

func appendAll(t *testing.T, e *env, c *chatLog) {
	t.Helper()
	if err := postgres.NewHistoryStore(e.pool).Append(context.Background(), c.evs); err != nil {
		t.Fatal(err)
	}
	c.evs = nil
}

func texts(ls []videos.ReplayLine) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return out
}

func code(err error) errcode.Code {
	var ce *errcode.Error
	if errors.As(err, &ce) {
		return ce.Code
	}
	return 0
}

// TestReplayOrderAndWindows: lines come in send order with their offsets from the recording's
// start; a window holds exactly the lines sent in [from, to); lines from before the recording are
// not part of it; a window over MaxReplayLines says where to go on; bad windows are refused.
func TestReplayOrderAndWindows(t *testing.T) {
	t.Parallel()
	e := replayEnv(t, videos.Config{FFmpeg: "-"})
	ctx := context.Background()
	start := e.clock.Now()
	rec := e.recording(t, "rp1", "", 20*time.Minute)
	c := &chatLog{room: "rp1", start: start}
	c.line(-30*time.Second, "u2", "before the stream")
	c.line(0, "u2", "kick-off")
	c.line(1500*time.Millisecond, "u3", "come on")
	c.line(59999*time.Millisecond, "u2", "last of the first minute")
	c.line(60*time.Second, "u4", "first of the second minute")
	c.line(11*time.Minute, "u3", "later")
	appendAll(t, e, c)

	got, err := e.svc.Replay(ctx, rec.ID, 0, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"kick-off", "come on", "last of the first minute"}; fmt.Sprint(texts(got.Lines)) != fmt.Sprint(want) || got.Next != -1 {
		t.Fatalf("first minute: %q next %d, want %q", texts(got.Lines), got.Next, want)
	}
	if got.Lines[1].Offset != 1500 || got.Lines[1].UID != "u3" || got.Lines[1].Name != "name-u3" || got.Lines[2].Offset != 59999 {
		t.Fatalf("offsets or authors: %+v", got.Lines)
	}
	got, err = e.svc.Replay(ctx, rec.ID, time.Minute, 11*time.Minute)
	if err != nil || fmt.Sprint(texts(got.Lines)) != fmt.Sprint([]string{"first of the second minute"}) {
		t.Fatalf("second window: %q %v", texts(got.Lines), err)
	}
	// Seeking back replays the same lines again.
	again, err := e.svc.Replay(ctx, rec.ID, 1*time.Second, 2*time.Second)
	if err != nil || len(again.Lines) != 1 || again.Lines[0].Text != "come on" {
		t.Fatalf("seek back: %+v %v", again.Lines, err)
	}

	for _, w := range []struct{ from, to time.Duration }{{-time.Second, time.Minute}, {time.Minute, time.Minute}, {0, 11 * time.Minute}} {
		if _, err := e.svc.Replay(ctx, rec.ID, w.from, w.to); code(err) != errcode.VideoReplayRange {
			t.Fatalf("window %v–%v: %v, want code %d", w.from, w.to, err, errcode.VideoReplayRange)
		}
	}

	// A crowded window stops at MaxReplayLines and says where to go on.
	c.start = start.Add(15 * time.Minute)
	for i := range videos.MaxReplayLines + 5 {
		c.line(time.Duration(i)*time.Millisecond*100, "u5", "flood "+strconv.Itoa(i))
	}
	appendAll(t, e, c)
	got, err = e.svc.Replay(ctx, rec.ID, 15*time.Minute, 25*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Lines) != videos.MaxReplayLines || got.Lines[0].Text != "flood 0" || got.Next != (15*time.Minute).Milliseconds()+int64(videos.MaxReplayLines)*100 {
		t.Fatalf("crowded window: %d lines, next %d", len(got.Lines), got.Next)
	}
	rest, err := e.svc.Replay(ctx, rec.ID, time.Duration(got.Next)*time.Millisecond, 25*time.Minute)
	if err != nil || len(rest.Lines) != 5 || rest.Lines[0].Text != "flood "+strconv.Itoa(videos.MaxReplayLines) {
		t.Fatalf("rest of the crowded window: %d %v", len(rest.Lines), err)
	}

	// Only ready recordings of a room have a replay.
	up, err := e.svc.Store().CreateVideo(ctx, postgres.Video{Kind: postgres.VideoHighlight, Title: "Upload", State: postgres.VideoReady}, start)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Replay(ctx, up.ID, 0, time.Minute); code(err) != errcode.VideoReplayUnavailable {
		t.Fatalf("an upload's replay: %v", err)
	}
	if _, err := e.svc.Timeline(ctx, up.ID); code(err) != errcode.VideoReplayUnavailable {
		t.Fatalf("an upload's timeline: %v", err)
	}
}

// TestReplayHidesDeletedAndMutedLines: a deleted line never comes back; every line of a user muted
// in the room during the recording (or shortly after it) is hidden, also the lines sent before the
// mute; lines of a user the platform banned are hidden; everybody else's lines stay.
func TestReplayHidesDeletedAndMutedLines(t *testing.T) {
	t.Parallel()
	e := replayEnv(t, videos.Config{FFmpeg: "-"})
	ctx := context.Background()
	start := e.clock.Now()
	rec := e.recording(t, "rp2", "", 10*time.Minute)
	var banned int64
	if err := e.pool.QueryRow(ctx, `INSERT INTO users (username) VALUES ('troll') RETURNING id`).Scan(&banned); err != nil {
		t.Fatal(err)
	}
	bannedUID := "u" + itoa(banned)
	if _, err := e.pool.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'banned')`, banned); err != nil {
		t.Fatal(err)
	}
	c := &chatLog{room: "rp2", start: start}
	c.line(1*time.Second, "u2", "hello")
	bad := c.line(2*time.Second, "u3", "a line a moderator deletes")
	c.line(3*time.Second, "u7", "spam before the mute")
	c.line(4*time.Second, bannedUID, "line of a banned user")
	c.mod(5*time.Second, protocol.KDelete, "", bad)
	c.line(6*time.Second, "u3", "a line that stays")
	c.mod(20*time.Minute, protocol.KMute, "u7", "") // muted after the broadcast, on a report
	c.line(7*time.Second, "u2", "bye")
	// Appended in one batch: the mute is later in time than the lines but Seq order is time order
	// in a room, so sort the batch by time first.
	evs := c.evs
	for i := range evs {
		for j := i + 1; j < len(evs); j++ {
			if evs[j].Time < evs[i].Time {
				evs[i], evs[j] = evs[j], evs[i]
			}
		}
	}
	for i := range evs {
		evs[i].Seq = uint64(i + 1)
		if evs[i].ID != "" {
			if evs[i].ID == bad {
				bad = "rp2-" + strconv.Itoa(i+1)
			}
			evs[i].ID = "rp2-" + strconv.Itoa(i+1)
		}
	}
	for i := range evs {
		if evs[i].Kind == protocol.KDelete {
			evs[i].Target = bad
		}
	}
	appendAll(t, e, c)
	e.clock.Add(30 * time.Minute)

	got, err := e.svc.Replay(ctx, rec.ID, 0, 10*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"hello", "a line that stays", "bye"}; fmt.Sprint(texts(got.Lines)) != fmt.Sprint(want) {
		t.Fatalf("replay shows %q, want %q", texts(got.Lines), want)
	}
}

// incident stores one match incident at start+at.
func incident(t *testing.T, e *env, match string, seq int, at time.Time, typ, name, minute string, key bool) {
	t.Helper()
	body := fmt.Sprintf(`{"match":%q,"seq":%d,"at":%d,"k":"incident","incident":{"type":%q,"team":0,"name":%q,"minute":%q,"key":%v}}`,
		match, seq, at.UnixMilli(), typ, name, minute, key)
	if _, err := e.pool.Exec(context.Background(), `INSERT INTO sport_match_events (match_id, seq, at, kind, body) VALUES ($1,$2,$3,'incident',$4)`,
		match, seq, at, body); err != nil {
		t.Fatal(err)
	}
}

// TestTimelineOffsets: the timeline holds the match's key events while the recording ran, in
// order, each with its offset from the recording's start (the injected clock's time) and a seek
// point five seconds before it; minor events and events outside the recording are left out.
func TestTimelineOffsets(t *testing.T) {
	t.Parallel()
	e := replayEnv(t, videos.Config{FFmpeg: "-"})
	ctx := context.Background()
	start := e.clock.Now()
	rec := e.recording(t, "rp3", "m-tl", 50*time.Minute)
	incident(t, e, "m-tl", 1, start.Add(-2*time.Minute), "goal", "Early", "3'", true)
	incident(t, e, "m-tl", 2, start.Add(3*time.Second), "yellowCard", "Booked", "12'", true)
	incident(t, e, "m-tl", 3, start.Add(10*time.Minute), "substitution", "Sub", "20'", false)
	incident(t, e, "m-tl", 4, start.Add(25*time.Minute+500*time.Millisecond), "goal", "Striker", "67'", true)
	incident(t, e, "m-tl", 5, start.Add(40*time.Minute), "baron", "", "M1 24:10", true)
	incident(t, e, "m-tl", 6, start.Add(51*time.Minute), "goal", "Late", "90+2'", true)

	tl, err := e.svc.Timeline(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Type, Cat, Name string
		Off, Seek       int64
	}
	var got []row
	for _, ev := range tl.Events {
		got = append(got, row{ev.Type, ev.Category, ev.Name, ev.Offset, ev.Seek})
	}
	want := []row{
		{"yellowCard", "card", "Booked", 3000, 0},
		{"goal", "goal", "Striker", (25*time.Minute + 500*time.Millisecond).Milliseconds(), (25*time.Minute - 4500*time.Millisecond).Milliseconds()},
		{"baron", "objective", "", (40 * time.Minute).Milliseconds(), (40*time.Minute - 5*time.Second).Milliseconds()},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("timeline\n got %v\nwant %v", got, want)
	}
	if tl.StartedAt != start.UnixMilli() || tl.DurationSec != 3000 || tl.MatchID != "m-tl" {
		t.Fatalf("timeline head: %+v", tl)
	}
}

// hlsRecording writes a recording's source like the Recorder does: 2-second segments listed in
// segments.txt, from a lavfi clip of secs seconds.
func hlsRecording(t *testing.T, ff, dir string, secs int) {
	t.Helper()
	src := filepath.Join(dir, "source")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(ff, "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:duration="+strconv.Itoa(secs), "-f", "lavfi", "-i", "sine=frequency=440:duration="+strconv.Itoa(secs),
		"-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
		"-f", "hls", "-hls_time", "2", "-hls_list_size", "0", "-hls_segment_filename", filepath.Join(src, "%d.ts"), filepath.Join(src, "gen.m3u8")).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg: %v: %s", err, out)
	}
	pl, err := os.ReadFile(filepath.Join(src, "gen.m3u8"))
	if err != nil {
		t.Fatal(err)
	}
	var list strings.Builder
	var dur float64
	for _, l := range strings.Split(string(pl), "\n") {
		if v, ok := strings.CutPrefix(l, "#EXTINF:"); ok {
			dur, _ = strconv.ParseFloat(strings.TrimSuffix(v, ","), 64)
		} else if strings.HasSuffix(l, ".ts") {
			fmt.Fprintf(&list, "%s %d\n", l, int64(dur*1e6))
		}
	}
	if err := os.WriteFile(filepath.Join(src, "segments.txt"), []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHighlightsOneClipPerEvent: a finished recording gets one highlight job and one clip video
// per major event in it (a minor event and one outside get none), titled from the event; the
// recording's job and a clip's job running twice change nothing; the clips are cut by real ffmpeg
// around their events, listed as highlights of the match, and on the timeline.
func TestHighlightsOneClipPerEvent(t *testing.T) {
	t.Parallel()
	ff := ffmpeg(t)
	e := replayEnv(t, videos.Config{Renditions: []videos.Rendition{{Name: "90p", Height: 90, VideoKbps: 100, AudioKbps: 32}}})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := e.clock.Now()
	rec, err := e.svc.Store().CreateVideo(ctx, postgres.Video{Kind: postgres.VideoRecording, Title: "Derby night live", GameID: 202,
		MatchID: "m-hl", RoomID: "rp4", OwnerID: 9, State: postgres.VideoProcessing}, start)
	if err != nil {
		t.Fatal(err)
	}
	hlsRecording(t, ff, filepath.Join(e.dir, itoa(rec.ID)), 40)
	incident(t, e, "m-hl", 1, start.Add(25*time.Second), "goal", "Striker", "67'", true)
	incident(t, e, "m-hl", 2, start.Add(28*time.Second), "substitution", "Sub", "68'", false)
	incident(t, e, "m-hl", 3, start.Add(36*time.Second), "redCard", "Defender", "70'", true)
	incident(t, e, "m-hl", 4, start.Add(5*time.Minute), "goal", "Too late", "80'", true)

	runAll := func() {
		t.Helper()
		for {
			did, err := e.svc.RunOne(ctx, "w")
			if err != nil {
				t.Fatal(err)
			}
			if !did {
				return
			}
		}
	}
	for range 2 { // the recording's job runs twice
		if _, err := e.svc.Store().Enqueue(ctx, rec.ID, postgres.JobRecording, postgres.JobPriorityRecording, 3, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		runAll()
	}
	hs, err := e.svc.Store().Highlights(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) != 2 || hs[0].Type != "goal" || hs[1].Type != "redCard" {
		t.Fatalf("highlights: %+v", hs)
	}
	if hs[0].Start != 5*time.Second || hs[0].End != 35*time.Second || hs[1].Start != 16*time.Second || hs[1].End < 39*time.Second || hs[1].End > 41*time.Second {
		t.Fatalf("cuts: %+v", hs)
	}
	var jobs int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM video_jobs WHERE kind='highlight'`).Scan(&jobs); err != nil || jobs != 2 {
		t.Fatalf("highlight jobs: %d %v", jobs, err)
	}
	list, total, err := e.svc.List(ctx, videos.Query{GameID: -1, Kind: "highlight", MatchID: "m-hl", Limit: 10})
	if err != nil || total != 2 {
		t.Fatalf("highlights of the match: %d %v", total, err)
	}
	titles := map[string]postgres.Video{}
	for _, v := range list {
		titles[v.Title] = v
		if v.Duration < 20*time.Second || v.Duration > 32*time.Second || v.RoomID != "rp4" {
			t.Fatalf("clip %q lasts %v", v.Title, v.Duration)
		}
		if _, err := os.Stat(filepath.Join(e.dir, itoa(v.ID), "master.m3u8")); err != nil {
			t.Fatalf("clip %q has no playlist: %v", v.Title, err)
		}
	}
	if _, ok := titles["Goal: Striker 67'"]; !ok {
		t.Fatalf("titles: %v", titles)
	}
	if _, ok := titles["Red card: Defender 70'"]; !ok {
		t.Fatalf("titles: %v", titles)
	}

	// Lists show a clip's title in the reader's language.
	for _, v := range e.svc.LocalTitles(ctx, "de", list) {
		if v.Title != "Tor: Striker 67'" && v.Title != "Rote Karte: Defender 70'" {
			t.Fatalf("German title %q", v.Title)
		}
	}

	// A clip's job that runs again leaves the one clip as it is.
	goal := titles["Goal: Striker 67'"]
	if _, err := e.svc.Store().Enqueue(ctx, goal.ID, postgres.JobHighlight, 0, 3, e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	runAll()
	if _, total, _ := e.svc.List(ctx, videos.Query{GameID: -1, Kind: "highlight", MatchID: "m-hl", Limit: 10}); total != 2 {
		t.Fatalf("after a second run of a clip's job: %d highlights", total)
	}
	if v, err := e.svc.Public(ctx, goal.ID); err != nil || v.Duration != goal.Duration {
		t.Fatalf("the clip after its job ran again: %+v %v", v, err)
	}

	tl, err := e.svc.Timeline(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	red := titles["Red card: Defender 70'"]
	if len(tl.Highlights) != 2 || len(tl.Events) != 2 || tl.Events[0].Highlight != goal.ID || tl.Events[1].Highlight != red.ID {
		t.Fatalf("timeline: %+v", tl)
	}
}

// TestHighlightTitle: the title template of the event's kind in the language asked, the player's
// name or else the team's, then the minute; an unknown language falls back to English.
func TestHighlightTitle(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang string
		in   postgres.MatchIncident
		want string
	}{
		{"en_US", postgres.MatchIncident{Type: "goal", Name: "Saka", Minute: "67'"}, "Goal: Saka 67'"},
		{"jp", postgres.MatchIncident{Type: "redCard", Name: "Rice", Minute: "80'"}, "レッドカード：Rice 80'"},
		{"fr", postgres.MatchIncident{Type: "mapWin", TeamName: "Wildmere", Minute: "M2"}, "Carte gagnée : Wildmere M2"},
		{"xx", postgres.MatchIncident{Type: "baron", TeamName: "Nightglass"}, "Objective: Nightglass"},
		{"de", postgres.MatchIncident{Type: "firstBlood", Name: "Faker", Minute: "M1 03:10"}, "Entscheidender Kill: Faker M1 03:10"},
	} {
		if got := videos.HighlightTitle(c.lang, c.in); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.lang, c.in.Type, got, c.want)
		}
	}
}
