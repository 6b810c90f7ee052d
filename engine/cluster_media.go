package engine

import (
	"context"
	"fmt"
	"net"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/api/anchor"
	"courtside/engine/media"
	redisstore "courtside/storage/redis"
)

// Live streams across the nodes of a cluster. RTMP ingest is node-local: a stream lives in the
// media.Hub of the node its publisher reached. So that a REST call or a player reaching any node
// (behind a load balancer without affinity) sees and plays it:
//
//   - each node's Hub announces the streams it holds to a directory in Redis Cluster
//     (storage/redis Streams: room -> the holder's public URL and the stream's state, expiring
//     unless refreshed, removed at once when the stream ends) — streamDirectory below;
//   - the streamer centre and the public lists ask clusterMedia, which answers from the local Hub
//     first and otherwise from the directory: a remote stream's stats as its holder announced them,
//     and its playback URLs signed here (every node shares COURTSIDE_MEDIA_SECRET) on the holder's
//     base after the Hub's own entitlement checks (media.Hub.PlaybackRemote);
//   - a /media/ request for a stream held elsewhere is redirected (307) to the holder by the Hub's
//     handler, which Locates it in the same directory;
//   - stopping a stream held elsewhere (a ban, the streamer ending live) is a request to every node
//     over Redis pub/sub, which the holder's Hub acts on.
//
// A single node builds none of this: its Hub has no directory and the API talks to the Hub itself.

// directoryTTL is how long a stream's record outlives its holder's last refresh (the Hub refreshes
// every media.Config.AnnounceEvery, 3 s): how long other nodes may still send viewers to a node that
// died with a stream.
const directoryTTL = 10 * time.Second

// lookupTimeout bounds a directory read made for a REST answer (Stats has no context of its own).
const lookupTimeout = time.Second

// streamDirectory is media.Directory on Redis Cluster for one node.
type streamDirectory struct {
	streams *redisstore.Streams
}

var (
	_ media.Directory = (*streamDirectory)(nil)
	_ media.Trials    = (*redisstore.Trials)(nil)
)

// Announce implements media.Directory.
func (d *streamDirectory) Announce(ctx context.Context, live []media.RoomStats) error {
	recs := make([]redisstore.StreamRecord, len(live))
	for i, s := range live {
		recs[i] = redisstore.StreamRecord{Room: s.Room, Viewers: s.Viewers(), Stalled: s.Stalled, Since: s.Since}
	}
	return d.streams.Publish(ctx, recs...)
}

// Withdraw implements media.Directory.
func (d *streamDirectory) Withdraw(ctx context.Context, room string) error {
	_, err := d.streams.Remove(ctx, room)
	return err
}

// Locate implements media.Directory.
func (d *streamDirectory) Locate(ctx context.Context, room string) (string, bool, error) {
	rec, ok, err := d.elsewhere(ctx, room)
	return rec.NodeURL, ok, err
}

// ListenStops implements media.Directory.
func (d *streamDirectory) ListenStops(ctx context.Context, ready func(), stop func(room string)) error {
	return d.streams.ListenStops(ctx, ready, stop)
}

// elsewhere returns the record of room's stream when another node holds it. A record naming this
// node is not elsewhere: it is a stream that just ended here and is being withdrawn (or one from
// before a restart), and following it would redirect a viewer back to this node.
func (d *streamDirectory) elsewhere(ctx context.Context, room string) (redisstore.StreamRecord, bool, error) {
	rec, ok, err := d.streams.Lookup(ctx, room)
	if err != nil || !ok || rec.NodeURL == d.streams.Node() {
		return redisstore.StreamRecord{}, false, err
	}
	return rec, true, nil
}

// clusterMedia is what the streamer centre and the public lists (api/anchor) use of the media path
// in cluster mode: the local Hub, and the streams other nodes hold through the directory. Guide is
// the Hub's.
type clusterMedia struct {
	*media.Hub
	dir *streamDirectory
	log *zap.Logger
}

var _ anchor.Media = (*clusterMedia)(nil)

// Stats implements anchor.Media: the local stream, else another node's as it last announced it.
// A directory that cannot be read leaves the room offline in this answer (logged).
func (m *clusterMedia) Stats(room string) (media.RoomStats, bool) {
	if st, ok := m.Hub.Stats(room); ok {
		return st, true
	}
	ctx, cancel := context.WithTimeout(context.Background(), lookupTimeout)
	defer cancel()
	rec, ok, err := m.dir.elsewhere(ctx, room)
	if err != nil {
		m.log.Warn("media: stream directory unreadable", zap.String("room", room), zap.Error(err))
	}
	if !ok {
		return media.RoomStats{Room: room}, false
	}
	return remoteStats(rec), true
}

// Playback implements anchor.Media: the local stream first; a stream another node holds gets URLs
// on that node after the same checks. When the directory cannot be read the answer is the local
// one (the room's external source, if any, or not live).
func (m *clusterMedia) Playback(ctx context.Context, room string, userID int64) (media.Playback, error) {
	if m.Hub.Live(room) {
		return m.Hub.Playback(ctx, room, userID)
	}
	rec, ok, err := m.dir.elsewhere(ctx, room)
	if err != nil {
		m.log.Warn("media: stream directory unreadable", zap.String("room", room), zap.Error(err))
	}
	if !ok {
		return m.Hub.Playback(ctx, room, userID)
	}
	return m.Hub.PlaybackRemote(ctx, room, userID, media.RemoteStream{BaseURL: rec.NodeURL, Stats: remoteStats(rec)})
}

// StopRoom implements anchor.Media: the local stream, else a request to the node that holds it
// (a ban or the streamer ending live, handled here); it reports whether some node holds one.
func (m *clusterMedia) StopRoom(room string) bool {
	if m.Hub.StopRoom(room) {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), lookupTimeout)
	defer cancel()
	_, ok, err := m.dir.elsewhere(ctx, room)
	if err == nil && ok {
		err = m.dir.streams.RequestStop(ctx, room)
	}
	if err != nil {
		m.log.Warn("media: stop a stream held by another node", zap.String("room", room), zap.Error(err))
		return false
	}
	return ok
}

// remoteStats is a directory record as media stats; the holder announces one viewer total, counted
// here as HLS viewers.
func remoteStats(rec redisstore.StreamRecord) media.RoomStats {
	return media.RoomStats{Room: rec.Room, Since: rec.Since, Stalled: rec.Stalled, HLSViewers: rec.Viewers}
}

// newStreamDirectory opens the stream directory of this node in cluster mode; nil on a single node.
// It needs the cluster's Redis client (joinCluster runs before buildMedia) and the HTTP listener.
func (n *Node) newStreamDirectory() (*streamDirectory, error) {
	if n.cluster == nil {
		return nil, nil
	}
	url := n.nodeURL()
	streams, err := redisstore.NewStreams(n.cluster.redis, redisstore.StreamsConfig{Node: url, TTL: directoryTTL})
	if err != nil {
		return nil, err
	}
	n.log.Info("live streams shared through the cluster", zap.String("node_url", url))
	return &streamDirectory{streams: streams}, nil
}

// nodeURL is this node's public HTTP base URL: COURTSIDE_NODE_URL, else http://localhost with the
// port the HTTP server actually listens on (port 0 in tests), for local runs.
func (n *Node) nodeURL() string {
	if n.cfg.NodeURL != "" {
		return strings.TrimSuffix(n.cfg.NodeURL, "/")
	}
	port := ""
	if n.httpLn != nil {
		if a, ok := n.httpLn.Addr().(*net.TCPAddr); ok {
			port = fmt.Sprint(a.Port)
		}
	}
	if port == "" {
		_, port, _ = net.SplitHostPort(n.cfg.HTTPAddr)
	}
	return "http://localhost:" + port
}
