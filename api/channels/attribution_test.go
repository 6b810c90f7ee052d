package channels_test

import (
	"context"
	"testing"
	"time"

	"courtside/api/apitest"
	"courtside/api/channels"
	"courtside/api/errcode"
	"courtside/storage/postgres"
)

type stats struct {
	Days []struct {
		Day                              string
		ChannelID                        int64
		Visits, Registrations, Downloads int64
	} `json:"days"`
	Channels []struct {
		ChannelID                        int64
		Visits, Registrations, Downloads int64
	} `json:"channels"`
}

type gold struct {
	Coins    int64                 `json:"coins"`
	Share    struct{ Coins int64 } `json:"share"`
	Channels []struct {
		ChannelID int64
		Coins     int64
		Share     struct{ Coins int64 }
	} `json:"channels"`
}

type page[T any] struct {
	List  []T `json:"list"`
	Total int `json:"total"`
}

type userRow struct {
	Name         string `json:"name"`
	Channel      string `json:"channel"`
	RegisteredAt int64  `json:"registeredAt"`
	Downloaded   bool   `json:"downloaded"`
}

type movement struct {
	User   string `json:"user"`
	Type   string `json:"type"`
	Amount int64  `json:"amount"`
	Share  int64  `json:"share"`
}

// A visit through the link, a reload, a second visitor, a sign-up carrying the code, a download,
// spending and a refund through the ledger: the partner's statistics, users, spend and flow say
// exactly that, computed from the stored events.
func TestAttributionFromVisitToPartnerStatistics(t *testing.T) {
	e := newEnv(t, channels.Config{})
	p := e.partner("partner@example.com")
	ch := e.addChannel(p.Token, "Forum banner", channels.KindRegister)
	if ch.Code == "" || codeOf(ch.Link) != ch.Code || ch.Type != "register" {
		t.Fatalf("channel %+v", ch)
	}
	var v struct{ Counted bool }
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, "", "1.2.3.4", "Firefox"), &v)
	if !v.Counted {
		t.Fatal("first visit not counted")
	}
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, "", "1.2.3.4", "Firefox"), &v)
	if v.Counted {
		t.Fatal("a reload counted twice")
	}
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, "", "1.2.3.5", "Firefox"), &v)
	if !v.Counted {
		t.Fatal("second visitor not counted")
	}
	apitest.Failure(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId=nosuchcode", nil, "", "1.2.3.6", "x"), errcode.ChannelNotFound, "")

	fan := e.signUp("fan@example.com", ch.Code, "1.2.3.4")
	var d struct{ Counted bool }
	apitest.Result(t, e.req("POST", "/promotion/download", map[string]any{"promotionChannelId": ch.Code}, fan.Token, "1.2.3.4", "Firefox"), &d)
	apitest.Result(t, e.req("POST", "/promotion/download", map[string]any{"promotionChannelId": ch.Code}, fan.Token, "1.2.3.4", "Firefox"), &d)
	if d.Counted {
		t.Fatal("a second download of the day counted")
	}
	// The next day the same visitor counts again.
	e.clock.Add(24 * time.Hour)
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, "", "1.2.3.4", "Firefox"), &v)
	if !v.Counted {
		t.Fatal("the next day's visit not counted")
	}
	e.spend(e.uid(fan), 500, postgres.TxnGift)
	e.spend(e.uid(fan), 300, postgres.TxnShop)
	// A refund of part of it comes back from the platform.
	if _, err := e.ledger.Post(context.Background(), postgres.Posting{Key: "refund1", Type: postgres.TxnRefund, UserID: e.uid(fan), At: e.clock.Now(),
		Entries: []postgres.Entry{{Account: postgres.SystemAccount(postgres.KindPlatform, postgres.Coin), Amount: -100},
			{Account: postgres.UserWallet(e.uid(fan), postgres.Coin), Amount: 100}}}); err != nil {
		t.Fatal(err)
	}

	var s stats
	apitest.Result(t, e.call("GET", "/promotion/channel/statistics?days=7", nil, p.Token), &s)
	if len(s.Channels) != 1 || s.Channels[0].Visits != 3 || s.Channels[0].Registrations != 1 || s.Channels[0].Downloads != 1 {
		t.Fatalf("totals %+v", s.Channels)
	}
	if len(s.Days) != 2 || s.Days[0].Day != "2026-11-20" || s.Days[0].Visits != 2 || s.Days[1].Visits != 1 {
		t.Fatalf("days %+v", s.Days)
	}
	var users page[userRow]
	apitest.Result(t, e.call("GET", "/promotion/channel/users", nil, p.Token), &users)
	if users.Total != 1 || users.List[0].Name != "f***n@example.com" || !users.List[0].Downloaded || users.List[0].Channel != "Forum banner" {
		t.Fatalf("users %+v", users)
	}
	var g gold
	apitest.Result(t, e.call("GET", "/promotion/channel/gold?days=30", nil, p.Token), &g)
	if g.Coins != 700 || g.Share.Coins != 70 || len(g.Channels) != 1 || g.Channels[0].Coins != 700 {
		t.Fatalf("gold %+v", g)
	}
	var w page[movement]
	apitest.Result(t, e.call("GET", "/promotion/channel/water?days=30", nil, p.Token), &w)
	if w.Total != 3 {
		t.Fatalf("water %+v", w)
	}
	sum := int64(0)
	for _, m := range w.List {
		sum += m.Amount
	}
	if sum != 700 {
		t.Fatalf("water sums to %d: %+v", sum, w.List)
	}
}

// Twenty visits from one address with changing user agents (a script): the guard counts the first
// BurstMax and drops the rest; another address is unaffected; after the window it counts again.
func TestBurstFromOneSourceIsDropped(t *testing.T) {
	e := newEnv(t, channels.Config{BurstMax: 5, BurstWindow: time.Minute})
	p := e.partner("p@example.com")
	ch := e.addChannel(p.Token, "Ads", channels.KindDownload)
	counted := 0
	for i := range 20 {
		var v struct{ Counted bool }
		apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, "", "6.6.6.6", "bot/"+string(rune('a'+i))), &v)
		if v.Counted {
			counted++
		}
	}
	if counted != 5 {
		t.Fatalf("counted %d of a burst, want 5", counted)
	}
	var v struct{ Counted bool }
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, "", "7.7.7.7", "human"), &v)
	if !v.Counted {
		t.Fatal("another source was dropped")
	}
	e.clock.Add(2 * time.Minute)
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, "", "6.6.6.6", "bot/late"), &v)
	if !v.Counted {
		t.Fatal("the source stays blocked after the window")
	}
	var s stats
	apitest.Result(t, e.call("GET", "/promotion/channel/statistics", nil, p.Token), &s)
	if s.Channels[0].Visits != 7 {
		t.Fatalf("visits %d, want 7", s.Channels[0].Visits)
	}
}

// A user who arrives without a code belongs to dayan001; a third-party sign-up's client may name
// the channel afterwards within the window (addPromotionReg with a token), but not later, and a
// user already on a partner's channel is never moved.
func TestDefaultChannelAndLateAttribution(t *testing.T) {
	e := newEnv(t, channels.Config{AttributionWindow: time.Hour})
	p := e.partner("p@example.com")
	ch := e.addChannel(p.Token, "Stream overlay", channels.KindRegister)
	other := e.addChannel(p.Token, "Newsletter", channels.KindRegister)
	var code string
	u := e.signUp("plain@example.com", "", "2.2.2.2")
	if err := e.pool.QueryRow(context.Background(), `SELECT c.code FROM promotion_events e JOIN promotion_channels c ON c.id = e.channel_id
		WHERE e.kind = 'register' AND e.user_id = $1`, e.uid(u)).Scan(&code); err != nil || code != "dayan001" {
		t.Fatalf("default channel: %q %v", code, err)
	}
	var a struct{ Attributed bool }
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, u.Token, "2.2.2.2", "x"), &a)
	if !a.Attributed {
		t.Fatal("late attribution within the window refused")
	}
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+other.Code, nil, u.Token, "2.2.2.2", "x"), &a)
	if a.Attributed {
		t.Fatal("a partner's user moved to another channel")
	}
	e.clock.Add(2 * time.Hour)
	late := e.signUp("late@example.com", "", "3.3.3.3")
	e.clock.Add(2 * time.Hour)
	apitest.Result(t, e.req("GET", "/promotion/v2/addPromotionReg?promotionChannelId="+ch.Code, nil, late.Token, "3.3.3.3", "x"), &a)
	if a.Attributed {
		t.Fatal("attributed after the window")
	}
	var s stats
	apitest.Result(t, e.call("GET", "/promotion/channel/statistics", nil, p.Token), &s)
	regs := map[int64]int64{}
	for _, c := range s.Channels {
		regs[c.ChannelID] = c.Registrations
	}
	if regs[ch.ID] != 1 || regs[other.ID] != 0 {
		t.Fatalf("registrations %v", regs)
	}
}
