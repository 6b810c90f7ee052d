package anchor_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"courtside/actors/match/feed"
	"courtside/api"
	"courtside/api/anchor"
	"courtside/api/errcode"
	"courtside/api/matches"
	"courtside/gateway/media"
)

// finder is the match module's list of linkable matches for the tests.
type finder struct {
	mu    sync.Mutex
	items []matches.Item
}

func (f *finder) StreamCandidates(time.Time) []matches.Item {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]matches.Item(nil), f.items...)
}

func (e *env) setScore(it matches.Item) {
	e.scores.mu.Lock()
	if e.scores.m == nil {
		e.scores.m = map[string]matches.Item{}
	}
	e.scores.m[it.ID] = it
	e.scores.mu.Unlock()
}

// streamerWithKey makes user an approved streamer with complete settings, live started and a stream
// key; it returns the room and the key.
func (e *env) streamerWithKey(user int64) (string, string) {
	e.t.Helper()
	room := e.approvedStreamer(user)
	e.ok(user, "POST", "/updateAnchor", e.validSettings(user, nil), nil)
	var guide media.OBSGuide
	e.ok(user, "POST", "/anchor/streamKey", nil, &guide)
	e.ok(user, "GET", "/anchor/broadcast", nil, nil)
	return room, guide.StreamKey
}

// TestAllowListRules: addIpWhite accepts addresses and networks, refuses nonsense, over-wide networks,
// long notes, unknown actions, removing what is not there and a list past its limit.
func TestAllowListRules(t *testing.T) {
	e := newEnv(t)
	const user = 81
	e.approvedStreamer(user)
	var l anchor.SourceList
	e.ok(user, "GET", "/addIpWhite", nil, &l)
	if l.Enforced || len(l.List) != 0 || l.Max != 20 {
		t.Fatalf("empty list: %+v", l)
	}
	e.ok(user, "GET", "/addIpWhite?ip=203.0.113.9&note=studio", nil, &l)
	e.ok(user, "GET", "/addIpWhite?action=add&ip=2001:db8::/48", nil, &l)
	e.ok(user, "GET", "/addIpWhite?action=add&ip=198.51.100.77/24", nil, &l) // masked to the network
	e.ok(user, "GET", "/addIpWhite?action=add&ip=::ffff:192.0.2.1", nil, &l) // read as IPv4
	got := []string{}
	for _, x := range l.List {
		got = append(got, x.Address)
	}
	if want := "192.0.2.1/32 198.51.100.0/24 203.0.113.9/32 2001:db8::/48"; strings.Join(got, " ") != want || !l.Enforced {
		t.Fatalf("list %v, want %s", got, want)
	}
	if l.List[2].Note != "studio" || l.List[2].CreatedAt == 0 {
		t.Fatalf("entry: %+v", l.List[2])
	}
	for _, bad := range []string{"nonsense", "300.1.1.1", "0.0.0.0/0", "10.0.0.0/7", "::/0", "2001:db8::/15", "fe80::1%25eth0", ""} {
		e.fails(user, "GET", "/addIpWhite?action=add&ip="+bad, nil, errcode.StreamSourceInvalid, "")
	}
	e.fails(user, "GET", "/addIpWhite?ip=10.1.1.1&note="+strings.Repeat("n", 41), nil, errcode.StreamSourceInvalid, "")
	e.fails(user, "GET", "/addIpWhite?action=drop&ip=10.1.1.1", nil, errcode.StreamSourceAction,
		"Unknown action: use add, remove or list")
	e.fails(user, "GET", "/addIpWhite?action=remove&ip=10.9.9.9", nil, errcode.StreamSourceNotListed,
		"This address is not on your allow-list")
	e.ok(user, "GET", "/addIpWhite?action=remove&ip=198.51.100.0/24", nil, &l)
	if len(l.List) != 3 {
		t.Fatalf("after remove: %+v", l)
	}
	for i := 0; len(l.List) < 20; i++ {
		e.ok(user, "GET", "/addIpWhite?ip=10.0.0."+strconv.Itoa(i), nil, &l)
	}
	e.fails(user, "GET", "/addIpWhite?ip=10.0.1.1", nil, errcode.StreamSourceListFull, "")
	e.ok(user, "GET", "/addIpWhite?ip=10.0.0.0&note=again", nil, &l) // already listed: a new note, no new entry
	if len(l.List) != 20 {
		t.Fatalf("a repeated entry changed the count: %d", len(l.List))
	}
	// Not a streamer: 2101.
	e.fails(82, "GET", "/addIpWhite", nil, errcode.NotAnchor, "")
}

// TestAddIpWhiteRefusesAForgedRequest: the allow-list changes state on GET, so a request that only
// carries the session cookie and comes from a foreign page is not the streamer (1002), and the list
// is unchanged; the site's own client (token header) is.
func TestAddIpWhiteRefusesAForgedRequest(t *testing.T) {
	e := newEnv(t)
	const user = 83
	e.approvedStreamer(user)
	for _, hdr := range []map[string]string{{"Sec-Fetch-Site": "cross-site"}, {"Referer": "https://evil.example/x"}, {}} {
		req, _ := http.NewRequest("GET", e.url+"/java/addIpWhite?ip=198.51.100.1", nil)
		req.AddCookie(&http.Cookie{Name: "token", Value: "u83"})
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(raw), `"errorCode":1002`) {
			t.Fatalf("forged addIpWhite %v: %s", hdr, raw)
		}
	}
	var l anchor.SourceList
	e.ok(user, "GET", "/addIpWhite", nil, &l)
	if len(l.List) != 0 {
		t.Fatalf("a forged request changed the list: %+v", l)
	}
}

// TestStreamableMatchesPicker: the picker offers matches in play and those starting within the
// hour, filtered by team, competition or game words.
func TestStreamableMatchesPicker(t *testing.T) {
	e := newEnv(t)
	const user = 84
	e.approvedStreamer(user)
	now := e.clock.Now()
	e.finder.items = []matches.Item{
		{ID: "live1", HomeName: "Arsenal", AwayName: "Chelsea", LeagueName: "Premier League", GameName: "Football", Status: feed.StatusLive, StartTime: now.Add(-40 * time.Minute).UnixMilli()},
		{ID: "soon1", HomeName: "Lakers", AwayName: "Celtics", LeagueName: "NBA", GameName: "Basketball", Status: feed.StatusNotStarted, StartTime: now.Add(30 * time.Minute).UnixMilli()},
		{ID: "late1", HomeName: "T1", AwayName: "Gen.G", LeagueName: "LCK", GameName: "LoL", Status: feed.StatusNotStarted, StartTime: now.Add(2 * time.Hour).UnixMilli()},
		{ID: "over1", HomeName: "Arsenal", AwayName: "Spurs", LeagueName: "Premier League", GameName: "Football", Status: feed.StatusFinished, StartTime: now.Add(-3 * time.Hour).UnixMilli()},
	}
	ids := func(q string) string {
		var r struct{ List []matches.Item }
		e.ok(user, "GET", "/anchor/streamableMatches?q="+q, nil, &r)
		out := []string{}
		for _, it := range r.List {
			out = append(out, it.ID)
		}
		return strings.Join(out, ",")
	}
	for q, want := range map[string]string{"": "live1,soon1", "arsenal": "live1", "premier+league": "live1", "NBA": "soon1",
		"lck": "", "celtics+lakers": "soon1", "basketball": "soon1", "chelsea+nba": ""} {
		if got := ids(q); got != want {
			t.Errorf("q=%q: %q, want %q", q, got, want)
		}
	}
	e.fails(85, "GET", "/anchor/streamableMatches", nil, errcode.NotAnchor, "")
}

// TestIngestAllowListRefusesAPushAtTheIngest pushes with ffmpeg through the real RTMP ingest: the
// guide's address is the ingest's own, a key's hint is shown; with an allow-list that does not hold
// 127.0.0.1 the push is refused and logged with the reason, also by a second node's ingest that
// shares nothing with the first but the store; once 127.0.0.1 is listed the push goes live, and the
// live link details show the linked match and the stream's bitrate and frame rate measured at the
// ingest, with samples for the chart.
func TestIngestAllowListRefusesAPushAtTheIngest(t *testing.T) {
	ffmpeg := ffmpegOrSkip(t)
	core, logs := observer.New(zap.InfoLevel)
	e := newEnvWith(t, func(c *media.Config) { c.HealthEvery = 300 * time.Millisecond; c.Logger = zap.New(core) })
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	serve := func(h *media.Hub) net.Addr {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- h.Serve(ctx, ln) }()
		t.Cleanup(func() { cancel(); <-done })
		return ln.Addr()
	}
	addr := serve(e.hub)

	const user = 86
	room, key := e.streamerWithKey(user)
	e.matches.set("m86", anchor.MatchInfo{Found: true, State: anchor.MatchLive, Start: e.clock.Now().Add(-time.Hour), GameID: 1})
	e.setScore(matches.Item{ID: "m86", GameID: 1, HomeName: "Arsenal", AwayName: "Chelsea", HomeScore: 2, AwayScore: 1, Status: feed.StatusLive})
	e.ok(user, "POST", "/anchor/toggleMatchId", anchor.MatchLink{MatchID: "m86"}, nil)

	var ip anchor.AnchorIP
	e.ok(user, "GET", "/getAnchorIP", nil, &ip)
	port := addr.(*net.TCPAddr).Port
	if want := "rtmp://127.0.0.1:" + strconv.Itoa(port) + "/live"; ip.Server != want || ip.Port != port || ip.App != "live" || ip.Configured {
		t.Fatalf("getAnchorIP %+v, want server %s", ip, want)
	}
	if !ip.HasStreamKey || ip.StreamKeyHint != "cs_…"+key[len(key)-4:] || ip.Sources.Enforced {
		t.Fatalf("getAnchorIP key and list: %+v", ip)
	}

	e.ok(user, "GET", "/addIpWhite?ip=192.0.2.0/24&note=studio", nil, nil)
	if out, err := pushCmd(ctx, ffmpeg, ip.Server+"/"+key, "2").CombinedOutput(); err == nil {
		t.Fatalf("a push from an address off the allow-list was accepted: %s", out)
	}
	if e.hub.Live(room) {
		t.Fatal("room live after a refused push")
	}
	refusals := func() int {
		n := 0
		for _, l := range logs.FilterMessageSnippet("not on the streamer's allow-list").All() {
			if l.ContextMap()["room"] == room && l.ContextMap()["source"] == "127.0.0.1" {
				n++
			}
		}
		return n
	}
	if refusals() != 1 {
		t.Fatalf("the refusal was not logged with its reason: %v", logs.All())
	}

	// Another node: its own Hub, the same store. The list edited through the first holds here.
	ms := anchor.MediaStore{Store: e.store}
	other := media.New(media.Config{Logger: zap.New(core)}, media.Deps{Keys: ms, Rooms: ms, Sources: ms})
	otherAddr := serve(other)
	if out, err := pushCmd(ctx, ffmpeg, "rtmp://"+otherAddr.String()+"/live/"+key, "2").CombinedOutput(); err == nil {
		t.Fatalf("the second node accepted a push off the allow-list: %s", out)
	}
	if refusals() != 2 {
		t.Fatal("the second node's refusal was not logged")
	}

	e.ok(user, "GET", "/addIpWhite?ip=127.0.0.1&note=this+machine", nil, nil)
	push := pushCmd(ctx, ffmpeg, ip.Server+"/"+key, "30")
	if err := push.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = push.Process.Kill(); _ = push.Wait() }()
	waitUntil(t, 15*time.Second, "room live from a listed address", func() bool { return e.hub.Live(room) })

	var d anchor.LinkDetailsAnswer
	waitUntil(t, 15*time.Second, "health measured and sampled", func() bool {
		r := e.call(user, "GET", "/anchor/liveLinkDetails", nil)
		if r.Env.Status != api.StatusSuccess {
			t.Fatalf("liveLinkDetails: %s", r.Body)
		}
		d = anchor.LinkDetailsAnswer{}
		_ = json.Unmarshal(r.Env.Result, &d)
		return d.Live && d.BitrateKbps > 0 && d.FPS > 0 && len(d.Samples) >= 2
	})
	if d.Match == nil || d.Match.ID != "m86" || d.Match.HomeScore != 2 || d.MatchID != "m86" || !d.Broadcasting {
		t.Fatalf("linked match: %+v", d)
	}
	// ffmpeg sends 25 fps of a small picture: the measure is near that, not a claimed figure.
	if d.FPS < 15 || d.FPS > 35 {
		t.Fatalf("fps measured %.1f, want about 25", d.FPS)
	}
	last := d.Samples[len(d.Samples)-1]
	if last.BitrateKbps <= 0 || last.FPS <= 0 || last.Time == 0 {
		t.Fatalf("samples: %+v", d.Samples)
	}
	t.Logf("measured %d kbps, %.1f fps, %d samples", d.BitrateKbps, d.FPS, len(d.Samples))
}
