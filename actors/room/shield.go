package room

import (
	"context"
	"strings"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
)

// Standing is how long a user has had an account and followed a streamer: what shield mode and
// followers-only chat decide on. The room asks once per user (at join, or at the first chat line
// that needs it) and keeps the answer for standingTTL, so no chat line waits for a database read
// but the first of a user the room has never seen while a gate is on.
type Standing interface {
	Standing(ctx context.Context, streamerID, uid string) (UserStanding, error)
}

// UserStanding is one user's standing towards a streamer.
type UserStanding struct {
	Created    time.Time // the account's creation; zero: unknown (treated as new)
	FollowedAt time.Time // zero: does not follow
}

// standingTTL is how long a known standing is trusted; a refusal for not following asks again
// after standingRetry (the user may just have followed).
const (
	standingTTL   = 10 * time.Minute
	standingRetry = 15 * time.Second
)

type standingEntry struct {
	s  UserStanding
	at time.Time
}

type standingLoaded struct {
	uid string
	s   UserStanding
	err error
}

// gatesOn reports whether any standing-based rule is in force.
func (a *Actor) gatesOn() bool {
	ps := a.presets()
	return ps.p.FollowersOnly || ps.active[AutoShield] != nil || ps.active[AutoFollowers] != nil
}

// prefetchStanding loads a joining user's standing while a gate is on, so their first line is
// decided at once.
func (a *Actor) prefetchStanding(ctx actor.Context, uid string) {
	if uid == "" || a.cfg.Standing == nil || !a.gatesOn() || strings.HasPrefix(uid, "g-") {
		return
	}
	if _, ok := a.presets().stand[uid]; ok {
		return
	}
	a.fetchStanding(ctx, uid)
}

func (a *Actor) fetchStanding(ctx actor.Context, uid string) {
	ps := a.presets()
	if _, pending := ps.stashed[uid]; pending {
		return
	}
	ps.stashed[uid] = nil
	self, sys, st, streamer := a.self, ctx.ActorSystem(), a.cfg.Standing, a.state.StreamerID
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		s, err := st.Standing(c, streamer, uid)
		sys.Root.Send(self, &standingLoaded{uid: uid, s: s, err: err})
	}()
}

func (a *Actor) onStandingLoaded(ctx actor.Context, m *standingLoaded) {
	ps := a.presets()
	waiting := ps.stashed[m.uid]
	delete(ps.stashed, m.uid)
	if m.err != nil {
		// Decided as unknown (a new account that does not follow) and asked again after standingRetry.
		a.cfg.Log.Warn("standing not loaded", zap.String("room", a.id), zap.String("uid", m.uid), zap.Error(m.err))
		m.s = UserStanding{}
	}
	ps.stand[m.uid] = standingEntry{s: m.s, at: a.cfg.Now()}
	ps.replaying = true // already counted towards the chat rate
	for _, c := range waiting {
		a.onChat(ctx, c)
	}
	ps.replaying = false
}

// shieldRefusal applies shield mode and followers-only to a viewer's line (rank 0 only). stash is
// true when the sender's standing must be loaded first: the line waits and is decided when it is.
func (a *Actor) shieldRefusal(c *Command, now time.Time) (code protocol.Code, stash bool) {
	ps := a.presets()
	shield := ps.active[AutoShield] != nil
	followers := ps.p.FollowersOnly || ps.active[AutoFollowers] != nil || shield
	if !followers {
		return 0, false
	}
	if shield && strictMatch(ps.p.ShieldWords, c.Msg.Text) {
		return protocol.CodeStrictWord, false
	}
	if a.cfg.Standing == nil {
		return 0, false
	}
	e, ok := ps.stand[c.User.ID]
	if !ok || now.Sub(e.at) > standingTTL {
		return 0, true
	}
	if shield && ps.p.NewAccountDays > 0 && (e.s.Created.IsZero() || now.Sub(e.s.Created) < time.Duration(ps.p.NewAccountDays)*24*time.Hour) {
		return protocol.CodeNewAccount, false
	}
	minFollow := time.Duration(ps.p.MinFollowMins) * time.Minute
	if e.s.FollowedAt.IsZero() || now.Sub(e.s.FollowedAt) < minFollow {
		if now.Sub(e.at) > standingRetry {
			delete(ps.stand, c.User.ID) // the next line asks again: they may have followed since
		}
		return protocol.CodeFollowersOnly, false
	}
	return 0, false
}

// stashChat keeps c until its sender's standing is known.
func (a *Actor) stashChat(ctx actor.Context, c *Command) {
	a.fetchStanding(ctx, c.User.ID)
	ps := a.presets()
	ps.stashed[c.User.ID] = append(ps.stashed[c.User.ID], c)
}

// strictMatch reports whether text holds one of words (case-insensitive).
func strictMatch(words []string, text string) bool {
	if len(words) == 0 {
		return false
	}
	low := strings.ToLower(text)
	for _, w := range words {
		if w = strings.TrimSpace(strings.ToLower(w)); w != "" && strings.Contains(low, w) {
			return true
		}
	}
	return false
}
