package engine

import (
	"context"
	"fmt"
	"net"
	"sync/atomic"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"courtside/actors/cluster"
	"courtside/actors/match"
	"courtside/actors/relay"
	"courtside/actors/room"
	"courtside/actors/session"
	"courtside/api"
	"courtside/api/account"
	"courtside/api/anchor"
	"courtside/api/audit"
	"courtside/api/channels"
	"courtside/api/locale"
	"courtside/api/matches"
	"courtside/api/news"
	"courtside/api/notice"
	"courtside/api/search"
	"courtside/api/settlement"
	"courtside/api/wallet"
	"courtside/gateway"
	"courtside/gateway/media"
	"courtside/storage/history"
	"courtside/storage/postgres"
	"courtside/storage/scylla"
)

// wiring is what New builds and connects: the stores, the actors' registries and the services of
// each area. It lives only while New runs; what Run needs is kept in the Node.
type wiring struct {
	n      *Node
	shared sharedState

	rooms    *postgres.RoomStore
	hist     history.Store
	writer   *history.Writer
	roomCfg  *room.Config
	registry *room.Registry
	resolver *locale.Resolver
	api      *api.Server
	auth     session.Authenticator

	accounts *account.Service
	wallet   *wallet.Service
	media    *media.Hub
	notices  *notice.Service
	audit    *audit.Service  // the back office's audit log (engine/admin.go)
	anchor   *anchor.Service // the streamer centre, for the back office

	sports    *postgres.SportsStore
	topics    *match.Topics
	matches   *match.Registry
	matchAPI  *matches.Service
	demoClock matches.DemoClock   // the demo simulator, when it is the feed (engine/scores.go)
	settle    *settlement.Service // the settlement service on match results (engine/experts.go)
	// the user area's hooks (engine/userarea.go): booked matches starting, followed rooms going live
	matchStarts   *matchStartNotices
	liveStarted   func(room string)
	channels      *channels.Service // promotion channels (engine/channels.go), told of new accounts
	videoComments *videoComments    // the videos as a comments target (engine/videos.go)
	newsSvc       *news.Service     // the news, for the search's content pass (engine/search_content.go)
	search        *search.Service   // the site search; news and videos put their documents here (engine/search.go)
	incidents     atomic.Value      // *incidentTee once the moderation presets are wired (engine/modpresets.go)
	words         *platformWords    // the chat's banned words, rebuilt when staff change them (engine/adminops.go)
}

// build wires the node in dependency order. Every step that opens something registers its close.
func (n *Node) build(ctx context.Context) error {
	var err error
	if n.topo, err = newTopology(ctx, n.cfg, n.log, n.reg); err != nil {
		return err
	}
	n.onClose(n.topo.close)
	if err := n.openDatabase(ctx); err != nil {
		return err
	}
	w := &wiring{n: n, auth: n.auth}
	if err := w.openStorage(ctx); err != nil {
		return err
	}
	if err := n.listenHTTP(); err != nil {
		return err
	}
	if w.shared, err = n.topo.shared(ctx, w.rooms, n.nodeURL()); err != nil {
		return err
	}
	if w.resolver, err = locale.New(locale.Config{GeoIPPath: n.cfg.GeoIPPath}); err != nil {
		return err
	}
	if err := w.buildRooms(); err != nil {
		return err
	}
	w.buildScores()
	if err := w.buildFeed(); err != nil {
		return err
	}
	// Every registry an activation may reach exists now: place their actors (in a cluster: join).
	if err := n.topo.host(cluster.Hosted{Rooms: w.registry, RoomActor: func(id string) actor.Actor { return room.New(id, w.roomCfg) },
		Matches: w.matches, Topics: w.topics}); err != nil {
		return err
	}
	relayPID := n.topo.system().Root.Spawn(n.topo.props(relay.Props(relay.Config{Encode: encodeFrame, Broadcast: (&broadcaster{}).send,
		Rooms: match.Finder{Rooms: w.registry, Topics: w.topics}, Heartbeat: n.topo.relayHeartbeat()})))
	n.topo.setRelay(relayPID)
	sessions := &session.Config{
		Relay: relayPID, Rooms: w.registry, Topics: w.topics, Users: n.topo.users(), Log: n.log.Named("session"),
		Translate: locale.Message,
	}
	n.gw = gateway.New(gateway.Config{
		Addr: n.cfg.WSAddr, AllowedOrigins: n.cfg.Origins, MaxMessageSize: n.cfg.MaxMessage,
		OutboundLimit: n.cfg.OutboundMax, MaxConnsPerIP: n.cfg.WSPerIP, MaxConns: n.cfg.WSMaxConns, Compression: wsCompression(n.cfg.WSCompress), Multicore: true, Logger: n.log.Named("gateway"), Registerer: n.reg,
	}, &realtime{system: n.topo.system(), sessions: n.topo.props(session.Props(sessions)), resolver: w.resolver})

	_, wsPort, _ := net.SplitHostPort(n.cfg.WSAddr)
	port := 0
	fmt.Sscan(wsPort, &port)
	w.api = api.New(api.Config{
		SiteDir: n.cfg.WebDir, MobileHost: n.cfg.MobileHost, GatewayURLs: n.cfg.WSPublicURL, GatewayPort: port, MaxBodyBytes: 4 << 20,
		Resolver: w.resolver, Logger: n.log.Named("api"),
	})
	n.onClose(func() { w.api.Close() })
	if err := w.buildAccounts(); err != nil {
		return err
	}
	w.buildNotices()
	w.buildAudit()
	if err := w.buildWallet(); err != nil {
		return err
	}
	if err := w.buildPaidMessages(); err != nil {
		return err
	}
	if err := w.buildMedia(); err != nil {
		return err
	}
	w.buildAdmin()
	if err := w.buildContent(); err != nil {
		return err
	}
	if err := w.buildSupport(); err != nil {
		return err
	}
	if err := w.buildShop(ctx); err != nil {
		return err
	}
	// The search before the areas that feed it (news, videos: engine/search_content.go).
	if err := w.buildSearch(); err != nil {
		return err
	}
	if err := w.buildNews(); err != nil {
		return err
	}
	if err := w.buildUserArea(sessions); err != nil {
		return err
	}
	if err := w.buildChannels(ctx); err != nil {
		return err
	}
	if err := w.buildVideos(); err != nil {
		return err
	}
	if err := w.buildLiveDemo(); err != nil {
		return err
	}
	if err := w.buildExperts(ctx); err != nil {
		return err
	}
	w.buildModPresets()
	if err := w.buildPredictions(sessions); err != nil {
		return err
	}
	w.buildChat()
	w.matchAPI.Routes(w.api, w.accounts)
	matches.NewDemo(w.matchAPI, matches.DemoDeps{Clock: w.demoClock, Audit: w.audit}).Routes(w.api, w.accounts, w.accounts)
	w.api.PageLookup("match", func(ctx context.Context, p map[string]string) (bool, error) {
		return w.matchAPI.Exists(ctx, p["game"], p["id"])
	})
	w.buildSEO()
	sessions.Auth = w.auth
	n.handler = n.operations(w.media.Handler(), w.api.Handler())
	// The actor system stops after every service; the stores close after it.
	n.onClose(n.topo.system().Shutdown)
	return nil
}

// openStorage opens the room store (seeding the demo rooms) and the chat history: ScyllaDB when
// configured, else the topology's store; the history writer batches appends to it.
func (w *wiring) openStorage(ctx context.Context) error {
	n := w.n
	w.rooms = postgres.NewRoomStore(n.pool, 4)
	n.onClose(w.rooms.Close)
	if n.cfg.Demo {
		if err := seedDemo(ctx, w.rooms); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	var err error
	if len(n.cfg.ScyllaHosts) > 0 {
		if w.hist, err = scylla.Open(ctx, scylla.Config{Hosts: n.cfg.ScyllaHosts}); err != nil {
			return fmt.Errorf("chat history in ScyllaDB: %w", err)
		}
		n.log.Info("chat history in ScyllaDB", zap.Strings("hosts", n.cfg.ScyllaHosts))
	} else if w.hist, err = n.topo.history(n.pool); err != nil {
		return err
	}
	n.onClose(func() { w.hist.Close() })
	if w.writer, err = history.NewWriter(w.hist, history.WriterConfig{Registerer: n.reg}); err != nil {
		return err
	}
	n.onClose(func() {
		if err := w.writer.Close(); err != nil {
			n.log.Error("chat history flush failed", zap.Error(err))
		}
	})
	return nil
}

// buildRooms makes the live rooms' configuration and registry.
func (w *wiring) buildRooms() error {
	n := w.n
	filter, err := newPlatformWords(n) // the word file plus the back office's words (engine/adminops.go)
	if err != nil {
		return err
	}
	w.words = filter
	sampled := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "courtside_chat_sampled_out_total",
		Help: "Ordinary chat lines left out of hot-room frames (they stay in history).",
	})
	frameWait := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "courtside_chat_frame_wait_seconds",
		Help:    "Time a chat line waits in its room from being durable to its frame going to the relays (the room's pacing).",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .15, .2, .25, .5, 1},
	})
	n.reg.MustRegister(sampled, frameWait)
	w.roomCfg = &room.Config{
		TickMin: n.cfg.TickMin, TickMax: n.cfg.TickMax, FrameLines: n.cfg.FrameLines, RingSize: n.cfg.RingSize,
		Store: roomStore{w.rooms}, History: &historyAdapter{store: w.hist, writer: w.writer},
		PlatformMutes: w.shared.mutes, Filter: filter, Exists: func(string) bool { return false },
		SampledOut: sampled, FrameWait: frameWait, Log: n.log.Named("room"),
	}
	if w.shared.giftKeys != nil {
		errs := prometheus.NewCounter(prometheus.CounterOpts{
			Name: "courtside_gift_key_errors_total",
			Help: "Failed lookups and writes of the gift idempotency keys (Redis in a cluster, Postgres on a node alone); gifts went on without them.",
		})
		n.reg.MustRegister(errs)
		w.roomCfg.GiftKeys, w.roomCfg.GiftKeyErrors = w.shared.giftKeys, errs
	}
	w.registry = room.NewRegistry(n.topo.system(), w.roomCfg)
	return nil
}
