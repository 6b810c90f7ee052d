package media

import (
	"context"

	redisstore "courtside/storage/redis"
)

// RedisDirectory is the Directory of a cluster: the stream records every node shares in Redis
// Cluster (storage/redis Streams: room -> the holder's public URL and the stream's state, expiring
// unless refreshed, removed at once when the stream ends), and stop requests over its pub/sub.
type RedisDirectory struct {
	Streams *redisstore.Streams
}

var _ Directory = RedisDirectory{}

// Announce implements Directory.
func (d RedisDirectory) Announce(ctx context.Context, live []RoomStats) error {
	recs := make([]redisstore.StreamRecord, len(live))
	for i, s := range live {
		recs[i] = redisstore.StreamRecord{Room: s.Room, Viewers: s.Viewers(), Stalled: s.Stalled, Since: s.Since}
	}
	return d.Streams.Publish(ctx, recs...)
}

// Withdraw implements Directory.
func (d RedisDirectory) Withdraw(ctx context.Context, room string) error {
	_, err := d.Streams.Remove(ctx, room)
	return err
}

// Lookup implements Directory. A record naming this node is not elsewhere: it is a stream that just
// ended here and is being withdrawn (or one from before a restart), and following it would send a
// viewer back to this node. The holder announces one viewer total, counted here as HLS viewers.
func (d RedisDirectory) Lookup(ctx context.Context, room string) (RemoteStream, bool, error) {
	rec, ok, err := d.Streams.Lookup(ctx, room)
	if err != nil || !ok || rec.NodeURL == d.Streams.Node() {
		return RemoteStream{}, false, err
	}
	return RemoteStream{BaseURL: rec.NodeURL,
		Stats: RoomStats{Room: rec.Room, Since: rec.Since, Stalled: rec.Stalled, HLSViewers: rec.Viewers}}, true, nil
}

// RequestStop implements Directory.
func (d RedisDirectory) RequestStop(ctx context.Context, room string) error {
	return d.Streams.RequestStop(ctx, room)
}

// ListenStops implements Directory.
func (d RedisDirectory) ListenStops(ctx context.Context, ready func(), stop func(room string)) error {
	return d.Streams.ListenStops(ctx, ready, stop)
}
