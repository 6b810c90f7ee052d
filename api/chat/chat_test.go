package chat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/chat"
	"courtside/storage/history"
)

func newServer(t *testing.T) (*httptest.Server, *history.PebbleStore) {
	st, err := history.OpenPebble(history.PebbleConfig{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s := api.New(api.Config{SiteDir: t.TempDir()})
	chat.New(chat.Deps{History: st, Moderators: headerModerators{}}).Routes(s, headerUser{})
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	return hs, st
}

func TestHistoryPagesBackwardsAndNeverShowsDeletedMessages(t *testing.T) {
	hs, st := newServer(t)
	ctx := context.Background()
	var batch []history.Event
	for i := uint64(1); i <= 7; i++ {
		batch = append(batch, history.Event{Room: "1001", Seq: i, ID: fmt.Sprintf("1001-%d", i), Time: int64(1000 + i), Kind: "chat",
			Payload: []byte(fmt.Sprintf(`{"seq":%d,"k":"chat","text":"line %d"}`, i, i))})
	}
	if err := st.Append(ctx, batch); err != nil {
		t.Fatal(err)
	}
	if err := st.Delete(ctx, "1001", "1001-6"); err != nil {
		t.Fatal(err)
	}
	type page struct {
		List   []map[string]any `json:"list"`
		Cursor uint64           `json:"cursor"`
		More   bool             `json:"more"`
	}
	get := func(q string) page {
		resp := apitest.Do(t, hs.URL, "GET", "/java/live/getChatroomSpeech?"+q, "", nil)
		if resp.Env.Status != "success" {
			t.Fatalf("%s: %+v", q, resp.Env)
		}
		var p page
		if err := json.Unmarshal(resp.Env.Result, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := get("roomId=1001&size=3")
	if len(p.List) != 3 || p.List[0]["text"] != "line 4" || p.List[2]["text"] != "line 7" || !p.More || p.Cursor != 4 {
		t.Fatalf("latest page = %+v", p)
	}
	p = get(fmt.Sprintf("roomId=1001&size=3&cursor=%d", p.Cursor))
	if len(p.List) != 3 || p.List[0]["text"] != "line 1" || p.More {
		t.Fatalf("second page = %+v", p)
	}
	for _, q := range []string{"roomId=", "roomId=a/b", "roomId=1001&size=0", "roomId=1001&size=999", "roomId=1001&cursor=x"} {
		resp := apitest.Do(t, hs.URL, "GET", "/java/live/getChatroomSpeech?"+q, "", http.Header{"Lan": {"en_US"}})
		if resp.Env.Status != "fail" || resp.Env.ErrorMsg == "" || resp.Status != 400 {
			t.Errorf("%s: want a clear 400 failure, got %d %+v", q, resp.Status, resp.Env)
		}
	}
}

// headerUser signs the caller in by the X-Test-Role header: none is a guest, "mod-<n>" user n (the
// engine's authenticator asks the accounts module).
type headerUser struct{}

func (headerUser) UserID(r *api.Request) (int64, error) {
	role := r.HTTP.Header.Get("X-Test-Role")
	if role == "" {
		return 0, api.ErrAuthRequired
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(role, "mod-"), 10, 64)
	return id, err
}

// headerModerators: user n moderates room "n" (the engine's implementation asks the accounts
// module and the room store).
type headerModerators struct{}

func (headerModerators) CanModerate(_ context.Context, userID int64, room string) (bool, error) {
	return strconv.FormatInt(userID, 10) == room, nil
}

func TestModeratorsSeeAReportedMessageWithItsContextDeletedLinesIncluded(t *testing.T) {
	hs, st := newServer(t)
	ctx := context.Background()
	var batch []history.Event
	for i := uint64(1); i <= 30; i++ {
		batch = append(batch, history.Event{Room: "7", Seq: i, ID: fmt.Sprintf("7-%d", i), Time: int64(i), Kind: "chat",
			Payload: []byte(fmt.Sprintf(`{"seq":%d,"text":"l%d"}`, i, i))})
	}
	if err := st.Append(ctx, batch); err != nil {
		t.Fatal(err)
	}
	if err := st.Delete(ctx, "7", "7-15"); err != nil {
		t.Fatal(err)
	}
	call := func(role, q string) apitest.Response {
		h := http.Header{"Lan": {"en_US"}}
		if role != "" {
			h.Set("X-Test-Role", role)
		}
		return apitest.Do(t, hs.URL, "GET", "/java/chatroom/context?"+q, "", h)
	}
	if r := call("", "roomId=7&msgId=7-15"); r.Status != 401 {
		t.Fatalf("signed out: %d %+v", r.Status, r.Env)
	}
	if r := call("mod-8", "roomId=7&msgId=7-15"); r.Status != 403 {
		t.Fatalf("moderator of another room: %d", r.Status)
	}
	if r := call("mod-7", "roomId=7&msgId=7-99"); r.Status != 404 {
		t.Fatalf("unknown message: %d", r.Status)
	}
	r := call("mod-7", "roomId=7&msgId=7-15")
	var lines []struct {
		Event    map[string]any `json:"event"`
		Deleted  bool           `json:"deleted"`
		Reported bool           `json:"reported"`
	}
	if err := json.Unmarshal(r.Env.Result, &lines); err != nil || len(lines) != 21 {
		t.Fatalf("context: %d lines (%v) %s", len(lines), err, r.Body)
	}
	mid := lines[10]
	if !mid.Reported || !mid.Deleted || mid.Event["text"] != "l15" || lines[0].Event["text"] != "l5" {
		t.Fatalf("context lines %+v", lines)
	}
}
