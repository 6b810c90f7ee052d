package media

import (
	"context"
	"net"
	"sort"
	"sync"
	"time"

	"go.uber.org/zap"
)

// Deps are the Hub's collaborators. Keys is required for RTMP ingest; Rooms, Entitlements and Unlocks
// for Playback. A nil Notifier is a no-op.
type Deps struct {
	Keys         KeyResolver
	Notifier     Notifier
	Rooms        Rooms
	Entitlements Entitlements
	Unlocks      Unlocks
	// Directory records which node holds which stream. Default: the local one (a node alone).
	Directory Directory
	// Trials is where non-members' trials are remembered for every node (cluster mode); nil: in
	// this node's memory, which is all a single node needs.
	Trials Trials
	// Sources is the streamers' source-address allow-lists; nil: every address may publish.
	Sources SourcePolicy
}

// Hub is a node's media path: RTMP ingest (Run), the live streams, their HTTP-FLV and HLS playback
// (Handler) and the signed URLs that lead to them (Playback).
type Hub struct {
	cfg  Config
	deps Deps
	log  *zap.Logger
	sign signer

	mu      sync.RWMutex
	streams map[string]*stream

	trials *trialBook
	// changed wakes the directory announcer (directory.go) when a stream starts, ends or stalls.
	changed chan struct{}
	// stopsReady is closed once other nodes' stop requests are heard (cluster mode).
	stopsReady chan struct{}
	stopsOnce  sync.Once

	lnMu  sync.Mutex
	ln    net.Listener
	ready chan struct{}

	recorder Recorder // nil: streams are not recorded

	// publicSet: Config.RTMPPublicURL was configured, not the default (ingest_address.go).
	publicSet bool
}

// SetRecorder makes every stream that goes live from now on recorded by r. Call it while wiring,
// before Run.
func (h *Hub) SetRecorder(r Recorder) { h.recorder = r }

// New builds a Hub; it fills Config's zero values with defaults.
func New(cfg Config, deps Deps) *Hub {
	publicSet := cfg.RTMPPublicURL != ""
	cfg.fill()
	if deps.Notifier == nil {
		deps.Notifier = Notifiers(nil)
	}
	if deps.Directory == nil {
		deps.Directory = localDirectory{}
	}
	return &Hub{
		cfg: cfg, deps: deps, log: cfg.Logger, sign: signer{key: cfg.SigningKey},
		streams:    map[string]*stream{},
		trials:     newTrialBook(),
		changed:    make(chan struct{}, 1),
		stopsReady: make(chan struct{}),
		ready:      make(chan struct{}),
		publicSet:  publicSet,
	}
}

// Config returns the configuration in force (defaults filled).
func (h *Hub) Config() Config { return h.cfg }

// claim reserves room for a publisher before its media is read, so that a second push is refused
// before it is even acknowledged.
func (h *Hub) claim(room string, kick func()) (*stream, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, busy := h.streams[room]; busy {
		return nil, ErrRoomBusy
	}
	st := newStream(room, &h.cfg, kick, h.cfg.Now())
	h.streams[room] = st
	return st, nil
}

// start makes a claimed stream live, tells the notifier and starts the stall watchdog.
func (h *Hub) start(st *stream, t tracks) error {
	if err := st.start(t, h.cfg.Now()); err != nil {
		return err
	}
	h.log.Info("media: live", zap.String("room", st.room), zap.Bool("audio", t.audio != nil))
	h.deps.Notifier.LiveChanged(st.room, true)
	if h.recorder != nil {
		st.rec = h.recorder.StartRecording(st.room, st.started)
	}
	h.streamsChanged()
	go h.watch(st)
	return nil
}

// release ends a stream: viewers are told, the room goes offline.
func (h *Hub) release(st *stream) {
	h.mu.Lock()
	if h.streams[st.room] == st {
		delete(h.streams, st.room)
	}
	h.mu.Unlock()
	wasLive := st.live.Load()
	st.end()
	h.streamsChanged()
	if wasLive {
		h.log.Info("media: offline", zap.String("room", st.room))
		h.deps.Notifier.LiveChanged(st.room, false)
	}
}

// watch reports a stream that stops sending media while its publisher stays connected, and its
// recovery.
func (h *Hub) watch(st *stream) {
	every := max(h.cfg.StallAfter/4, 20*time.Millisecond)
	t := time.NewTicker(every)
	defer t.Stop()
	obs, _ := h.deps.Notifier.(ViewerObserver)
	healthObs, _ := h.deps.Notifier.(HealthObserver)
	lastViewers := 0
	var meter healthMeter
	meter.read(st, time.Now())
	nextHealth := time.Now().Add(h.cfg.HealthEvery)
	for {
		select {
		case <-st.done:
			return
		case <-t.C:
		}
		if now := time.Now(); !now.Before(nextHealth) {
			nextHealth = now.Add(h.cfg.HealthEvery)
			// Other nodes see the new rates with the next periodic announce (AnnounceEvery).
			if meter.read(st, now) {
				if healthObs != nil {
					healthObs.StreamHealth(h.stats(st))
				}
			}
		}
		idle := h.cfg.Now().Sub(time.Unix(0, st.lastMedia.Load()))
		stalled := idle >= h.cfg.StallAfter
		if st.stalled.Swap(stalled) != stalled {
			h.log.Info("media: stall", zap.String("room", st.room), zap.Bool("stalled", stalled))
			h.deps.Notifier.StallChanged(st.room, stalled)
			h.streamsChanged()
		}
		if obs != nil {
			if n := h.stats(st).Viewers(); n != lastViewers {
				lastViewers = n
				obs.ViewersChanged(st.room, n)
			}
		}
	}
}

func (h *Hub) stream(room string) (*stream, bool) {
	h.mu.RLock()
	st, ok := h.streams[room]
	h.mu.RUnlock()
	if !ok || !st.live.Load() {
		return nil, false
	}
	return st, true
}

// Live reports whether room has a publisher sending a stream on this node.
func (h *Hub) Live(room string) bool {
	_, ok := h.stream(room)
	return ok
}

// StopRoom disconnects room's publisher at once (a streaming ban, the streamer ending live), on this
// node or, through the Directory, on the node that holds it. It reports whether some node held one.
func (h *Hub) StopRoom(room string) bool {
	if h.stopLocal(room) {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), lookupTimeout)
	defer cancel()
	_, ok, err := h.deps.Directory.Lookup(ctx, room)
	if err == nil && ok {
		err = h.deps.Directory.RequestStop(ctx, room)
	}
	if err != nil {
		h.log.Warn("media: stop a stream held by another node", zap.String("room", room), zap.Error(err))
		return false
	}
	return ok
}

// stopLocal disconnects room's publisher if this node holds it.
func (h *Hub) stopLocal(room string) bool {
	h.mu.RLock()
	st, ok := h.streams[room]
	h.mu.RUnlock()
	if !ok {
		return false
	}
	if st.kick != nil {
		st.kick()
	}
	h.release(st)
	return true
}

// RoomStats is one live room's state (on this node, or as its holder announced it).
type RoomStats struct {
	Room       string    `json:"room"`
	Since      time.Time `json:"since"`
	Stalled    bool      `json:"stalled"`
	FLVViewers int       `json:"flvViewers"`
	HLSViewers int       `json:"hlsViewers"`
	// BitrateKbps and FPS are what the publisher sent over the last Config.HealthEvery, measured
	// at the ingest (health.go); 0 until the first interval has passed.
	BitrateKbps int     `json:"bitrateKbps"`
	FPS         float64 `json:"fps"`
}

// Viewers is the number of people watching.
func (s RoomStats) Viewers() int { return s.FLVViewers + s.HLSViewers }

// lookupTimeout bounds a directory read made for an answer that has no context of its own (Stats,
// StopRoom).
const lookupTimeout = time.Second

// Stats returns room's state: the stream on this node, else another node's as it last announced it.
// ok is false when no node holds it (a directory that cannot be read leaves it offline, logged).
func (h *Hub) Stats(room string) (RoomStats, bool) {
	if st, ok := h.stream(room); ok {
		return h.stats(st), true
	}
	ctx, cancel := context.WithTimeout(context.Background(), lookupTimeout)
	defer cancel()
	rs, ok, err := h.deps.Directory.Lookup(ctx, room)
	if err != nil {
		h.log.Warn("media: stream directory unreadable", zap.String("room", room), zap.Error(err))
	}
	if !ok {
		return RoomStats{Room: room}, false
	}
	return rs.Stats, true
}

func (h *Hub) stats(st *stream) RoomStats {
	return RoomStats{
		Room: st.room, Since: st.started, Stalled: st.stalled.Load(),
		FLVViewers: int(st.flvViews.Load()), HLSViewers: st.hlsViewers(h.cfg.Now()),
		BitrateKbps: int(st.bitrateKbps.Load()), FPS: float64(st.fpsCenti.Load()) / 100,
	}
}

// AllStats returns every live room of this node, by room id.
func (h *Hub) AllStats() []RoomStats {
	h.mu.RLock()
	list := make([]*stream, 0, len(h.streams))
	for _, st := range h.streams {
		if st.live.Load() {
			list = append(list, st)
		}
	}
	h.mu.RUnlock()
	out := make([]RoomStats, 0, len(list))
	for _, st := range list {
		out = append(out, h.stats(st))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Room < out[j].Room })
	return out
}

// OBSGuide is what the streamer centre shows for OBS: Settings → Stream → Custom.
type OBSGuide struct {
	Server    string `json:"server"`    // rtmp://host:1935/live
	StreamKey string `json:"streamKey"` // empty unless just created: only its hash is stored
	// Recommended encoder settings: keyframes every 2 s keep HLS segments on target and let FLV
	// viewers start quickly.
	KeyframeIntervalSec int    `json:"keyframeIntervalSec"`
	VideoCodec          string `json:"videoCodec"`
	AudioCodec          string `json:"audioCodec"`
}

// Guide returns the OBS guide with key (pass "" when the key is not being revealed).
func (h *Hub) Guide(key string) OBSGuide {
	return OBSGuide{Server: h.Ingest("").Server, StreamKey: key,
		KeyframeIntervalSec: int(h.cfg.HLSSegment / time.Second), VideoCodec: "H.264 (x264)", AudioCodec: "AAC"}
}
