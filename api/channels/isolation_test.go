package channels_test

import (
	"testing"

	"courtside/api/apitest"
	"courtside/api/channels"
	"courtside/api/errcode"
)

// Each partner sees and edits only their own channels, users, statistics and spend; a user
// without the role is refused every partner call.
func TestPartnersSeeOnlyTheirOwnChannels(t *testing.T) {
	e := newEnv(t, channels.Config{})
	a := e.partner("a@example.com")
	b := e.partner("b@example.com")
	chA := e.addChannel(a.Token, "A's banner", channels.KindRegister)
	e.addChannel(b.Token, "B's video", channels.KindDownload)
	fan := e.signUp("fan@example.com", chA.Code, "4.4.4.4")
	e.spend(e.uid(fan), 100, "gift")

	var list struct{ List []channelOut }
	apitest.Result(t, e.call("GET", "/promotion/channel/list", nil, b.Token), &list)
	if len(list.List) != 1 || list.List[0].Name != "B's video" {
		t.Fatalf("B sees %+v", list.List)
	}
	apitest.Failure(t, e.call("POST", "/promotion/channel/save", map[string]any{"id": chA.ID, "name": "hijacked", "type": "register"}, b.Token),
		errcode.ChannelNotFound, "")
	var users page[userRow]
	apitest.Result(t, e.call("GET", "/promotion/channel/users", nil, b.Token), &users)
	if users.Total != 0 {
		t.Fatalf("B sees A's users: %+v", users)
	}
	var g gold
	apitest.Result(t, e.call("GET", "/promotion/channel/gold", nil, b.Token), &g)
	if g.Coins != 0 {
		t.Fatalf("B sees A's spend: %+v", g)
	}
	var w page[movement]
	apitest.Result(t, e.call("GET", "/promotion/channel/water", nil, b.Token), &w)
	if w.Total != 0 {
		t.Fatalf("B sees A's flow: %+v", w)
	}
	apitest.Result(t, e.call("GET", "/promotion/channel/users", nil, a.Token), &users)
	if users.Total != 1 {
		t.Fatalf("A sees %+v", users)
	}
	// A's edit of its own channel works; bad input is refused.
	apitest.Result(t, e.call("POST", "/promotion/channel/save", map[string]any{"id": chA.ID, "name": "A's new banner", "source": "forum", "type": "register"}, a.Token), nil)
	apitest.Failure(t, e.call("POST", "/promotion/channel/save", map[string]any{"name": " ", "type": "register"}, a.Token), errcode.ChannelInvalid, "")
	apitest.Failure(t, e.call("POST", "/promotion/channel/save", map[string]any{"name": "x", "type": "tv"}, a.Token), errcode.ChannelInvalid, "")
	// Not a partner, or not signed in.
	for _, path := range []string{"/promotion/channel/list", "/promotion/channel/users", "/promotion/channel/statistics",
		"/promotion/channel/gold", "/promotion/channel/water"} {
		apitest.Failure(t, e.call("GET", path, nil, fan.Token), errcode.Forbidden, "")
		apitest.Failure(t, e.call("GET", path, nil, ""), errcode.AuthRequired, "")
	}
}

func TestMask(t *testing.T) {
	for in, want := range map[string]string{"a": "a***", "bob": "b***b", "striker9": "st****r9", "+8613800138000": "+86****000"} {
		if got := channels.Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
}
