package account_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

func TestEditProfile(t *testing.T) {
	e := newEnv(t)
	a := e.register("a@example.com", "alice", "alice123")
	e.register("b@example.com", "bob", "bob12345")
	var info struct {
		Username  string `json:"username"`
		Signature string `json:"signature"`
	}
	apitest.Result(t, e.post("/user/modifyUser", map[string]any{"username": "Alice2", "signature": "  Go team!  "}, a.Token), &info)
	if info.Username != "Alice2" || info.Signature != "Go team!" {
		t.Fatalf("after edit: %+v", info)
	}
	apitest.Result(t, e.post("/user/modifyUser", map[string]any{"signature": "only the signature"}, a.Token), &info)
	if info.Username != "Alice2" {
		t.Fatalf("an absent username changed it: %+v", info)
	}
	apitest.Failure(t, e.post("/user/modifyUser", map[string]any{"username": "BOB"}, a.Token), errcode.UsernameTaken, "")
	apitest.Failure(t, e.post("/user/modifyUser", map[string]any{"username": "no-dash"}, a.Token), errcode.BadRequest, "")
	apitest.Failure(t, e.post("/user/modifyUser", map[string]any{"signature": strings.Repeat("字", account.MaxSignature+1)}, a.Token), errcode.BadRequest, "")
	if _, r := e.login("Alice2", "alice123"); r.Env.Status != api.StatusSuccess {
		t.Fatalf("sign-in with the new username: %s", r.Body)
	}
}

func TestBindAndChangePhoneAndEmail(t *testing.T) {
	e := newEnv(t)
	a := e.register("a@example.com", "alice", "alice123")
	b := e.register("b@example.com", "bob", "bob12345")
	code := e.sendCode("13700137000")
	apitest.Failure(t, e.post("/user/V2/mobileOrNameToChange", map[string]any{"type": 2, "areaCode": "86", "mobileOrEmail": "13700137000", "checkCode": wrongCode(code)}, a.Token), errcode.CodeWrong, "")
	var info struct{ Phone, Email string }
	apitest.Result(t, e.post("/user/V2/mobileOrNameToChange", map[string]any{"type": 2, "areaCode": "86", "mobileOrEmail": "13700137000", "checkCode": code}, a.Token), &info)
	if info.Phone != "+8613700137000" {
		t.Fatalf("phone = %q", info.Phone)
	}
	// Bob cannot take Alice's phone, even with a valid code.
	e.clock.Add(61 * time.Second)
	code = e.sendCode("13700137000")
	apitest.Failure(t, e.post("/user/V2/mobileOrNameToChange", map[string]any{"type": 2, "areaCode": "86", "mobileOrEmail": "13700137000", "checkCode": code}, b.Token), errcode.Bound, "")
	// Change e-mail.
	code = e.sendCode("alice.new@example.com")
	apitest.Result(t, e.post("/user/V2/mobileOrNameToChange", map[string]any{"type": 1, "mobileOrEmail": "alice.new@example.com", "checkCode": code}, a.Token), &info)
	if info.Email != "alice.new@example.com" {
		t.Fatalf("email = %q", info.Email)
	}
	apitest.Result(t, e.post("/login/V2/mobileOrNameToLogin", map[string]any{"mobileOrEmail": "alice.new@example.com", "password": "alice123"}, ""), nil)
	apitest.Result(t, e.post("/login/V2/mobileOrNameToLogin", map[string]any{"mobileOrEmail": "13700137000", "areaCode": "86", "password": "alice123"}, ""), nil)
}

func upload(t *testing.T, e *env, token, filename string, data []byte) apitest.Response {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", filename)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	mw.Close()
	h := hdr(token, "", "")
	h.Set("Content-Type", mw.FormDataContentType())
	return apitest.Do(t, e.url, "POST", "/java/user/uploadAvatar", body.String(), h)
}

func testImage(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 200, A: 255})
		}
	}
	return img
}

func TestAvatarUpload(t *testing.T) {
	e := newEnv(t)
	a := e.register("a@example.com", "alice", "alice123")
	var pngBuf, jpgBuf, gifBuf bytes.Buffer
	png.Encode(&pngBuf, testImage(1000, 500))
	jpeg.Encode(&jpgBuf, testImage(300, 600), nil)
	gif.Encode(&gifBuf, testImage(50, 50), nil)

	type result struct{ Avatar string }
	fetch := func(path string) (image.Image, string) {
		resp, err := http.Get(e.url + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d", path, resp.StatusCode)
		}
		img, format, err := image.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("served avatar does not decode: %v", err)
		}
		return img, format
	}

	// The limits a client checks a picture with (GET /user/avatarRules, no session needed) are
	// the ones the upload applies.
	var rules account.AvatarRules
	apitest.Result(t, e.get("/user/avatarRules", ""), &rules)
	if rules.MaxBytes != account.DefaultAvatarMaxBytes || rules.Size != 256 || rules.MaxSide <= 0 || rules.MaxPixels <= 0 || len(rules.Types) != 2 {
		t.Fatalf("avatar rules: %+v", rules)
	}

	var r1 result
	apitest.Result(t, upload(t, e, a.Token, "me.png", pngBuf.Bytes()), &r1)
	img, format := fetch(r1.Avatar)
	if format != "png" || img.Bounds().Dx() != 256 || img.Bounds().Dy() != 256 {
		t.Fatalf("served %s %v, want a 256x256 png", format, img.Bounds())
	}
	// The centred square was kept: its source columns are x = 250..749 and red is x mod 256,
	// so the left column is about 250 (without the crop it would be about 1).
	if c := color.NRGBAModel.Convert(img.At(0, 128)).(color.NRGBA); c.R < 240 || c.B != 200 {
		t.Fatalf("left column colour %v, want red ≈ 250 and blue 200", c)
	}

	// A JPEG named .png is judged by its content; it replaces (and deletes) the old avatar.
	var r2 result
	apitest.Result(t, upload(t, e, a.Token, "looks.png", jpgBuf.Bytes()), &r2)
	if _, format := fetch(r2.Avatar); format != "jpeg" {
		t.Fatalf("format %s, want jpeg", format)
	}
	if resp, _ := http.Get(e.url + r1.Avatar); resp.StatusCode != 404 {
		t.Fatalf("old avatar still served: %d", resp.StatusCode)
	}
	var info struct{ Avatar string }
	apitest.Result(t, e.get("/user/info", a.Token), &info)
	if info.Avatar != r2.Avatar {
		t.Fatalf("profile avatar %q, want %q", info.Avatar, r2.Avatar)
	}

	apitest.Failure(t, upload(t, e, a.Token, "anim.gif", gifBuf.Bytes()), errcode.Avatar, "")
	apitest.Failure(t, upload(t, e, a.Token, "fake.jpg", []byte("this is not an image at all, just text")), errcode.Avatar, "")
	big := append(append([]byte(nil), jpgBuf.Bytes()...), make([]byte, 3<<20)...)
	r := upload(t, e, a.Token, "big.jpg", big)
	apitest.Failure(t, r, errcode.Avatar, "")
	if r.Env.ErrorMsg != "The avatar must be 3 MB or smaller" {
		t.Fatalf("message %q", r.Env.ErrorMsg)
	}
	apitest.Failure(t, upload(t, e, "", "me.png", pngBuf.Bytes()), errcode.AuthRequired, "")
	if resp, _ := http.Get(e.url + "/java/user/avatar/..%2f..%2fetc%2fpasswd"); resp.StatusCode != 404 {
		t.Fatalf("path escape: %d", resp.StatusCode)
	}
}

// An avatar is also served at the smaller sides the site draws it at (?s=, snapped up to
// AvatarThumbSides; issue 19: sized images), in its own format, and a thumbnail made before
// the avatar was replaced is not served after it.
func TestAvatarThumbnails(t *testing.T) {
	e := newEnv(t)
	a := e.register("a@example.com", "alice", "alice123")
	var pngBuf, jpgBuf bytes.Buffer
	png.Encode(&pngBuf, testImage(400, 400))
	jpeg.Encode(&jpgBuf, testImage(300, 300), nil)
	get := func(path string) (int, []byte) {
		resp, err := http.Get(e.url + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, data
	}
	side := func(path, wantFormat string) int {
		code, data := get(path)
		if code != 200 {
			t.Fatalf("GET %s: %d", path, code)
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil || format != wantFormat || cfg.Width != cfg.Height {
			t.Fatalf("GET %s: %s %dx%d %v, want a square %s", path, format, cfg.Width, cfg.Height, err, wantFormat)
		}
		return cfg.Width
	}
	var r1 struct{ Avatar string }
	apitest.Result(t, upload(t, e, a.Token, "me.png", pngBuf.Bytes()), &r1)
	for q, want := range map[string]int{"": 256, "?s=44": 48, "?s=48": 48, "?s=49": 96, "?s=96": 96, "?s=200": 256, "?s=0": 256, "?s=-5": 256, "?s=x": 256} {
		if got := side(r1.Avatar+q, "png"); got != want {
			t.Errorf("%s%s: %d px, want %d", r1.Avatar, q, got, want)
		}
	}
	_, small := get(r1.Avatar + "?s=44")
	_, full := get(r1.Avatar)
	if len(small) >= len(full) {
		t.Errorf("48 px thumbnail %d bytes, the 256 px avatar %d: want smaller", len(small), len(full))
	}
	var r2 struct{ Avatar string }
	apitest.Result(t, upload(t, e, a.Token, "me.jpg", jpgBuf.Bytes()), &r2)
	if got := side(r2.Avatar+"?s=40", "jpeg"); got != 48 {
		t.Errorf("jpeg thumbnail %d px, want 48", got)
	}
	if code, _ := get(r1.Avatar + "?s=44"); code != 404 {
		t.Fatalf("the replaced avatar's thumbnail is still served: %d", code)
	}
}

func TestFollowsAndLists(t *testing.T) {
	e := newEnv(t)
	star := e.register("star@example.com", "star", "star1234")
	var fans []loginResult
	for i := 0; i < 5; i++ {
		fans = append(fans, e.register(fmt.Sprintf("f%d@example.com", i), fmt.Sprintf("fan%d", i), "fan12345"))
	}
	for i, f := range fans {
		e.clock.Add(time.Second)
		var res struct {
			Following bool  `json:"following"`
			Fans      int64 `json:"fans"`
		}
		apitest.Result(t, e.get("/user/followUser?userId="+star.UID, f.Token), &res)
		if !res.Following || res.Fans != int64(i+1) {
			t.Fatalf("follow %d: %+v", i, res)
		}
	}
	apitest.Result(t, e.get("/user/followUser?userId="+star.UID, fans[0].Token), nil) // idempotent
	var has struct{ Following bool }
	apitest.Result(t, e.get("/user/hasFollowUser?userId="+star.UID, fans[0].Token), &has)
	if !has.Following {
		t.Fatal("hasFollowUser false after following")
	}
	type page struct {
		List []struct {
			UserID string `json:"userId"`
			Name   string `json:"name"`
		} `json:"list"`
		Total     int64 `json:"total"`
		PageIndex int   `json:"pageIndex"`
	}
	var p1, p2 page
	apitest.Result(t, e.get("/user/getFollowOrFansH5?type=2&pageIndex=1&pageSize=2", star.Token), &p1)
	apitest.Result(t, e.get("/user/getFollowOrFansH5?type=2&pageIndex=2&pageSize=2", star.Token), &p2)
	if p1.Total != 5 || len(p1.List) != 2 || len(p2.List) != 2 || p1.List[0].Name != "fan4" || p2.List[0].Name != "fan2" {
		t.Fatalf("fans pages: %+v / %+v", p1, p2)
	}
	var following page
	apitest.Result(t, e.get("/user/getFollowOrFansH5?type=1&userId="+fans[0].UID, star.Token), &following)
	if following.Total != 1 || following.List[0].UserID != star.UID {
		t.Fatalf("fan0 follows %+v", following)
	}
	var pub struct {
		Fans      int64 `json:"fans"`
		Following bool  `json:"following"`
		Private   bool  `json:"private"`
		Email     string
	}
	apitest.Result(t, e.get("/user/info?userId="+star.UID, fans[1].Token), &pub)
	if pub.Fans != 5 || !pub.Following || pub.Private || pub.Email != "" {
		t.Fatalf("public profile seen by a fan: %+v", pub)
	}
	apitest.Result(t, e.get("/user/followUser?type=2&userId="+star.UID, fans[0].Token), nil)
	apitest.Result(t, e.get("/user/hasFollowUser?userId="+star.UID, fans[0].Token), &has)
	if has.Following {
		t.Fatal("still following after unfollow")
	}
	apitest.Failure(t, e.get("/user/followUser?userId="+star.UID, star.Token), errcode.BadRequest, "")
	apitest.Failure(t, e.get("/user/followUser?userId=u999999", star.Token), errcode.AccountNotFound, "")
}

func TestPreferences(t *testing.T) {
	e := newEnv(t)
	a := e.register("a@example.com", "alice", "alice123")
	var got map[string]any
	apitest.Result(t, e.get("/user/getUserDataStatus", a.Token), &got)
	if len(got) != 0 {
		t.Fatalf("fresh preferences %v", got)
	}
	apitest.Result(t, e.post("/user/saveUserDataStatus", map[string]any{"danmu": true, "theme": "dark", "games": []int{202, 1}}, a.Token), nil)
	apitest.Result(t, e.get("/user/getUserDataStatus", a.Token), &got)
	if got["theme"] != "dark" || got["danmu"] != true {
		t.Fatalf("preferences %v", got)
	}
	apitest.Failure(t, e.post("/user/saveUserDataStatus", `[1,2]`, a.Token), errcode.Format, "")
	apitest.Failure(t, e.post("/user/saveUserDataStatus", map[string]any{"x": strings.Repeat("a", 9000)}, a.Token), errcode.TooLarge, "")
}

func TestExperienceAndLevels(t *testing.T) {
	for _, tt := range []struct {
		exp  int64
		want int
	}{{0, 1}, {99, 1}, {100, 2}, {299, 2}, {300, 3}, {1000, 5}, {4500, 10}, {1 << 40, account.MaxLevel}} {
		if got := account.Level(tt.exp); got != tt.want {
			t.Errorf("Level(%d) = %d, want %d", tt.exp, got, tt.want)
		}
	}
	e := newEnv(t)
	a := e.register("a@example.com", "alice", "alice123")
	u, err := e.svc.Authenticate(context.Background(), a.Token)
	if err != nil {
		t.Fatal(err)
	}
	if u.Experience != account.DefaultDailyExperience {
		t.Fatalf("experience after the first sign-in of the day = %d, want %d", u.Experience, account.DefaultDailyExperience)
	}
	// A second sign-in the same day adds nothing; the next day adds again.
	e.login("alice", "alice123")
	e.clock.Add(24 * time.Hour)
	e.login("alice", "alice123")
	lvl, err := e.svc.AddExperience(context.Background(), u.ID, 85)
	if err != nil || lvl != 2 {
		t.Fatalf("AddExperience: level %d, %v; want 2 (105 points)", lvl, err)
	}
	u, _ = e.svc.Authenticate(context.Background(), a.Token)
	if u.Experience != 105 || u.Level != 2 {
		t.Fatalf("user %d exp, level %d; want 105, 2", u.Experience, u.Level)
	}
}

// TestCallsAboutAnUnknownUserAreNotFound: hasFollowUser of a user who does not exist is 2012 (404), not
// "not following".
func TestCallsAboutAnUnknownUserAreNotFound(t *testing.T) {
	e := newEnv(t)
	a := e.register("asker@example.com", "asker", "asker123")
	apitest.Failure(t, e.get("/user/hasFollowUser?userId=u99999999", a.Token), errcode.AccountNotFound, "")
	apitest.Result(t, e.get("/user/hasFollowUser?userId="+a.User.UserID, a.Token), nil)
}
