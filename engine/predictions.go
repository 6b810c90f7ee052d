package engine

import (
	"context"
	"errors"
	"time"

	"courtside/actors/room"
	"courtside/actors/session"
	"courtside/api/predictions"
	"courtside/storage/postgres"
)

// buildPredictions wires in-room predictions (issue 25): channel points earned from the same two
// realtime hooks as the user area's experience (time in a room, durable chat lines, each with its
// room), the final-result markets settled through the one settlement service, the event markets
// and the locks by the area's own sweep (on every node: each change happens once under a row lock),
// and every change announced in the room's stream.
func (w *wiring) buildPredictions(sessions *session.Config) error {
	n := w.n
	system := n.topo.system()
	svc, err := predictions.New(predictions.Config{Logger: n.log.Named("predictions")}, predictions.Deps{
		Store: postgres.NewPredictions(n.pool), Settlement: w.settlementService(), Matches: predictionMatches{w.sports},
		Admins: w.accounts,
		Rooms: roomAnnouncer(func(id, key, text string) {
			system.Root.Send(w.registry.Get(id), &room.Announce{Key: key, Text: text})
		}),
	})
	if err != nil {
		return err
	}
	svc.Routes(w.api, w.accounts)
	sessions.Watching = watchingAlso{sessions.Watching, svc}
	if h, ok := w.roomCfg.History.(*historyAdapter); ok {
		h.chatted = svc.Chatted
	}
	n.services = append(n.services, namedService{"predictions", ServiceFunc(svc.Run)})
	return nil
}

type roomAnnouncer func(id, key, text string)

func (f roomAnnouncer) Announce(id, key, text string) { f(id, key, text) }

// watchingAlso tells the predictions' points as well as whoever heard watch time before.
type watchingAlso struct {
	before session.Watching
	svc    *predictions.Service
}

func (w watchingAlso) Watched(user, roomID string, d time.Duration) {
	if w.before != nil {
		w.before.Watched(user, roomID, d)
	}
	w.svc.Watched(user, roomID, d)
}

// predictionMatches is the predictions' view of the match module.
type predictionMatches struct{ sports *postgres.SportsStore }

func (p predictionMatches) Match(ctx context.Context, id string) (predictions.Match, bool, error) {
	m, err := p.sports.Match(ctx, id)
	if errors.Is(err, postgres.ErrMatchNotFound) {
		return predictions.Match{}, false, nil
	}
	if err != nil {
		return predictions.Match{}, false, err
	}
	out := predictions.Match{ID: m.ID, Game: m.Game, Home: m.HomeName, Away: m.AwayName, Status: int(m.Live.Status), StartAt: m.Start}
	if o := m.Live.Odds; o != nil && !o.Suspended {
		out.OULine = o.OULine
	}
	return out, true, nil
}
