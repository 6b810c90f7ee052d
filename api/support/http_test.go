package support_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/locale"
	"courtside/api/support"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// staffOnly says u90 holds answerSupport and nobody else does.
type staffOnly struct{}

func (staffOnly) Can(_ context.Context, uid int64, perm string) (bool, error) {
	return uid == 90 && perm == support.PermAnswer, nil
}

func TestTheCallsAnswerInTheCallersLanguageAndKeepTicketsPrivate(t *testing.T) {
	svc, err := support.New(support.Config{}, support.Deps{Store: postgres.NewSupportStore(pgtest.NewPool(t))})
	if err != nil {
		t.Fatal(err)
	}
	srv := api.New(api.Config{})
	svc.Routes(srv, api.Auth{Users: apitest.TokenUser{}, Staff: staffOnly{}})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	do := func(token, lang, method, path, body string) apitest.Response {
		h := http.Header{}
		h.Set("lan", lang)
		if token != "" {
			h.Set("token", token)
		}
		return apitest.Do(t, ts.URL, method, "/java"+path, body, h)
	}

	// A guest is asked to sign in; bad fields get their own code and a message with the limits.
	if r := do("", "en_US", "POST", "/support/tickets", `{}`); r.Status != http.StatusUnauthorized {
		t.Fatalf("guest: %d %s", r.Status, r.Body)
	}
	r := do("u7", "de", "POST", "/support/tickets", `{"category":"gifts","subject":"Geschenk fehlt","message":"weg"}`)
	if r.Status != http.StatusBadRequest || r.Env.ErrorCode != errcode.SupportBadMessage ||
		r.Env.ErrorMsg != locale.Message("de", "support.badMessage", 10, 2000) || !strings.Contains(r.Env.ErrorMsg, "10 bis 2000") {
		t.Fatalf("short message: %d %+v", r.Status, r.Env)
	}
	r = do("u7", "en_US", "POST", "/support/tickets", `{"category":"lottery","subject":"Gift missing","message":"My rocket gift never showed up in room 1001."}`)
	if r.Env.ErrorCode != errcode.SupportBadCategory {
		t.Fatalf("unknown category: %+v", r.Env)
	}

	r = do("u7", "en_US", "POST", "/support/tickets", `{"category":"gifts","subject":"Gift missing","message":"My rocket gift never showed up in room 1001."}`)
	var tk support.Ticket
	if r.Status != http.StatusOK || json.Unmarshal(r.Env.Result, &tk) != nil || tk.ID == 0 || tk.State != "open" {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	path := "/support/tickets/" + itoa(tk.ID)

	// Another user: 404 for reading, answering and closing; staff calls are refused to users.
	for _, c := range []struct{ method, path, body string }{{"GET", path, ""}, {"POST", path + "/reply", `{"message":"is this mine? let me see"}`}, {"POST", path + "/close", ""}} {
		if r := do("u8", "en_US", c.method, c.path, c.body); r.Status != http.StatusNotFound || r.Env.ErrorCode != errcode.SupportNotFound {
			t.Fatalf("u8 %s %s: %d %s", c.method, c.path, r.Status, r.Body)
		}
	}
	if r := do("u7", "en_US", "GET", "/admin/support/tickets", ""); r.Status != http.StatusForbidden {
		t.Fatalf("a user read the queue: %d %s", r.Status, r.Body)
	}
	if r := do("u7", "en_US", "GET", "/support/tickets/abc", ""); r.Status != http.StatusNotFound {
		t.Fatalf("bad id: %d %s", r.Status, r.Body)
	}

	// Staff read the queue, answer and close; the user sees the answer.
	r = do("u90", "en_US", "GET", "/admin/support/tickets?state=open", "")
	if r.Status != http.StatusOK || !strings.Contains(string(r.Env.Result), `"subject":"Gift missing"`) {
		t.Fatalf("queue: %d %s", r.Status, r.Body)
	}
	if r := do("u90", "en_US", "GET", "/admin/support/tickets?state=lost", ""); r.Env.ErrorCode != errcode.SupportBadState {
		t.Fatalf("bad state: %s", r.Body)
	}
	if r := do("u90", "en_US", "POST", "/admin"+path+"/reply", `{"message":"We re-sent the gift to the streamer, thanks for telling us.","close":true}`); r.Status != http.StatusOK {
		t.Fatalf("answer: %d %s", r.Status, r.Body)
	}
	r = do("u7", "en_US", "GET", path, "")
	if r.Status != http.StatusOK || !strings.Contains(string(r.Env.Result), `"state":"closed"`) || !strings.Contains(string(r.Env.Result), "re-sent the gift") {
		t.Fatalf("the user's view: %s", r.Body)
	}
	if r := do("u7", "en_US", "POST", path+"/reply", `{"message":"One more question about it"}`); r.Status != http.StatusConflict || r.Env.ErrorCode != errcode.SupportClosed {
		t.Fatalf("reply to closed: %d %s", r.Status, r.Body)
	}

	// The hourly limit: 429 with the limit in the message.
	for i := 0; i < 4; i++ {
		do("u7", "en_US", "POST", "/support/tickets", `{"category":"other","subject":"Question","message":"Another question for support here."}`)
	}
	r = do("u7", "en_US", "POST", "/support/tickets", `{"category":"other","subject":"Question","message":"Another question for support here."}`)
	if r.Status != http.StatusTooManyRequests || r.Env.ErrorCode != errcode.SupportTooMany || !strings.Contains(r.Env.ErrorMsg, "5 messages") {
		t.Fatalf("sixth ticket: %d %+v", r.Status, r.Env)
	}
}
