package chat_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/chat"
	"courtside/api/errcode"
	"courtside/storage/history"
)

type oneRoom string

func (r oneRoom) RoomExists(_ context.Context, id string) (bool, error) { return id == string(r), nil }

// TestHistoryOfAnUnknownRoomIsNotFound: not an empty page.
func TestHistoryOfAnUnknownRoomIsNotFound(t *testing.T) {
	st, err := history.OpenPebble(history.PebbleConfig{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s := api.New(api.Config{SiteDir: t.TempDir()})
	chat.New(chat.Deps{History: st, Rooms: oneRoom("1001")}).Routes(s, headerUser{})
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	h := http.Header{"lan": {"en_US"}}
	r := apitest.Do(t, hs.URL, "GET", "/java/live/getChatroomSpeech?roomId=999999", "", h)
	if r.Status != 404 || r.Env.ErrorCode != errcode.NotFound || r.Env.ErrorMsg != "No such live room" {
		t.Fatalf("unknown room: %d %d %q", r.Status, r.Env.ErrorCode, r.Env.ErrorMsg)
	}
	if r := apitest.Do(t, hs.URL, "GET", "/java/live/getChatroomSpeech?roomId=1001", "", h); r.Env.Status != api.StatusSuccess {
		t.Fatalf("a real room: %s", r.Body)
	}
}
