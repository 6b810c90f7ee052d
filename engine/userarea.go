package engine

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"time"

	"courtside/actors/match"
	"courtside/actors/match/feed"
	"courtside/actors/protocol"
	"courtside/actors/session"
	"courtside/api/account"
	"courtside/api/notice"
	"courtside/api/userarea"
	"courtside/storage/postgres"
)

// buildUserArea wires the rest of the user area (issue 23): levels, tasks, invitations and sent
// gifts over Postgres and the ledger, level-up and reward notices through the message centre, and
// the two cheap hooks of the realtime path that feed experience and tasks: a session reports the
// time its user spent in a room, the history adapter reports each durable chat line and gift.
func (w *wiring) buildUserArea(sessions *session.Config) error {
	n := w.n
	svc, err := userarea.New(userarea.Config{Logger: n.log.Named("userarea")}, userarea.Deps{
		Store: postgres.NewUserArea(n.pool), Users: w.accounts, Notices: w.notices,
	})
	if err != nil {
		return err
	}
	svc.Routes(w.api, w.accounts)
	if h, ok := w.roomCfg.History.(*historyAdapter); ok {
		h.stored = func(kind, user string) {
			switch kind {
			case protocol.KChat:
				svc.Activity(user, userarea.ActChat, 1)
			case protocol.KGift:
				svc.Activity(user, userarea.ActGift, 1)
			}
		}
	}
	sessions.Watching = watching{svc}
	if w.matchStarts != nil {
		w.matchStarts.area.Store(svc)
	}
	w.liveStarted = svc.StreamerLive
	n.services = append(n.services, namedService{"userarea", svc})
	return nil
}

// watching turns the minutes a user spent in a room into watch activity.
type watching struct{ svc *userarea.Service }

func (w watching) Watched(user, _ string, d time.Duration) {
	if m := int64(d / time.Minute); m > 0 {
		w.svc.Activity(user, userarea.ActWatch, m)
	}
}

// quietKinds reads a user's notification settings from their preferences object (the "notify" key
// of /user/saveUserDataStatus, written by /userInfo/preferences): a kind set to false is not pushed.
func quietKinds(a *account.Service) notice.Quiet {
	return func(ctx context.Context, userID int64, kind string) bool {
		raw, err := a.Prefs(ctx, userID)
		if err != nil {
			return false
		}
		var p struct {
			Notify map[string]bool `json:"notify"`
		}
		if json.Unmarshal(raw, &p) != nil {
			return false
		}
		on, set := p.Notify[kind]
		return set && !on
	}
}

// matchStartNotices is the match actors' Notifier: a booked match starting reaches the user's open
// sessions (session.MatchNotices, at once) and, once the user area is built, their message centre.
type matchStartNotices struct {
	sessions session.MatchNotices
	sports   *postgres.SportsStore
	area     atomic.Pointer[userarea.Service]
}

var _ match.Notifier = (*matchStartNotices)(nil)

// matchStartNotifier is built with the scores (buildScores); buildUserArea completes it.
func (w *wiring) matchStartNotifier() match.Notifier {
	w.matchStarts = &matchStartNotices{sessions: session.MatchNotices{Users: w.n.topo.users()}, sports: w.sports}
	return w.matchStarts
}

// MatchStarting implements match.Notifier (called from a goroutine of its own).
func (m *matchStartNotices) MatchStarting(userIDs []string, s match.Starting) {
	m.sessions.MatchStarting(userIDs, s)
	area := m.area.Load()
	if area == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	row, err := m.sports.Match(ctx, s.Match)
	if err != nil {
		return
	}
	link := "/match/recommended"
	if g, ok := feed.GameByID(s.Game); ok {
		link = "/" + strings.ToLower(g.Abbr) + "/" + s.Match
	}
	ids := make([]int64, 0, len(userIDs))
	for _, u := range userIDs {
		if id, err := protocol.ParseUserID(u); err == nil {
			ids = append(ids, int64(id))
		}
	}
	area.MatchStarting(ctx, ids, s.Match, row.HomeName, row.AwayName, link)
}
