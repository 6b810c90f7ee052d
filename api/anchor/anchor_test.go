package anchor_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/anchor"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

func TestApplicationValidation(t *testing.T) {
	e := newEnv(t)
	const user = 11
	base := e.validApplication(user)
	other := e.validApplication(12) // another user's photos
	tests := []struct {
		name string
		user int64
		mut  func(*anchor.Application)
		code errcode.Code
		msg  string
	}{
		{"name is required", user, func(a *anchor.Application) { a.RealName = "  " }, errcode.Application, "Name is required"},
		{"ID number is required", user, func(a *anchor.Application) { a.IDNumber = "" }, errcode.Application, "ID number is required"},
		{"resident ID with a wrong check character", user, func(a *anchor.Application) { a.IDNumber = "110105194912310021" }, errcode.Application, "ID number is invalid"},
		{"other ID form needs a birth date", user, func(a *anchor.Application) { a.IDNumber = "P1234567" }, errcode.Application, "Birth date is required (YYYY-MM-DD)"},
		{"17 by resident ID is refused", user, func(a *anchor.Application) { a.IDNumber = idBornOn("20081123") }, errcode.Underage, "Streamers must be 18 or older"},
		{"17 by birth date is refused", user, func(a *anchor.Application) { a.IDNumber, a.BirthDate = "P1234567", "2008-11-23" }, errcode.Underage, ""},
		{"birth date in the future is refused", user, func(a *anchor.Application) { a.IDNumber, a.BirthDate = "P1234567", "2030-01-01" }, errcode.Underage, ""},
		{"intro is required", user, func(a *anchor.Application) { a.Intro = "" }, errcode.Application, "Personal introduction is required"},
		{"hand-held photo is required", user, func(a *anchor.Application) { a.IDHand = 0 }, errcode.Application, "ID front, back and hand-held photos are required"},
		{"photos in the wrong places are refused", user, func(a *anchor.Application) { a.IDFront, a.IDBack = a.IDBack, a.IDFront }, errcode.Application, ""},
		{"another user's photos are refused", user, func(a *anchor.Application) { a.IDFront = other.IDFront }, errcode.Application, ""},
		{"an account without a bound phone is refused", 404, nil, errcode.PhoneNotBound, "Phone not bound: bind a phone number to your account first"},
		{"guests must sign in", 0, nil, errcode.AuthRequired, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := base
			if tt.user == 404 {
				a = e.validApplication(404)
			}
			if tt.mut != nil {
				tt.mut(&a)
			}
			e.fails(tt.user, "POST", "/V2/anchor/user", a, tt.code, tt.msg)
		})
	}
	t.Run("18 today is accepted", func(t *testing.T) {
		a := e.validApplication(13)
		a.IDNumber = idBornOn("20081122") // the env clock is 2026-11-22
		e.ok(13, "POST", "/V2/anchor/user", a, nil)
	})
}

// idBornOn makes a resident identity number with a valid check character for birth date yyyymmdd.
func idBornOn(yyyymmdd string) string {
	body := "110105" + yyyymmdd + "001"
	w := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i := 0; i < 17; i++ {
		sum += int(body[i]-'0') * w[i]
	}
	return body + string("10X98765432"[sum%11])
}

func TestApplicationStatesAndReview(t *testing.T) {
	e := newEnv(t)
	const user = 21
	var w anchor.Whether
	e.ok(user, "GET", "/anchor/whether", nil, &w)
	if w.Status != "none" || w.IsAnchor {
		t.Fatalf("before applying: %+v", w)
	}
	app := e.validApplication(user)
	e.ok(user, "POST", "/V2/anchor/user", app, nil)
	e.fails(user, "POST", "/V2/anchor/user", app, errcode.AnchorState, "Your application is under review")
	var st anchor.Status
	e.ok(user, "GET", "/anchor/status", nil, &st)
	if st.Status != "review" || st.IDNumber != "110***********002X" || !strings.HasPrefix(st.Phone, "+86") || !strings.Contains(st.Phone, "*") {
		t.Fatalf("status (masked): %+v", st)
	}
	e.fails(user, "GET", "/anchor/liveInfo", nil, errcode.NotAnchor, "You are not a streamer yet")

	// Only administrators review; a rejection needs a reason.
	e.fails(user, "POST", "/admin/anchor/review", anchor.Review{UserID: "u21", Approve: true}, errcode.Forbidden, "Access Denied")
	e.fails(adminID, "POST", "/admin/anchor/review", anchor.Review{UserID: "u21"}, errcode.Format, "")
	var queue struct {
		List  []json.RawMessage
		Total int
	}
	e.ok(adminID, "GET", "/admin/anchor/applications", nil, &queue)
	if len(queue.List) != 1 || queue.Total != 1 || !strings.Contains(string(queue.List[0]), "11010519491231002X") {
		t.Fatalf("review queue shows the full application: %s", queue.List)
	}
	// The ID photos come as signed short-lived URLs: they open without a session (an <img> in the
	// back office), not once tampered with, and not after Config.PhotoURLTTL (10 minutes).
	var photos struct{ IDFront, IDBack, IDHand string }
	if err := json.Unmarshal(queue.List[0], &photos); err != nil || !strings.Contains(photos.IDFront, "?e=") || !strings.Contains(photos.IDHand, "&s=") {
		t.Fatalf("ID photo URLs: %+v %v", photos, err)
	}
	fetch := func(path string) int {
		resp, err := http.Get(e.url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := fetch(photos.IDFront); got != 200 {
		t.Fatalf("signed ID photo URL: %d", got)
	}
	// Tampered: the signature's last character changed (to "0", or to "1" when it is "0" already:
	// replacing it with itself was a flake, one URL in sixteen).
	last := "0"
	if strings.HasSuffix(photos.IDFront, "0") {
		last = "1"
	}
	if got := fetch(photos.IDFront[:len(photos.IDFront)-1] + last); got != 401 && got != 403 {
		t.Fatalf("tampered signed URL: %d", got)
	}
	if got := fetch(strings.Replace(photos.IDFront, "upload/", "upload/1", 1)); got == 200 {
		t.Fatalf("a signature for another picture opened it: %d", got)
	}
	e.clock.Add(11 * time.Minute)
	if got := fetch(photos.IDFront); got != 401 {
		t.Fatalf("expired signed URL: %d", got)
	}
	e.ok(adminID, "POST", "/admin/anchor/review", anchor.Review{UserID: "u21", Reason: "photo unreadable"}, &st)
	if st.Status != "rejected" || st.Reason != "photo unreadable" {
		t.Fatalf("rejected: %+v", st)
	}
	e.fails(adminID, "POST", "/admin/anchor/review", anchor.Review{UserID: "u21", Approve: true}, errcode.AnchorState, "")
	e.ok(user, "POST", "/V2/anchor/user", app, nil) // apply again after a rejection
	e.ok(adminID, "POST", "/admin/anchor/review", anchor.Review{UserID: "u21", Approve: true}, &st)
	e.ok(user, "GET", "/anchor/whether", nil, &w)
	if !w.IsAnchor || w.Status != "approved" || w.RoomID != "a21" {
		t.Fatalf("approved: %+v", w)
	}
	e.fails(user, "POST", "/V2/anchor/user", app, errcode.AnchorState, "")

	// A ban needs a reason, blocks live and shows in whether; lifting it restores.
	e.fails(adminID, "POST", "/admin/anchor/ban", anchor.Ban{UserID: "u21", Banned: true}, errcode.Format, "")
	e.ok(adminID, "POST", "/admin/anchor/ban", anchor.Ban{UserID: "u21", Banned: true, Reason: "smoking"}, nil)
	e.ok(user, "GET", "/anchor/whether", nil, &w)
	if w.IsAnchor || w.Status != "banned" {
		t.Fatalf("banned: %+v", w)
	}
	e.fails(user, "GET", "/anchor/broadcast", nil, errcode.AnchorBanned, "You have been banned from streaming")
	e.fails(user, "POST", "/anchor/streamKey", nil, errcode.AnchorBanned, "")
	e.ok(adminID, "POST", "/admin/anchor/ban", anchor.Ban{UserID: "u21", Banned: false}, nil)
	e.ok(user, "GET", "/anchor/whether", nil, &w)
	if !w.IsAnchor {
		t.Fatalf("ban lifted: %+v", w)
	}
	e.fails(adminID, "POST", "/admin/anchor/ban", anchor.Ban{UserID: "u99", Banned: true, Reason: "x"}, errcode.NotAnchor, "")
}

func TestUploadsChecks(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		name string
		kind string
		data []byte
		key  string
	}{
		{"square detail picture is accepted", "detail", pngBytes(64, 64), ""},
		{"non-square detail picture is refused", "detail", pngBytes(64, 48), "Detail pictures must be square (1:1)"},
		{"a cover may be any shape", "cover", pngBytes(160, 90), ""},
		{"not an image is refused", "cover", []byte("GIF89a not really"), "Upload failed: JPG or PNG up to 3 MB only"},
		{"over 3 MB is refused", "cover", make([]byte, 3<<20+1), "Upload failed: JPG or PNG up to 3 MB only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.upload(1, tt.kind, tt.data)
			if tt.key == "" && r.Env.Status != api.StatusSuccess {
				t.Fatalf("refused: %s", r.Body)
			}
			if tt.key != "" && (r.Env.ErrorCode != errcode.Upload || r.Env.ErrorMsg != tt.key) {
				t.Fatalf("got %d %q, want %q", r.Env.ErrorCode, r.Env.ErrorMsg, tt.key)
			}
		})
	}
	t.Run("ID photos are private, covers public", func(t *testing.T) {
		id := e.uploadID(1, "idFront", 40, 25)
		cover := e.uploadID(1, "cover", 40, 25)
		get := func(user int64, id int64) int {
			req, _ := http.NewRequest("GET", e.url+"/java/anchor/upload/"+itoa(id), nil)
			if user != 0 {
				req.Header.Set("token", "u"+itoa(user))
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		for _, c := range []struct {
			user, id int64
			want     int
		}{{1, id, 200}, {2, id, 403}, {0, id, 401}, {adminID, id, 200}, {0, cover, 200}, {0, 999999, 404}} {
			if got := get(c.user, c.id); got != c.want {
				t.Errorf("user %d upload %d: %d, want %d", c.user, c.id, got, c.want)
			}
		}
	})
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

func TestLiveSettingsValidation(t *testing.T) {
	e := newEnv(t)
	const user = 31
	e.approvedStreamer(user)
	pics := []int64{e.uploadID(user, "detail", 10, 10), e.uploadID(user, "detail", 20, 20), e.uploadID(user, "detail", 30, 30), e.uploadID(user, "detail", 40, 40)}
	cover := e.uploadID(user, "cover", 16, 9)
	stranger := e.uploadID(99, "detail", 10, 10)
	tests := []struct {
		name string
		mut  func(*anchor.Settings)
		msg  string
	}{
		{"title cannot be empty", func(s *anchor.Settings) { s.Title = " " }, "Live title cannot be empty"},
		{"detailed intro is required", func(s *anchor.Settings) { s.DetailIntro = "" }, "Detailed introduction is required"},
		{"at most 3 detail pictures", func(s *anchor.Settings) { s.DetailPics = pics }, "Up to 3 detail pictures"},
		{"detail pictures must be own detail uploads", func(s *anchor.Settings) { s.DetailPics = []int64{stranger} }, ""},
		{"a cover is not a detail picture", func(s *anchor.Settings) { s.DetailPics = []int64{cover} }, ""},
		{"the same picture twice is refused", func(s *anchor.Settings) { s.DetailPics = []int64{pics[0], pics[0]} }, ""},
		{"paid room needs a price", func(s *anchor.Settings) { s.Paid = true }, "Set a price for a paid room"},
		{"external source must be an m3u8 address", func(s *anchor.Settings) { s.M3U8 = "rtmp://x/y" }, "The stream address must be an http(s) .m3u8 address"},
		{"over-long title is refused", func(s *anchor.Settings) { s.Title = strings.Repeat("x", 61) }, "Text is too long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.fails(user, "POST", "/updateAnchor", e.validSettings(user, tt.mut), errcode.Settings, tt.msg)
		})
	}
	t.Run("complete settings are saved", func(t *testing.T) {
		in := e.validSettings(user, func(s *anchor.Settings) {
			s.DetailPics, s.Cover, s.Paid, s.Price, s.MemberOnly, s.M3U8 = pics[:3], cover, true, 50, true, "https://cdn.example/a.m3u8"
		})
		var out anchor.Settings
		e.ok(user, "POST", "/updateAnchor", in, &out)
		if out.Title != in.Title || len(out.DetailPics) != 3 || out.Price != 50 || !out.MemberOnly || out.CoverURL == "" || len(out.DetailPicURLs) != 3 {
			t.Fatalf("saved: %+v", out)
		}
		var info anchor.LiveInfo
		e.ok(user, "GET", "/anchor/liveInfo", nil, &info)
		if info.Settings.Title != in.Title || info.Guide.Server == "" || info.Guide.StreamKey != "" || info.HasStreamKey {
			t.Fatalf("liveInfo: %+v", info)
		}
		// The running room was told once that it is now member-only; saving again without a
		// change of the flag tells it nothing more.
		if told := e.rooms.told(); len(told) != 1 || !strings.HasSuffix(told[0], " true") {
			t.Fatalf("the running room was told %v", told)
		}
		e.ok(user, "POST", "/updateAnchor", in, nil)
		if told := e.rooms.told(); len(told) != 1 {
			t.Fatalf("a save without a change of the flag told the room %v", told)
		}
	})
}

func TestMatchWindowOnLinkAndOnStart(t *testing.T) {
	e := newEnv(t)
	const user = 41
	e.approvedStreamer(user)
	now := e.clock.Now()
	e.matches.set("live", anchor.MatchInfo{Found: true, State: anchor.MatchLive, Start: now.Add(-30 * time.Minute), GameID: 202})
	e.matches.set("soon", anchor.MatchInfo{Found: true, State: anchor.MatchScheduled, Start: now.Add(45 * time.Minute), GameID: 201})
	e.matches.set("later", anchor.MatchInfo{Found: true, State: anchor.MatchScheduled, Start: now.Add(3 * time.Hour)})
	e.matches.set("done", anchor.MatchInfo{Found: true, State: anchor.MatchOver, Start: now.Add(-3 * time.Hour)})
	const window = "Only a match in progress or starting within 1 hour can be streamed"
	tests := []struct {
		name string
		link anchor.MatchLink
		code errcode.Code
		want string
	}{
		{"a match in progress may be linked", anchor.MatchLink{MatchID: "live"}, 0, ""},
		{"a match starting within the hour may be linked", anchor.MatchLink{MatchID: "soon"}, 0, ""},
		{"a match three hours away may not", anchor.MatchLink{MatchID: "later"}, errcode.MatchWindow, window},
		{"a finished match may not", anchor.MatchLink{MatchID: "done"}, errcode.MatchWindow, window},
		{"an unknown match may not", anchor.MatchLink{MatchID: "nope"}, errcode.MatchWindow, ""},
		{"a custom tag needs no match", anchor.MatchLink{CustomTag: "Chat"}, 0, ""},
		{"not both at once", anchor.MatchLink{MatchID: "live", CustomTag: "x"}, errcode.Format, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.code == 0 {
				e.ok(user, "POST", "/anchor/toggleMatchId", tt.link, nil)
				return
			}
			e.fails(user, "POST", "/anchor/toggleMatchId", tt.link, tt.code, tt.want)
		})
	}
	t.Run("starting live re-checks the linked match", func(t *testing.T) {
		e.ok(user, "POST", "/updateAnchor", e.validSettings(user, nil), nil)
		e.ok(user, "POST", "/anchor/toggleMatchId", anchor.MatchLink{MatchID: "soon"}, nil)
		e.ok(user, "GET", "/anchor/broadcast", nil, nil)
		e.ok(user, "GET", "/anchor/downcast", nil, nil)
		e.matches.set("soon", anchor.MatchInfo{Found: true, State: anchor.MatchOver, Start: now.Add(45 * time.Minute)})
		e.fails(user, "GET", "/anchor/broadcast", nil, errcode.MatchWindow, window)
	})
	t.Run("starting live needs complete settings", func(t *testing.T) {
		e.ok(user, "POST", "/anchor/toggleMatchId", anchor.MatchLink{}, nil)
		if _, err := e.store.Pool().Exec(t.Context(), `UPDATE rooms SET title='' WHERE id='a41'`); err != nil {
			t.Fatal(err)
		}
		e.fails(user, "GET", "/anchor/broadcast", nil, errcode.Settings, "Live title cannot be empty")
	})
}

func TestEarningsViews(t *testing.T) {
	e := newEnv(t)
	const user = 51
	e.approvedStreamer(user)
	now := e.clock.Now()
	day := 24 * time.Hour
	e.ledger.income = []anchor.IncomeEntry{
		{At: now.Add(-1 * time.Hour), Amount: 100, Currency: "coin", Gift: "rocket", Quantity: 1, FromUser: 7},
		{At: now.Add(-2 * day), Amount: 30, Currency: "diamond", Gift: "rose", Quantity: 3, FromUser: 8},
		{At: now.Add(-10 * day), Amount: 500, Currency: "coin", Gift: "car", Quantity: 1, FromUser: 9},
		{At: now.Add(-40 * day), Amount: 9999, Currency: "coin", Gift: "old", Quantity: 1},
	}
	tests := []struct {
		days             int
		coins, diamonds  int64
		gifts, lastCoins int
	}{
		{7, 100, 30, 4, 100},
		{14, 600, 30, 5, 100},
		{30, 600, 30, 5, 100},
	}
	for _, tt := range tests {
		var got anchor.Totals
		e.ok(user, "GET", "/anchor/goldTotal?days="+itoa(int64(tt.days)), nil, &got)
		if got.Coins != tt.coins || got.Diamonds != tt.diamonds || got.Gifts != tt.gifts || len(got.Daily) != tt.days ||
			got.Daily[tt.days-1].Coins != int64(tt.lastCoins) || got.Daily[tt.days-1].Date != "2026-11-22" {
			t.Fatalf("%d days: %+v", tt.days, got)
		}
	}
	e.fails(user, "GET", "/anchor/goldTotal?days=5", nil, errcode.Format, "")
	var detail struct {
		Total int
		List  []anchor.DetailEntry
	}
	e.ok(user, "GET", "/anchor/goldDetail?days=30&size=2&page=1", nil, &detail)
	if detail.Total != 3 || len(detail.List) != 2 || detail.List[0].Gift != "rocket" || detail.List[0].FromUser != "u7" {
		t.Fatalf("detail page 1: %+v", detail)
	}
	e.ok(user, "GET", "/anchor/goldDetail?days=30&size=2&page=2", nil, &detail)
	if len(detail.List) != 1 || detail.List[0].Gift != "car" {
		t.Fatalf("detail page 2: %+v", detail)
	}
	e.fails(77, "GET", "/anchor/goldTotal", nil, errcode.NotAnchor, "")
}

func TestPaidRoomUnlockAndPlaybackRules(t *testing.T) {
	e := newEnv(t)
	const streamer, viewer, poor = 61, 62, 63
	room := e.approvedStreamer(streamer)
	e.ok(streamer, "POST", "/updateAnchor", e.validSettings(streamer, func(s *anchor.Settings) {
		s.Paid, s.Price, s.M3U8 = true, 40, "https://cdn.example/a.m3u8"
	}), nil)
	e.ledger.balance[viewer], e.ledger.balance[poor] = 100, 10

	// Not unlocked: the playback call refuses with the unlock prompt; guests must sign in.
	e.fails(viewer, "GET", "/live/playback?roomId="+room, nil, errcode.Playback, "This is a paid room: unlock it to watch")
	e.fails(0, "GET", "/live/playback?roomId="+room, nil, errcode.AuthRequired, "")
	e.fails(poor, "POST", "/orderpay/match/pay/liveUnlock", map[string]string{"roomId": room}, 4007, "Insufficient gold coins")
	var u struct {
		Charged bool
		Until   int64
	}
	e.ok(viewer, "POST", "/orderpay/match/pay/liveUnlock", map[string]string{"roomId": room}, &u)
	if !u.Charged || e.ledger.balance[viewer] != 60 {
		t.Fatalf("unlock: %+v, balance %d", u, e.ledger.balance[viewer])
	}
	e.ok(viewer, "POST", "/orderpay/match/pay/liveUnlock", map[string]string{"roomId": room}, &u)
	if u.Charged || e.ledger.balance[viewer] != 60 {
		t.Fatalf("second unlock charged again: %+v, balance %d", u, e.ledger.balance[viewer])
	}
	// Unlocked, not live: the external source is offered.
	var p struct {
		Live    bool
		Sources []struct{ Kind, URL string }
	}
	e.ok(viewer, "GET", "/live/playback?roomId="+room, nil, &p)
	if p.Live || len(p.Sources) != 1 || p.Sources[0].Kind != "external" || p.Sources[0].URL != "https://cdn.example/a.m3u8" {
		t.Fatalf("playback: %+v", p)
	}
	// A free room cannot be unlocked; a room with neither stream nor source is not live.
	other := e.approvedStreamer(64)
	e.fails(viewer, "POST", "/orderpay/match/pay/liveUnlock", map[string]string{"roomId": other}, errcode.UnlockNotNeeded, "This room is free to watch")
	e.fails(0, "GET", "/live/playback?roomId="+other, nil, errcode.NotLive, "No live broadcast: the streamer is not live yet")
	e.fails(0, "GET", "/live/playback?roomId=nope", nil, errcode.NotFound, "")
}

// TestPicturePixelsAndQuota: each kind of picture has its own pixel cap, read from the header, and
// one user's pictures share a storage quota.
func TestPicturePixelsAndQuota(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		kind string
		w, h int
		msg  string
	}{
		{"cover", 6300, 6300, "The picture has too many pixels: at most 8 megapixels"},
		{"detail", 3000, 3000, "The picture has too many pixels: at most 4 megapixels"},
		{"idFront", 6300, 6300, "The picture has too many pixels: at most 24 megapixels"},
		{"cover", 3840, 2160, ""},
		{"idBack", 4000, 3000, ""},
	} {
		r := e.upload(7, c.kind, apitest.BombPNG(c.w, c.h))
		if c.msg == "" && r.Env.Status != api.StatusSuccess {
			t.Fatalf("%s %d×%d refused: %s", c.kind, c.w, c.h, r.Body)
		}
		if c.msg != "" && (r.Env.ErrorCode != errcode.Upload || r.Env.ErrorMsg != c.msg) {
			t.Fatalf("%s %d×%d: %d %q, want %q", c.kind, c.w, c.h, r.Env.ErrorCode, r.Env.ErrorMsg, c.msg)
		}
	}
	// Quota: 30 MiB of pictures, then refused (pictures of ~2.9 MB of noise).
	noise := make([]byte, 0, 3<<20)
	noise = append(noise, pngBytes(8, 8)...)
	noise = append(noise, make([]byte, 2900_000)...) // trailing bytes after IEND: still a PNG by header
	var last apitest.Response
	for i := 0; i < 12; i++ {
		last = e.upload(8, "cover", noise)
		if last.Env.Status != api.StatusSuccess {
			break
		}
	}
	if last.Env.ErrorCode != errcode.Upload || last.Env.ErrorMsg != "You have reached your picture storage limit of 30 MB" {
		t.Fatalf("12 pictures of 2.9 MB: %d %q", last.Env.ErrorCode, last.Env.ErrorMsg)
	}
	if r := e.upload(9, "cover", noise); r.Env.Status != api.StatusSuccess {
		t.Fatalf("another user is affected: %s", r.Body)
	}
}
