package channels_test

import (
	"context"
	"testing"
	"time"

	"courtside/api/account"
	"courtside/api/apitest"
	"courtside/api/audit"
	"courtside/api/channels"
	"courtside/api/errcode"
)

type auditBox struct{ entries []audit.Entry }

func (b *auditBox) Record(_ context.Context, e audit.Entry) error {
	b.entries = append(b.entries, e)
	return nil
}

// Staff who manage channels list every partner's channels with their totals; partners and users
// are refused; each look is audited.
func TestBackOfficeListsEveryChannel(t *testing.T) {
	e := newEnv(t, channels.Config{})
	box := &auditBox{}
	svc, err := channels.New(channels.Config{Now: e.clock.Now, Secret: []byte("test")}, channels.Deps{Pool: e.pool, Audit: box})
	if err != nil {
		t.Fatal(err)
	}
	a := e.partner("a@example.com")
	b := e.partner("b@example.com")
	chA := e.addChannel(a.Token, "A's banner", channels.KindRegister)
	e.addChannel(b.Token, "B's video", channels.KindDownload)
	e.signUp("fan@example.com", chA.Code, "4.4.4.4")

	staff := e.signUp("staff@example.com", "", "10.8.8.8")
	if err := e.accounts.GrantRole(context.Background(), e.uid(staff), account.RoleAdmin, time.Time{}, "test"); err != nil {
		t.Fatal(err)
	}
	var page struct {
		List []struct {
			Code          string `json:"code"`
			Name          string `json:"name"`
			Owner         string `json:"owner"`
			OwnerID       int64  `json:"ownerId"`
			Registrations int64  `json:"registrations"`
			Link          string `json:"link"`
		} `json:"list"`
		Total int `json:"total"`
	}
	apitest.Result(t, e.call("GET", "/admin/channels", nil, staff.Token), &page)
	if page.Total != 3 || len(page.List) != 3 { // A's, B's and the site's default dayan001
		t.Fatalf("staff sees %+v", page)
	}
	if page.List[1].Code != chA.Code || page.List[1].Registrations != 1 || page.List[1].OwnerID != e.uid(a) || page.List[1].Link == "" {
		t.Fatalf("A's channel %+v", page.List[1])
	}
	if page.List[2].Code != "dayan001" {
		t.Fatalf("oldest %+v", page.List[2])
	}
	apitest.Result(t, e.call("GET", "/admin/channels?q=video", nil, staff.Token), &page)
	if page.Total != 1 || page.List[0].Name != "B's video" {
		t.Fatalf("search video: %+v", page)
	}
	apitest.Failure(t, e.call("GET", "/admin/channels", nil, a.Token), errcode.Forbidden, "")
	apitest.Failure(t, e.call("GET", "/admin/channels", nil, ""), errcode.AuthRequired, "")

	// The service audits each look.
	if _, _, err := svc.AllChannels(context.Background(), e.uid(staff), "10.8.8.8", "banner", 20, 0); err != nil {
		t.Fatal(err)
	}
	if len(box.entries) != 1 || box.entries[0].Action != "channel.list" || box.entries[0].ActorID != e.uid(staff) {
		t.Fatalf("audit %+v", box.entries)
	}
}
