package media_test

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"courtside/gateway/media"
)

// memKeys is an in-memory KeyResolver: stream key hash -> room.
type memKeys struct {
	mu   sync.Mutex
	keys map[string]string
}

func (k *memKeys) add(key, room string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.keys == nil {
		k.keys = map[string]string{}
	}
	k.keys[hex.EncodeToString(media.HashStreamKey(key))] = room
}

func (k *memKeys) StreamKeyRoom(_ context.Context, hash []byte) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	room, ok := k.keys[hex.EncodeToString(hash)]
	if !ok {
		return "", media.ErrBadStreamKey
	}
	return room, nil
}

// memRooms is an in-memory Rooms.
type memRooms map[string]media.RoomAccess

func (m memRooms) MediaRoom(_ context.Context, room string) (media.RoomAccess, bool, error) {
	r, ok := m[room]
	return r, ok, nil
}

// memWallet is an in-memory Entitlements and Unlocks.
type memWallet struct {
	tiers   map[int64]int
	expiry  time.Time
	unlocks map[string]time.Time // "user/room" -> until
}

func (w memWallet) Entitlements(_ context.Context, id int64) (int, time.Time, error) {
	t, ok := w.tiers[id]
	if !ok {
		return 0, time.Time{}, nil
	}
	return t, w.expiry, nil
}

func (w memWallet) Unlocked(_ context.Context, id int64, room string) (time.Time, bool, error) {
	u, ok := w.unlocks[fmt.Sprintf("%d/%s", id, room)]
	return u, ok, nil
}

// events records Notifier calls.
type events struct {
	mu   sync.Mutex
	list []string
}

func (e *events) LiveChanged(room string, live bool) {
	e.add(fmt.Sprintf("live %s %v", room, live))
}

func (e *events) StallChanged(room string, stalled bool) {
	e.add(fmt.Sprintf("stall %s %v", room, stalled))
}

func (e *events) add(s string) {
	e.mu.Lock()
	e.list = append(e.list, s)
	e.mu.Unlock()
}

func (e *events) has(s string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, x := range e.list {
		if x == s {
			return true
		}
	}
	return false
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(d time.Duration, cond func() bool) error {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		if cond() {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	if cond() {
		return nil
	}
	return errors.New("condition not met in time")
}
