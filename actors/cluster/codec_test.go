package cluster

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"google.golang.org/protobuf/types/known/anypb"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/actors/protocol"
	"courtside/actors/room"
	sessionpkg "courtside/actors/session"
	"courtside/storage/postgres/sportsdemo"
)

func TestClusterCodecRoundTripsEveryMessageThatCrossesNodes(t *testing.T) {
	relay := actor.NewPID("127.0.0.1:4001", "$7")
	session := actor.NewPID("127.0.0.1:4002", "$12")
	cases := []struct {
		name string
		msg  any
	}{
		{"command keeps fields the wire JSON drops", &room.Command{
			User:    room.Identity{ID: "u1", Name: "Ann", Level: 3, Member: 2},
			Msg:     protocol.ClientMessage{T: "chat", Room: "1001", Text: "hi", Nonce: "n1", Since: 4, HasSince: true, TargetName: "Vic"},
			ReplyTo: session,
		}},
		{"reply", &room.Reply{Room: "1001", Nonce: "n1", Seq: 9, Event: []byte(`{"seq":9}`),
			Muted: []protocol.MutedEntry{{UID: "u2"}}, List: true}},
		{"join", &room.Join{Relay: relay, Ticket: 3, Since: 7, HasSince: true, RelaySeen: 6, HasRelaySeen: true}},
		{"join reply", &room.JoinReply{Room: "1001", Ticket: 3, Seq: 9, Open: true, Presence: 12,
			Replay: [][]byte{[]byte(`{"seq":8}`), []byte(`{"seq":9}`)}, Rejoin: true}},
		{"deliver", &room.Deliver{Room: "1001", Payload: []byte(`{"t":"batch"}`), Priority: true, Seq: 9}},
		{"relay report", &room.RelayReport{Relay: relay, Count: 40, Seen: 9, Heartbeat: true}},
		{"announce", &room.Announce{Key: "live.started"}},
		{"match event", &room.MatchEvent{Match: "42", Seq: 7, Type: "goal", At: time.UnixMilli(1763800000000).UTC()}},
		{"presets", &room.SetPresets{Presets: room.Presets{GoalSlowSecs: 90, GoalSlowInterval: 20, RateThreshold: 12.5,
			RateAction: room.AutoShield, ShieldMins: 15, ShieldWords: []string{"scam"}, FollowersOnly: true, MinFollowMins: 30}}},
		{"feed event with a fixture and details", &match.Apply{Event: feed.Event{Match: "42", Seq: 3, At: 1763800000000,
			Kind: feed.KDetail, Fixture: &feed.Fixture{ID: "42", Game: feed.GameBasketball, Start: time.UnixMilli(1763800000000).UTC(), HomeRating: 60},
			Detail: map[string]any{"fouls": []int{2, 3}, "half": "top", "outs": 1, "tiebreak": false}}}},
		{"feed events of one match", &match.ApplyBatch{Events: []feed.Event{
			{Match: "42", Seq: 4, At: 1763800000100, Kind: feed.KScore, Score: &feed.Score{Home: 1, Periods: []feed.Pair{{1, 0}}}},
			{Match: "42", Seq: 5, At: 1763800000200, Kind: feed.KClock, Clock: &feed.Clock{Secs: 600, Running: true, Down: true}}}}},
		{"republish request", &match.Republish{}},
		{"state request", &match.GetState{}},
		{"state read back from JSON", &feed.State{Match: "42", Game: feed.GameBaseball, Status: feed.StatusFinished, Home: 3,
			Periods: []feed.Pair{{1, 0}, {2, 0}}, Detail: map[string]any{"bases": []any{1.0, 0.0, 1.0}, "x": map[string]any{"y": "z"}},
			Stats: map[string]feed.Stat{"hits": {7, 4}}, Odds: &feed.Odds{Company: "sim", Home: 1.5}, LastSeq: 88}},
		{"publish", &match.Publish{Match: "42", Fields: []feed.Field{{Key: "h", Val: []byte("2")}, {Key: "ts", Val: []byte("1763800000000")}},
			Stamp: time.UnixMilli(1763800000123).UTC()}},
		{"attach", &match.Attach{Sibling: relay}},
		{"revocation", &sessionpkg.Reauthorize{}},
		{"notice", &sessionpkg.Notice{Payload: []byte(`{"t":"notice"}`)}},
		{"match change", &matchChange{State: feed.State{Match: "42", Status: feed.StatusLive, Home: 1, Periods: []feed.Pair{{1, 0}}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, ours, err := wrapMessage(c.msg)
			if err != nil || !ours {
				t.Fatalf("wrap: ours=%v err=%v", ours, err)
			}
			got, ours, err := unwrapMessage(w)
			if err != nil || !ours {
				t.Fatalf("unwrap: ours=%v err=%v", ours, err)
			}
			if !reflect.DeepEqual(normalisePIDs(got), normalisePIDs(c.msg)) {
				t.Fatalf("round trip:\n got %#v\nwant %#v", got, c.msg)
			}
		})
	}
}

func TestClusterCodecLeavesOtherMessagesAlone(t *testing.T) {
	if _, ours, _ := wrapMessage(&actor.PoisonPill{}); ours {
		t.Error("a protoactor message was wrapped")
	}
	if _, ours, _ := wrapMessage(struct{}{}); ours {
		t.Error("a non-pointer value was wrapped")
	}
	if _, ours, _ := unwrapMessage(&anypb.Any{TypeUrl: "type.googleapis.com/google.protobuf.Empty"}); ours {
		t.Error("an Any of someone else was unwrapped")
	}
	if _, ours, err := unwrapMessage(&anypb.Any{TypeUrl: wireTypePrefix + "nope.Nope"}); !ours || err == nil {
		t.Error("an unknown type of ours must be an error")
	}
}

// normalisePIDs compares PIDs by address and id (a decoded PID has fresh internal state).
func normalisePIDs(m any) any {
	v := reflect.ValueOf(m).Elem()
	out := reflect.New(v.Type())
	out.Elem().Set(v)
	for i := 0; i < v.NumField(); i++ {
		if pid, ok := v.Field(i).Interface().(*actor.PID); ok && pid != nil {
			out.Elem().Field(i).Set(reflect.ValueOf(actor.NewPID(pid.Address, pid.Id)))
		}
	}
	return out.Interface()
}

// Every event the feed simulator produces, of every game, crosses nodes: a match's owner applies
// what other nodes ingested and must end in the state it would reach from the events themselves.
func TestClusterCodecCarriesEveryFeedEventOfEveryGame(t *testing.T) {
	ds := sportsdemo.Generate(sportsdemo.Config{Now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC), Days: 1})
	sim := feed.NewSimulator(feed.SimConfig{Seed: 2026, PostponedPct: -1, CancelledPct: -1}, ds.Fixtures, ds.Rosters)
	games := map[int]bool{}
	for _, f := range ds.Fixtures {
		if games[f.Game] {
			continue
		}
		games[f.Game] = true
		var direct, crossed feed.State
		for _, ev := range sim.Script(f) {
			w, ours, err := wrapMessage(&match.Apply{Event: ev})
			if err != nil || !ours {
				t.Fatalf("game %d seq %d: wrap: ours=%v err=%v", f.Game, ev.Seq, ours, err)
			}
			got, _, err := unwrapMessage(w)
			if err != nil {
				t.Fatalf("game %d seq %d: unwrap: %v", f.Game, ev.Seq, err)
			}
			dev, cev := ev, got.(*match.Apply).Event
			direct.Apply(&dev)
			crossed.Apply(&cev)
		}
		a, _ := json.Marshal(direct)
		b, _ := json.Marshal(crossed)
		if string(a) != string(b) {
			t.Errorf("game %d: state differs after crossing nodes:\n direct  %s\n crossed %s", f.Game, a, b)
		}
	}
	if len(games) < 8 {
		t.Errorf("only %d games in the dataset", len(games))
	}
}
