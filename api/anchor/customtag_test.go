package anchor_test

import (
	"context"
	"errors"
	"testing"

	"courtside/api/anchor"
	"courtside/api/errcode"
	"courtside/api/matches"
	"courtside/storage/postgres"
)

func TestCustomTagsAreWordsOfTwoToTwentyCharacters(t *testing.T) {
	tests := []struct {
		name, in, want string
		bad            bool
	}{
		{"a plain tag is kept", "Analysis", "Analysis", false},
		{"spaces are trimmed and collapsed", "  Talk   show ", "Talk show", false},
		{"a leading # is dropped", "#Q&A", "Q&A", false},
		{"hyphens are words", "Watch-along", "Watch-along", false},
		{"any script", "战术分析", "战术分析", false},
		{"marks of Thai", "วิเคราะห์", "วิเคราะห์", false},
		{"Arabic", "تحليل", "تحليل", false},
		{"empty is no tag", "   ", "", false},
		{"a lone # is no tag", "#", "", false},
		{"one letter is too short", "x", "", true},
		{"twenty characters fit", "abcdefghijabcdefghij", "abcdefghijabcdefghij", false},
		{"twenty-one do not", "abcdefghijabcdefghijk", "", true},
		{"a slash would break the page's address", "talk/show", "", true},
		{"no punctuation", "hello!", "", true},
		{"no emoji", "fun 🎉", "", true},
		{"no second #", "a#b", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := anchor.NormalizeTag(tt.in)
			if tt.bad {
				var e *errcode.Error
				if !errors.As(err, &e) || e.Code != errcode.CustomTagInvalid {
					t.Fatalf("NormalizeTag(%q) = %q, %v; want 7550", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("NormalizeTag(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

// A streamer gives the room a custom tag in the centre; /live/customLive lists the live rooms of a
// tag whatever its case, /live/tags the tags in use, and a tag replaces a linked match.
func TestCustomTagRoomsAreListedByTag(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.scores.m = map[string]matches.Item{"m-1": {ID: "m-1", GameID: 201, HomeName: "Lakers", AwayName: "Celtics"}}
	liveStreamer(t, e, "Hannah", "r1", "m-1", 201, 1)
	liveStreamer(t, e, "Tess", "r2", "-", 0, 3)
	liveStreamer(t, e, "Omar", "r3", "-", 0, 2)
	liveStreamer(t, e, "Quiet", "r4", "-", 0, 9) // tagged but offline
	for _, d := range []postgres.DemoLive{
		{Room: "r2", Title: "Sofa talk", Intro: "i", CustomTag: "Talk show"},
		{Room: "r3", Title: "Late talk", Intro: "i", CustomTag: "talk show"},
	} {
		if err := e.store.SetDemoLive(ctx, d, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.store.SetMatch(ctx, "r4", "", 0, "Talk show"); err != nil {
		t.Fatal(err)
	}

	var page struct {
		Tag  string
		List []card
	}
	e.ok(0, "GET", "/live/customLive?tag=TALK%20SHOW", nil, &page)
	// Live rooms only, most followers first (no viewers), spelled as the busiest room spells it.
	if page.Tag != "Talk show" || len(page.List) != 2 || page.List[0].Name != "Tess" || page.List[1].Name != "Omar" {
		t.Fatalf("talk show rooms: %+v", page)
	}
	e.ok(0, "GET", "/live/customLive?tag=%23Analysis", nil, &page)
	if page.Tag != "Analysis" || len(page.List) != 0 {
		t.Fatalf("a tag nobody uses: %+v", page)
	}
	e.fails(0, "GET", "/live/customLive?tag=a/b", nil, errcode.CustomTagInvalid, "A tag is 2 to 20 letters, digits, spaces, hyphens or '&'")
	e.fails(0, "GET", "/live/customLive", nil, errcode.CustomTagInvalid, "")

	var tags struct {
		List []anchor.TagCount
	}
	e.ok(0, "GET", "/live/tags", nil, &tags)
	if len(tags.List) != 1 || tags.List[0].Tag != "Talk show" || tags.List[0].Rooms != 2 {
		t.Fatalf("tags in use: %+v", tags.List)
	}

	// The streamer centre: a tag is normalized, a bad one refused, and it replaces the match.
	const user = 45
	room := e.approvedStreamer(user)
	var link anchor.MatchLink
	e.ok(user, "POST", "/anchor/toggleMatchId", anchor.MatchLink{CustomTag: "  #Analysis  desk "}, &link)
	if link.CustomTag != "Analysis desk" || link.MatchID != "" {
		t.Fatalf("linked tag: %+v", link)
	}
	e.fails(user, "POST", "/anchor/toggleMatchId", anchor.MatchLink{CustomTag: "Analysis!"}, errcode.CustomTagInvalid, "")
	if l, err := e.store.LiveRoom(ctx, room); err != nil || l.CustomTag != "Analysis desk" {
		t.Fatalf("a refused tag changed the room: %+v %v", l, err)
	}
}

// The following list: the streamers one follows, live first; a guest may not ask.
func TestFollowingListsLiveStreamersFirst(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	liveStreamer(t, e, "Offline", "r1", "-", 0, 0)
	liveStreamer(t, e, "OnAir", "r2", "m-1", 201, 0)
	liveStreamer(t, e, "Unfollowed", "r3", "m-2", 202, 0)
	acc := postgres.NewAccounts(e.store.Pool())
	fan, err := acc.CreateUser(ctx, postgres.NewUser{Username: "fan"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Offline", "OnAir"} {
		u, err := acc.UserByUsername(ctx, name, e.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := acc.Follow(ctx, fan, u.ID, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	var got struct{ List []card }
	e.ok(fan, "GET", "/live/following", nil, &got)
	if len(got.List) != 2 || got.List[0].Name != "OnAir" || !got.List[0].Live || got.List[1].Name != "Offline" || got.List[1].Live {
		t.Fatalf("following: %+v", got.List)
	}
	e.fails(0, "GET", "/live/following", nil, errcode.AuthRequired, "")
}
