package anchor_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"courtside/api/anchor"
	"courtside/api/errcode"
	"courtside/api/matches"
	"courtside/storage/postgres"
)

// scoreBook is the matches module's view of linked matches for the tests.
type scoreBook struct {
	mu sync.Mutex
	m  map[string]matches.Item
}

func (b *scoreBook) Items(ids []string) []matches.Item {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []matches.Item
	for _, id := range ids {
		if it, ok := b.m[id]; ok {
			out = append(out, it)
		}
	}
	return out
}

// liveStreamer makes an account (username, followed by fans accounts) an approved streamer of room,
// live on match (game) unless match is "-" (not live).
func liveStreamer(t *testing.T, e *env, name, room, match string, game, fans int) int64 {
	t.Helper()
	ctx := context.Background()
	acc := postgres.NewAccounts(e.store.Pool())
	id, err := acc.CreateUser(ctx, postgres.NewUser{Username: name}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.store.SeedApproved(ctx, id, name, room, []byte(name)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < fans; i++ {
		fan, err := acc.CreateUser(ctx, postgres.NewUser{Username: fmt.Sprintf("%sfan%d", name, i)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := acc.Follow(ctx, fan, id, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if match != "-" {
		if err := e.store.SetDemoLive(ctx, postgres.DemoLive{Room: room, Title: name + " live", Intro: "intro", MatchID: match, GameID: game}, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

type card struct {
	RoomID    string        `json:"roomId"`
	Title     string        `json:"title"`
	Name      string        `json:"name"`
	Avatar    string        `json:"avatar"`
	Followers int64         `json:"followers"`
	MatchID   string        `json:"matchId"`
	GameID    int           `json:"gameId"`
	Live      bool          `json:"live"`
	Match     *matches.Item `json:"match"`
}

type matchLive struct {
	MatchID string `json:"matchId"`
	GameID  int    `json:"gameId"`
	Live    bool   `json:"live"`
	Count   int    `json:"count"`
	Rooms   []card `json:"rooms"`
}

func TestLiveRoomsListSortFilterAndMatchLinks(t *testing.T) {
	e := newEnv(t)
	e.scores.m = map[string]matches.Item{"m-1": {ID: "m-1", GameID: 201, HomeName: "Lakers", AwayName: "Celtics", HomeScore: 88, AwayScore: 84}}
	liveStreamer(t, e, "Hannah", "r1", "m-1", 201, 1)
	liveStreamer(t, e, "Carl", "r2", "m-2", 202, 3)
	liveStreamer(t, e, "Maya", "r3", "m-1", 201, 2)
	liveStreamer(t, e, "Offline", "r4", "-", 0, 5)

	var all struct{ List []card }
	e.ok(0, "GET", "/live/rooms", nil, &all)
	// Live rooms only; no stream has viewers, so most followers first.
	if len(all.List) != 3 || all.List[0].Name != "Carl" || all.List[1].Name != "Maya" || all.List[2].Name != "Hannah" {
		t.Fatalf("live rooms: %+v", all.List)
	}
	if m := all.List[1].Match; m == nil || m.HomeName != "Lakers" || m.HomeScore != 88 || all.List[0].Match != nil {
		t.Fatalf("linked match scores: %+v / %+v", all.List[1].Match, all.List[0].Match)
	}
	if all.List[0].Followers != 3 || all.List[0].Title != "Carl live" || !all.List[0].Live {
		t.Fatalf("card: %+v", all.List[0])
	}
	var basketball struct{ List []card }
	e.ok(0, "GET", "/live/rooms?gameId=201", nil, &basketball)
	if len(basketball.List) != 2 || basketball.List[0].GameID != 201 {
		t.Fatalf("filtered by game: %+v", basketball.List)
	}
	e.fails(0, "GET", "/live/rooms?gameId=x", nil, errcode.Format, "")

	var one matchLive
	e.ok(0, "GET", "/user/isMatchLive/m-1/201", nil, &one)
	if !one.Live || one.Count != 2 || one.Rooms[0].Name != "Maya" {
		t.Fatalf("isMatchLive: %+v", one)
	}
	e.ok(0, "GET", "/user/isMatchLive/m-1/202", nil, &one)
	if one.Live || one.Count != 0 {
		t.Fatalf("isMatchLive of another game: %+v", one)
	}
	e.ok(0, "GET", "/user/isMatchLive/m-9/0", nil, &one)
	if one.Live || one.Rooms == nil && one.Count != 0 {
		t.Fatalf("isMatchLive of a match nobody streams: %+v", one)
	}
	var byMatch struct{ List []matchLive }
	e.ok(0, "GET", "/getAnchorMatchLive", nil, &byMatch)
	if len(byMatch.List) != 2 || byMatch.List[0].MatchID != "m-2" || byMatch.List[1].Count != 2 {
		t.Fatalf("getAnchorMatchLive: %+v", byMatch.List)
	}
	e.ok(0, "GET", "/getAnchorMatchLive?matchIds=m-1,m-7", nil, &byMatch)
	if len(byMatch.List) != 1 || byMatch.List[0].MatchID != "m-1" {
		t.Fatalf("getAnchorMatchLive filtered: %+v", byMatch.List)
	}

	var head card
	e.ok(0, "GET", "/live/room?roomId=r4", nil, &head)
	if head.Name != "Offline" || head.Live || head.Followers != 5 {
		t.Fatalf("room head: %+v", head)
	}
	e.fails(0, "GET", "/live/room?roomId=nope", nil, errcode.NotFound, "")

	// The anchor list: every streamer, live first, by username, with followers.
	var list struct {
		List []anchor.ListEntry
	}
	e.ok(0, "GET", "/anchor/anchorList", nil, &list)
	if len(list.List) != 4 || !list.List[0].Live || list.List[0].Name != "Carl" || list.List[3].Name != "Offline" || list.List[3].Followers != 5 {
		t.Fatalf("anchor list: %+v", list.List)
	}
}

// The room's own card (GET /live/room) carries what the room shows besides the head (issue 17):
// the teaser while it is offline, the detailed intro and its pictures; the lists leave them out.
func TestRoomCardCarriesTeaserIntroAndPictures(t *testing.T) {
	e := newEnv(t)
	id := liveStreamer(t, e, "Quinn", "r5", "-", 0, 0)
	pics := []int64{e.uploadID(id, "detail", 12, 12), e.uploadID(id, "detail", 24, 24)}
	e.ok(id, "POST", "/updateAnchor", e.validSettings(id, func(s *anchor.Settings) {
		s.Teaser, s.DetailIntro, s.DetailPics = "Derby preview at 8 pm", "Tactics board and the away end's songs", pics
	}), nil)

	var room struct {
		card
		Teaser        string   `json:"teaser"`
		DetailIntro   string   `json:"detailIntro"`
		DetailPicURLs []string `json:"detailPicUrls"`
	}
	e.ok(0, "GET", "/live/room?roomId=r5", nil, &room)
	if room.Name != "Quinn" || room.Live || room.Teaser != "Derby preview at 8 pm" || room.DetailIntro != "Tactics board and the away end's songs" {
		t.Fatalf("room card: %+v", room)
	}
	if len(room.DetailPicURLs) != 2 || room.DetailPicURLs[0] != fmt.Sprintf("/java/anchor/upload/%d", pics[0]) || room.DetailPicURLs[1] != fmt.Sprintf("/java/anchor/upload/%d", pics[1]) {
		t.Fatalf("pictures, in the streamer's order: %v (uploads %v)", room.DetailPicURLs, pics)
	}
	// Each picture is served to anyone (the room's guests see them).
	if r := e.call(0, "GET", room.DetailPicURLs[0][len("/java"):], nil); r.Status != 200 {
		t.Fatalf("picture: HTTP %d", r.Status)
	}

	// A room without pictures answers an empty list, never null.
	liveStreamer(t, e, "Rafa", "r6", "m-3", 202, 0)
	var bare map[string]any
	e.ok(0, "GET", "/live/room?roomId=r6", nil, &bare)
	if pics, ok := bare["detailPicUrls"].([]any); !ok || len(pics) != 0 || bare["detailIntro"] != "intro" || bare["teaser"] != "" {
		t.Fatalf("bare room card: %v", bare)
	}
}
