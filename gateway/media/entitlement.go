package media

import (
	"context"
	"sync"
	"time"

	"go.uber.org/zap"
)

// viewer is what the rules need to know about who is asking.
type viewer struct {
	id            int64 // 0: guest
	tier          int
	tierExpiry    time.Time
	unlocked      bool
	unlockedUntil time.Time
}

func (v viewer) member(now time.Time) bool {
	return v.tier >= TierVIP && now.Before(v.tierExpiry)
}

func (v viewer) svip(now time.Time) bool {
	return v.tier >= TierSVIP && now.Before(v.tierExpiry)
}

// decide applies the playback rules to one stream kind of a room:
//
//   - the Pro (FLV) stream needs a signed-in SVIP member;
//   - a paid room needs a signed-in viewer who unlocked it (membership does not replace the unlock);
//   - a member-only room needs a VIP or SVIP member; a signed-in non-member gets one trial of
//     trialLen from trialStart, then ErrTrialEnded ("activate membership"); guests must sign in;
//   - anything else is open to everyone, guests included.
//
// It returns until when the viewer may watch (zero: no limit from the rules) and whether that is a
// trial.
func decide(now time.Time, acc RoomAccess, v viewer, kind string, trialStart time.Time, trialLen time.Duration) (until time.Time, trial bool, err error) {
	limit := func(t time.Time) {
		if until.IsZero() || t.Before(until) {
			until = t
		}
	}
	if kind == KindFLV {
		if v.id == 0 {
			return time.Time{}, false, ErrLoginRequired
		}
		if !v.svip(now) {
			return time.Time{}, false, ErrProRequiresSVIP
		}
		limit(v.tierExpiry)
	}
	if acc.Paid {
		if v.id == 0 {
			return time.Time{}, false, ErrLoginRequired
		}
		if !v.unlocked || (!v.unlockedUntil.IsZero() && !now.Before(v.unlockedUntil)) {
			return time.Time{}, false, ErrPaymentRequired
		}
		if !v.unlockedUntil.IsZero() {
			limit(v.unlockedUntil)
		}
	}
	if acc.MemberOnly {
		switch {
		case v.member(now):
			limit(v.tierExpiry)
		case v.id == 0:
			return time.Time{}, false, ErrLoginRequired
		case trialLen < 0:
			return time.Time{}, false, ErrMembersOnly
		case trialStart.IsZero() || !now.Before(trialStart.Add(trialLen)):
			return time.Time{}, false, ErrTrialEnded
		default:
			limit(trialStart.Add(trialLen))
			trial = true
		}
	}
	return until, trial, nil
}

// TrialReset is how long a used trial is remembered: a non-member gets one trial per room per day.
const TrialReset = 24 * time.Hour

// Trials remembers when each non-member's trial of a room started, for every node of a cluster:
// Begin returns the start of user's trial of room, starting it at now when there is none (or the
// last one is older than TrialReset). Without it each node would give a viewer a trial of its own.
type Trials interface {
	Begin(ctx context.Context, user int64, room string, now time.Time) (time.Time, error)
}

// trialStart asks the shared Trials when there are any; when they fail, this node's book answers
// (a viewer may then get a second trial, which beats refusing a paying room's preview).
func (h *Hub) trialStart(ctx context.Context, user int64, room string, now time.Time) time.Time {
	if h.deps.Trials != nil {
		t, err := h.deps.Trials.Begin(ctx, user, room, now)
		if err == nil {
			return t
		}
		h.log.Warn("media: shared trials failed; using this node's", zap.Error(err))
	}
	return h.trials.begin(user, room, now)
}

// trialBook remembers when each (user, room) trial started, in this node's memory: a single node's
// Trials, and the fallback when the shared ones fail.
type trialBook struct {
	mu     sync.Mutex
	starts map[trialKey]time.Time
	swept  time.Time
}

type trialKey struct {
	user int64
	room string
}

func newTrialBook() *trialBook { return &trialBook{starts: map[trialKey]time.Time{}} }

// begin returns when user's trial of room started, starting it now if there is none (or the last one
// is older than TrialReset).
func (b *trialBook) begin(user int64, room string, now time.Time) time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	if now.Sub(b.swept) > time.Hour {
		for k, t := range b.starts {
			if now.Sub(t) > TrialReset {
				delete(b.starts, k)
			}
		}
		b.swept = now
	}
	k := trialKey{user, room}
	t, ok := b.starts[k]
	if !ok || now.Sub(t) > TrialReset {
		t = now
		b.starts[k] = t
	}
	return t
}
