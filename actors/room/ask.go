package room

import (
	"context"
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
)

// Ask sends a Command to a room's actor (pid: Registry.Get, wherever the room lives) as who and
// waits for its Reply, a refusal included, for at most wait or until ctx ends. It is how code
// outside the actors (the REST areas, the back office) speaks to a room exactly as a session does.
//
// The reply goes to a one-shot actor built with props, which hands it to a future. In a cluster
// the room may live on another node and its Reply comes back encoded for the trip; only an actor
// equipped with the cluster's codec (props: the topology's) decodes it. A bare future would receive
// the encoded message instead of the Reply.
func Ask(ctx context.Context, sys *actor.ActorSystem, props func(*actor.Props) *actor.Props, pid *actor.PID,
	who Identity, msg protocol.ClientMessage, wait time.Duration) (*Reply, error) {
	if d, ok := ctx.Deadline(); ok {
		wait = min(wait, time.Until(d))
	}
	if wait <= 0 {
		return nil, fmt.Errorf("room %s %s: %w", msg.Room, msg.T, context.DeadlineExceeded)
	}
	f := actor.NewFuture(sys, wait)
	to := f.PID()
	fwd := actor.PropsFromFunc(func(c actor.Context) {
		switch m := c.Message().(type) {
		case *actor.Started:
			c.SetReceiveTimeout(wait)
		case *actor.ReceiveTimeout:
			c.Stop(c.Self())
		case *Reply:
			c.Send(to, m)
			c.Stop(c.Self())
		}
	})
	if props != nil {
		fwd = props(fwd)
	}
	replyTo := sys.Root.Spawn(fwd)
	sys.Root.Send(pid, &Command{User: who, Msg: msg, ReplyTo: replyTo})
	res, err := f.Result()
	if err != nil {
		return nil, fmt.Errorf("room %s %s: %w", msg.Room, msg.T, err)
	}
	r, _ := res.(*Reply)
	if r == nil {
		return nil, fmt.Errorf("room %s %s: no answer", msg.Room, msg.T)
	}
	return r, nil
}
