package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// GiftKeys are the rooms' gift idempotency keys on a node alone (room.GiftKeys): which event seq a
// paid gift became. A room's memory of recent gifts is lost when the node restarts; a client that
// retries the gift afterwards (its ack was lost with the connection) is then answered from here with
// the first seq instead of seeing the gift shown a second time. The cluster's equivalent lives in
// Redis (storage/redis GiftKeys), shared by every node.
//
// The first seq recorded for a key stays. Keys older than the TTL are ignored and pruned now and then.
type GiftKeys struct {
	pool    *pgxpool.Pool
	ttl     time.Duration
	now     func() time.Time
	written atomic.Uint64
}

// GiftKeysConfig configures GiftKeys.
type GiftKeysConfig struct {
	// TTL is how long a gift is recognised after it was shown: longer than any client retries the
	// same nonce. Default 24h.
	TTL time.Duration
	Now func() time.Time // default time.Now
}

// ErrGiftKeyTaken is returned by Remember when the key already holds another seq: the gift was
// shown twice (the node stopped between showing it and remembering it). The first seq stays.
var ErrGiftKeyTaken = errors.New("postgres: gift key already holds another seq")

// pruneEvery: one Remember in this many also deletes the expired keys.
const pruneEvery = 1024

// NewGiftKeys makes the gift keys on pool.
func NewGiftKeys(pool *pgxpool.Pool, cfg GiftKeysConfig) *GiftKeys {
	if cfg.TTL <= 0 {
		cfg.TTL = 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &GiftKeys{pool: pool, ttl: cfg.TTL, now: cfg.Now}
}

// GiftKeys are the gift keys on the store's pool, with the default configuration.
func (s *RoomStore) GiftKeys() *GiftKeys { return NewGiftKeys(s.pool, GiftKeysConfig{}) }

// Seen returns the seq key was remembered with, unless it expired.
func (g *GiftKeys) Seen(ctx context.Context, key string) (uint64, bool, error) {
	var seq int64
	err := g.pool.QueryRow(ctx, `SELECT seq FROM room_gift_keys WHERE key=$1 AND created_at > $2`,
		key, g.now().Add(-g.ttl)).Scan(&seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("postgres: look up gift key %s: %w", key, err)
	}
	return uint64(seq), true, nil
}

// Remember records that key became event seq, unless it already has a live seq (then
// ErrGiftKeyTaken when that seq differs). An expired key is taken over.
func (g *GiftKeys) Remember(ctx context.Context, key string, seq uint64) error {
	now := g.now()
	var held int64
	err := g.pool.QueryRow(ctx, `
		INSERT INTO room_gift_keys (key, seq, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (key) DO UPDATE SET seq=EXCLUDED.seq, created_at=EXCLUDED.created_at
			WHERE room_gift_keys.created_at <= $4
		RETURNING seq`, key, int64(seq), now, now.Add(-g.ttl)).Scan(&held)
	if errors.Is(err, pgx.ErrNoRows) {
		// A live key: the conflict updated nothing. Read what it holds.
		if err = g.pool.QueryRow(ctx, `SELECT seq FROM room_gift_keys WHERE key=$1`, key).Scan(&held); err != nil {
			return fmt.Errorf("postgres: remember gift key %s: %w", key, err)
		}
	} else if err != nil {
		return fmt.Errorf("postgres: remember gift key %s: %w", key, err)
	}
	if g.written.Add(1)%pruneEvery == 0 {
		_, _ = g.Prune(ctx) // best effort: Seen ignores expired keys anyway
	}
	if uint64(held) != seq {
		return fmt.Errorf("%w: %s holds %d, not %d", ErrGiftKeyTaken, key, held, seq)
	}
	return nil
}

// Prune deletes the expired keys and returns how many.
func (g *GiftKeys) Prune(ctx context.Context) (int64, error) {
	tag, err := g.pool.Exec(ctx, `DELETE FROM room_gift_keys WHERE created_at <= $1`, g.now().Add(-g.ttl))
	return tag.RowsAffected(), err
}
