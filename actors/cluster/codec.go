package cluster

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"reflect"
	"strings"

	"github.com/asynkron/protoactor-go/actor"
	"google.golang.org/protobuf/types/known/anypb"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/actors/room"
	"courtside/actors/session"
)

// Messages between nodes. protoactor's remote serialises protobuf messages only, and the real-time
// actors speak in plain Go structs (room.Command, room.Join, ...). Rather than generate protobuf
// twins of those structs and convert at every actor, a message bound for another node is wrapped
// by a sender middleware in a well-known google.protobuf.Any whose type URL names the Go type and
// whose value is its gob encoding; a receiver middleware unwraps it before the actor sees it. The
// actors never know a message crossed a node. Gob (not JSON) because it keeps fields the wire
// protocol's JSON tags leave out (protocol.ClientMessage.HasSince).
//
// Only the types listed in wireTypes cross nodes; anything else sent to a remote PID goes to
// protoactor unchanged (its own protobuf messages: activations, gossip, PIDs).

// wireTypePrefix marks an Any carrying one of our messages.
const wireTypePrefix = "courtside.dev/"

// wireTypes are the messages that cross nodes: the room protocol between sessions, relays and
// room actors (which score topics speak too); feed events, state requests and replies to match
// actors; publishes from match actors to topics and between a class-0 topic and its delayed
// siblings; match list changes between members (matches.go); users' sessions and notices
// (users.go).
var wireTypes = map[string]reflect.Type{}

func init() {
	for _, m := range []any{
		&room.Command{}, &room.Reply{}, &room.Join{}, &room.JoinReply{}, &room.Deliver{},
		&room.RelayReport{}, &room.Announce{},
		&room.MatchEvent{}, &room.SetPresets{}, // moderation presets (issue 25)
		&match.Apply{}, &match.ApplyBatch{}, &match.Republish{}, &match.GetState{}, &feed.State{}, &match.Publish{}, &match.Attach{},
		&matchChange{},
		&UserAttach{}, &UserDetach{}, &session.Notice{}, &session.Reauthorize{},
	} {
		t := reflect.TypeOf(m).Elem()
		wireTypes[wireTypePrefix+t.PkgPath()+"."+t.Name()] = t
	}
	// Feed details (feed.Event.Detail, feed.State.Detail) are maps of any: the simulator puts
	// basic values and slices of them there (gob knows those), a state read back from Postgres
	// JSON also nested lists and objects.
	gob.Register([]any{})
	gob.Register(map[string]any{})
}

// wireName returns the type URL of a message that crosses nodes.
func wireName(msg any) (string, bool) {
	t := reflect.TypeOf(msg)
	if t == nil || t.Kind() != reflect.Pointer {
		return "", false
	}
	name := wireTypePrefix + t.Elem().PkgPath() + "." + t.Elem().Name()
	_, ok := wireTypes[name]
	return name, ok
}

// wrapMessage encodes msg for another node; ok is false for messages that are not ours.
func wrapMessage(msg any) (*anypb.Any, bool, error) {
	name, ok := wireName(msg)
	if !ok {
		return nil, false, nil
	}
	if reflect.TypeOf(msg).Elem().NumField() == 0 {
		return &anypb.Any{TypeUrl: name}, true, nil // gob refuses structs without fields (match.GetState)
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(msg); err != nil {
		return nil, true, fmt.Errorf("cluster codec: encode %s: %w", name, err)
	}
	return &anypb.Any{TypeUrl: name, Value: buf.Bytes()}, true, nil
}

// unwrapMessage decodes what wrapMessage produced; ok is false for an Any that is not ours.
func unwrapMessage(a *anypb.Any) (any, bool, error) {
	if !strings.HasPrefix(a.TypeUrl, wireTypePrefix) {
		return nil, false, nil
	}
	t, known := wireTypes[a.TypeUrl]
	if !known {
		return nil, true, fmt.Errorf("cluster codec: unknown type %s", a.TypeUrl)
	}
	v := reflect.New(t)
	if t.NumField() == 0 {
		return v.Interface(), true, nil
	}
	if err := gob.NewDecoder(bytes.NewReader(a.Value)).Decode(v.Interface()); err != nil {
		return nil, true, fmt.Errorf("cluster codec: decode %s: %w", a.TypeUrl, err)
	}
	return v.Interface(), true, nil
}

// Codec equips the props of actors that talk to other nodes (relay, sessions, rooms, matches,
// topics, proxies) with the wrapping and unwrapping middleware. OnError hears about a message that
// could not be encoded or decoded (it is dropped, like a message to a dead node).
type Codec struct {
	OnError func(error)
}

// Props returns p with the codec's middleware.
func (c Codec) Props(p *actor.Props) *actor.Props {
	onError := c.OnError
	if onError == nil {
		onError = func(error) {}
	}
	return p.Configure(actor.WithReceiverMiddleware(receiver(onError)), actor.WithSenderMiddleware(sender(onError)))
}

// sender wraps our messages sent to actors on other nodes.
func sender(onError func(error)) actor.SenderMiddleware {
	return func(next actor.SenderFunc) actor.SenderFunc {
		return func(c actor.SenderContext, target *actor.PID, env *actor.MessageEnvelope) {
			if target != nil && target.Address != c.ActorSystem().Address() {
				w, ours, err := wrapMessage(env.Message)
				if err != nil {
					onError(err)
					return
				}
				if ours {
					env = &actor.MessageEnvelope{Header: env.Header, Message: w, Sender: env.Sender}
				}
			}
			next(c, target, env)
		}
	}
}

// receiver unwraps our messages that came from other nodes.
func receiver(onError func(error)) actor.ReceiverMiddleware {
	return func(next actor.ReceiverFunc) actor.ReceiverFunc {
		return func(c actor.ReceiverContext, env *actor.MessageEnvelope) {
			if a, ok := env.Message.(*anypb.Any); ok {
				m, ours, err := unwrapMessage(a)
				if err != nil {
					onError(err)
					return
				}
				if ours {
					env = &actor.MessageEnvelope{Header: env.Header, Message: m, Sender: env.Sender}
				}
			}
			next(c, env)
		}
	}
}
