package redis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Streams is the cluster's record of live streams: which node holds each room's stream (RTMP
// ingest is node-local: the publisher's node), where that node serves its media, and the stream's
// state, so that every node can list the stream and send its viewers there.
//
// Keys are "<prefix>stream:<room>", one JSON string per room (no hash tag: every call touches one
// key), written only by the holder with an expiry of TTL that it refreshes well within TTL: a node
// that dies drops out when its records expire. A stream that ends is removed at once, and only by
// its holder (Remove compares the holder in Redis), so a node that ends a stream late cannot erase
// the record of a node that holds the room now.
type Streams struct {
	c      *goredis.ClusterClient
	prefix string
	node   string
	ttl    time.Duration
}

// StreamsConfig configures one node's view of the stream records.
type StreamsConfig struct {
	// Prefix of the keys; default "cs:".
	Prefix string
	// Node is this node's public HTTP base URL (http://host:port): where the streams it holds are
	// played, and the identity Remove checks. Required, unique in the cluster.
	Node string
	// TTL is how long a record lives without a refresh. Default 10s.
	TTL time.Duration
}

// StreamRecord is one live stream as its holder last published it.
type StreamRecord struct {
	Room string `json:"room"`
	// NodeURL is the holder's public HTTP base URL; set by Publish.
	NodeURL string    `json:"node"`
	Viewers int       `json:"viewers"`
	Stalled bool      `json:"stalled"`
	Since   time.Time `json:"since"` // when the stream went live
}

// ErrNoNode is returned by NewStreams without StreamsConfig.Node.
var ErrNoNode = errors.New("redis: streams need the node's public URL")

// NewStreams makes the stream records as node cfg.Node writes and reads them.
func NewStreams(c *goredis.ClusterClient, cfg StreamsConfig) (*Streams, error) {
	if cfg.Node == "" {
		return nil, ErrNoNode
	}
	if cfg.TTL <= 0 {
		cfg.TTL = 10 * time.Second
	}
	return &Streams{c: c, prefix: prefix(cfg.Prefix) + "stream:", node: cfg.Node, ttl: cfg.TTL}, nil
}

// Node is this node's public HTTP base URL, as records name it.
func (s *Streams) Node() string { return s.node }

// TTL is how long a record lives without a refresh: publish again well within it.
func (s *Streams) TTL() time.Duration { return s.ttl }

// Publish records (or refreshes) streams this node holds, each expiring after TTL. NodeURL is set
// to this node. The records are written in one pipeline; any failure is returned.
func (s *Streams) Publish(ctx context.Context, recs ...StreamRecord) error {
	if len(recs) == 0 {
		return nil
	}
	pipe := s.c.Pipeline()
	for _, r := range recs {
		r.NodeURL = s.node
		v, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("redis: stream record of %s: %w", r.Room, err)
		}
		pipe.Set(ctx, s.prefix+r.Room, v, s.ttl)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("redis: publish streams: %w", err)
	}
	return nil
}

// removeOwn deletes a stream record only when this node holds it (ARGV[1]).
var removeOwn = goredis.NewScript(`
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local ok, rec = pcall(cjson.decode, v)
if ok and rec.node == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`)

// Remove deletes room's record if this node holds it (the stream ended here). It reports whether a
// record was removed.
func (s *Streams) Remove(ctx context.Context, room string) (bool, error) {
	n, err := removeOwn.Run(ctx, s.c, []string{s.prefix + room}, s.node).Int()
	if err != nil {
		return false, fmt.Errorf("redis: remove stream %s: %w", room, err)
	}
	return n == 1, nil
}

// Lookup returns room's record; found is false when no node holds a stream of room (or its holder
// stopped refreshing it for TTL).
func (s *Streams) Lookup(ctx context.Context, room string) (rec StreamRecord, found bool, err error) {
	v, err := s.c.Get(ctx, s.prefix+room).Bytes()
	switch {
	case errors.Is(err, goredis.Nil):
		return StreamRecord{}, false, nil
	case err != nil:
		return StreamRecord{}, false, fmt.Errorf("redis: stream %s: %w", room, err)
	}
	if err := json.Unmarshal(v, &rec); err != nil {
		return StreamRecord{}, false, fmt.Errorf("redis: stream %s: bad record: %w", room, err)
	}
	return rec, true, nil
}

func (s *Streams) stopChannel() string { return s.prefix + "stop" }

// RequestStop asks every node to stop room's stream (a ban, the streamer ending live, handled on a
// node that does not hold the stream): the holder, listening with ListenStops, cuts its publisher.
func (s *Streams) RequestStop(ctx context.Context, room string) error {
	if err := s.c.Publish(ctx, s.stopChannel(), room).Err(); err != nil {
		return fmt.Errorf("redis: request stop of stream %s: %w", room, err)
	}
	return nil
}

// ListenStops calls stop with the room of every RequestStop made on any node, until ctx is done
// (then it returns nil). ready, if not nil, is called once the subscription is confirmed: requests
// made before are not seen. The subscription reconnects by itself after a Redis failure; requests
// made while it is down are lost (the ban still refuses the streamer's key on the next push).
func (s *Streams) ListenStops(ctx context.Context, ready func(), stop func(room string)) error {
	sub := s.c.Subscribe(ctx, s.stopChannel())
	defer sub.Close()
	if _, err := sub.Receive(ctx); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("redis: listen for stream stops: %w", err)
	}
	if ready != nil {
		ready()
	}
	msgs := sub.Channel()
	for {
		select {
		case <-ctx.Done():
			return nil
		case m, ok := <-msgs:
			if !ok {
				return nil
			}
			stop(m.Payload)
		}
	}
}
