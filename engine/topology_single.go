package engine

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"courtside/actors/cluster"
	"courtside/actors/match"
	"courtside/actors/room"
	"courtside/actors/session"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// singleTopology is a node alone: actors spawned by the local registries, chat history in the
// embedded store on local disk, shared state in memory (seeded from Postgres where it is recorded
// there), users' sessions all on this node.
type singleTopology struct {
	cfg   Config
	log   *zap.Logger
	sys   *actor.ActorSystem
	local *session.LocalUsers
}

var _ topology = (*singleTopology)(nil)

func newSingleTopology(cfg Config, log *zap.Logger) *singleTopology {
	sys := actor.NewActorSystem()
	return &singleTopology{cfg: cfg, log: log, sys: sys, local: session.NewLocalUsers(sys)}
}

func (t *singleTopology) system() *actor.ActorSystem                    { return t.sys }
func (t *singleTopology) props(p *actor.Props) *actor.Props             { return p }
func (t *singleTopology) relayHeartbeat() time.Duration                 { return 0 }
func (t *singleTopology) users() session.Users                          { return t.local }
func (t *singleTopology) matchListener(m match.Listener) match.Listener { return m }
func (t *singleTopology) host(cluster.Hosted) error                     { return nil }
func (t *singleTopology) setRelay(*actor.PID)                           {}
func (t *singleTopology) services() []namedService                      { return nil }
func (t *singleTopology) routes(*http.ServeMux)                         {}
func (t *singleTopology) close()                                        {}

// history is the embedded store (Pebble) under the data directory.
func (t *singleTopology) history(*pgxpool.Pool) (history.Store, error) {
	dir := filepath.Join(t.cfg.DataDir, "history")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return history.OpenPebble(history.PebbleConfig{Dir: dir, Logger: t.log.Named("pebble")})
}

// shared: platform mutes in memory, written through to Postgres by the rooms; everything else the
// services' own in-process defaults (gift keys in each room's memory, leaderboards, rate limits
// and trials in memory, no session cache, every stream this node's).
func (t *singleTopology) shared(ctx context.Context, rooms *postgres.RoomStore, _ string) (sharedState, error) {
	seed, err := platformMuteSeed(ctx, rooms, time.Now())
	if err != nil {
		return sharedState{}, err
	}
	// Gift keys outlive a restart in Postgres: a gift retried afterwards is acknowledged, not shown again.
	return sharedState{mutes: room.NewMemoryPlatformMutes(seed), giftKeys: rooms.GiftKeys()}, nil
}

var _ room.GiftKeys = (*postgres.GiftKeys)(nil)
