package media

import "context"

// localDirectory is the Directory of a node alone: every stream is this node's, so there is nothing
// to announce, nobody else holds a stream and nobody else asks to stop one.
type localDirectory struct{}

var _ Directory = localDirectory{}

func (localDirectory) Announce(context.Context, []RoomStats) error { return nil }

func (localDirectory) Withdraw(context.Context, string) error { return nil }

func (localDirectory) Lookup(context.Context, string) (RemoteStream, bool, error) {
	return RemoteStream{}, false, nil
}

func (localDirectory) RequestStop(context.Context, string) error { return nil }

func (localDirectory) ListenStops(ctx context.Context, ready func(), _ func(string)) error {
	ready()
	<-ctx.Done()
	return nil
}
