package engine

import (
	"reflect"
	"testing"

	"github.com/asynkron/protoactor-go/actor"
	"google.golang.org/protobuf/types/known/anypb"

	"courtside/actors/protocol"
	"courtside/actors/room"
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
			Msg:     protocol.ClientMessage{T: "chat", Room: "1001", Text: "hi", Nonce: "n1", Since: 4, HasSince: true},
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
