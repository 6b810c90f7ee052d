package anchor

import (
	"context"
	"errors"
	"net/netip"
	"time"

	"go.uber.org/zap"

	"courtside/gateway/media"
	"courtside/storage/postgres"
)

// MediaStore gives the media path what it needs from the streamer tables: it is the Hub's KeyResolver,
// Rooms, Unlocks and (one of its) Notifier. It holds no state of its own and is safe for concurrent use.
type MediaStore struct {
	Store *postgres.Anchors
	Log   *zap.Logger      // nil: no log
	Now   func() time.Time // nil: time.Now
}

var (
	_ media.KeyResolver    = MediaStore{}
	_ media.Rooms          = MediaStore{}
	_ media.Unlocks        = MediaStore{}
	_ media.Notifier       = MediaStore{}
	_ media.ViewerObserver = MediaStore{}
	_ media.SourcePolicy   = MediaStore{}
	_ media.HealthObserver = MediaStore{}
)

// StreamKeyRoom implements media.KeyResolver.
func (m MediaStore) StreamKeyRoom(ctx context.Context, hash []byte) (string, error) {
	room, err := m.Store.StreamKeyRoom(ctx, hash)
	if errors.Is(err, postgres.ErrStreamKeyRefused) {
		return "", media.ErrBadStreamKey
	}
	return room, err
}

// MediaRoom implements media.Rooms.
func (m MediaStore) MediaRoom(ctx context.Context, room string) (media.RoomAccess, bool, error) {
	acc, err := m.Store.RoomAccess(ctx, room)
	if errors.Is(err, postgres.ErrAnchorNotFound) {
		return media.RoomAccess{}, false, nil
	}
	if err != nil {
		return media.RoomAccess{}, false, err
	}
	return media.RoomAccess{MemberOnly: acc.MemberOnly, Paid: acc.Paid, ExternalURL: acc.M3U8URL}, true, nil
}

// Unlocked implements media.Unlocks.
func (m MediaStore) Unlocked(ctx context.Context, userID int64, room string) (time.Time, bool, error) {
	return m.Store.Unlocked(ctx, userID, room)
}

// LiveChanged implements media.Notifier: it records the live session (liveRecord, anchor list order).
// It writes synchronously, so that the start and the end of one stream are recorded in order; the
// media path calls it once at each end of a stream, never per packet.
func (m MediaStore) LiveChanged(room string, live bool) {
	now := time.Now()
	if m.Now != nil {
		now = m.Now()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := m.Store.SetLive(ctx, room, live, 0, now); err != nil && m.Log != nil {
		m.Log.Warn("anchor: recording live state", zap.String("room", room), zap.Bool("live", live), zap.Error(err))
	}
}

// StallChanged implements media.Notifier; the stall is shown by the room actors, nothing is stored.
func (MediaStore) StallChanged(string, bool) {}

// ViewersChanged implements media.ViewerObserver: it raises the open session's peak viewer count.
func (m MediaStore) ViewersChanged(room string, viewers int) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := m.Store.NotePeakViewers(ctx, room, viewers); err != nil && m.Log != nil {
		m.Log.Warn("anchor: recording viewers", zap.String("room", room), zap.Error(err))
	}
}

// SourceAllowed implements media.SourcePolicy: the room's allow-list (GET /addIpWhite), read from
// Postgres at every publish so that every node's ingest applies the list as last edited.
func (m MediaStore) SourceAllowed(ctx context.Context, room string, addr netip.Addr) (bool, error) {
	return m.Store.SourceAllowed(ctx, room, addr)
}

// StreamHealth implements media.HealthObserver: it keeps the sample for the live link details'
// chart (/anchorCenter/liveLinkDetails).
func (m MediaStore) StreamHealth(st media.RoomStats) {
	now := time.Now()
	if m.Now != nil {
		now = m.Now()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := postgres.HealthSampleRow{At: now, BitrateKbps: st.BitrateKbps, FPS: st.FPS, Viewers: st.Viewers()}
	if err := m.Store.AddHealthSample(ctx, st.Room, h); err != nil && m.Log != nil {
		m.Log.Warn("anchor: recording stream health", zap.String("room", st.Room), zap.Error(err))
	}
}
