package engine

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"courtside/api/matches"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

type fakeScores []matches.Item

func (f fakeScores) InPlay() []matches.Item { return f }
func (f fakeScores) Items(ids []string) []matches.Item {
	var out []matches.Item
	for _, m := range f {
		for _, id := range ids {
			if m.ID == id {
				out = append(out, m)
			}
		}
	}
	return out
}

// The demo keeps each room on a match in play: its own games first, any free match else (with a
// neutral title), no match twice, and a match still in play stays.
func TestDemoRoomsFollowMatchesInPlay(t *testing.T) {
	ctx := context.Background()
	anchors := postgres.NewAnchors(pgtest.NewPool(t))
	for i, s := range demoLiveStreamers {
		if err := anchors.SeedApproved(ctx, int64(100+i), s.User, s.Room, []byte(s.User)); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	inPlay := fakeScores{
		{ID: "soccer-1", GameID: 202, HomeName: "Ajax", AwayName: "PSV"},
		{ID: "lol-1", GameID: 1, HomeName: "T1", AwayName: "G2"},
		{ID: "bball-1", GameID: 201, HomeName: "Lakers", AwayName: "Celtics"},
		{ID: "cricket-1", GameID: 210, HomeName: "India", AwayName: "Australia"},
		{ID: "snooker-1", GameID: 204, HomeName: "O'Sullivan", AwayName: "Trump"},
	}
	if err := linkDemoRooms(ctx, anchors, inPlay, now); err != nil {
		t.Fatal(err)
	}
	got := map[string]postgres.LiveRoomRow{}
	for _, s := range demoLiveStreamers {
		l, err := anchors.LiveRoom(ctx, s.Room)
		if err != nil || !l.Live {
			t.Fatalf("%s: %+v %v", s.Room, l, err)
		}
		got[s.Room] = l
	}
	want := map[string]string{"1001": "bball-1", "1002": "soccer-1", "1003": "lol-1", "1005": "cricket-1", "1004": "snooker-1"}
	for room, match := range want {
		if got[room].MatchID != match {
			t.Errorf("room %s streams %q, want %q", room, got[room].MatchID, match)
		}
	}
	if got["1001"].Title != "Lakers vs Celtics: courtside watch-along" || got["1004"].Title != "O'Sullivan vs Trump: live watch-along" {
		t.Errorf("titles: %q, %q", got["1001"].Title, got["1004"].Title)
	}
	if got["1006"].MatchID != "" || got["1006"].Title != demoLiveStreamers[5].Studio || got["1006"].GameID != demoLiveStreamers[5].Games[0] {
		t.Errorf("no match left: %+v", got["1006"])
	}
	if got["1007"].MatchID != "" || got["1007"].CustomTag != "Talk show" || got["1007"].Title != demoLiveStreamers[6].Studio {
		t.Errorf("the talk show takes no match and keeps its tag: %+v", got["1007"])
	}

	// The basketball game ends and another starts: room 1001 moves, the others keep theirs.
	inPlay = append(fakeScores{{ID: "bball-2", GameID: 201, HomeName: "Bulls", AwayName: "Knicks"}}, inPlay[:2]...)
	if err := linkDemoRooms(ctx, anchors, inPlay, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	for room, match := range map[string]string{"1001": "bball-2", "1002": "soccer-1", "1003": "lol-1", "1005": ""} {
		if l, _ := anchors.LiveRoom(ctx, room); l.MatchID != match {
			t.Errorf("after the change room %s streams %q, want %q", room, l.MatchID, match)
		}
	}
}

// The demo fans' handles are valid usernames, and distinct.
func TestDemoFanNamesAreUsernames(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range demoFanNames {
		if !regexp.MustCompile(`^[A-Za-z0-9]{1,32}$`).MatchString(n) || seen[n] {
			t.Errorf("demo fan %q: not a username, or twice", n)
		}
		seen[n] = true
	}
	if len(demoFanNames) < demoFans {
		t.Errorf("%d fan names for %d fans", len(demoFanNames), demoFans)
	}
}

// Every line the demo crowd can say reads as chat: no placeholder or formatting residue.
func TestDemoCrowdLinesAreClean(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	m := matches.Item{GameID: 202, HomeName: "Ajax", AwayName: "PSV", HomeScore: 1, AwayScore: 0}
	before := m
	before.HomeScore = 0
	for i := 0; i < 500; i++ {
		for _, line := range []string{chatterLine(rnd, &m), chatterLine(rnd, nil), scoreReaction(rnd, before, m)} {
			if strings.ContainsAny(line, "{}%") || line == "" {
				t.Fatalf("demo line %q", line)
			}
		}
	}
}
