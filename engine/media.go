package engine

import (
	"context"
	"errors"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/room"
	"courtside/api/account"
	"courtside/api/anchor"
	"courtside/gateway/media"
	"courtside/storage/postgres"
)

// buildMedia wires live streams: RTMP ingest and HTTP-FLV/HLS playback (media), and the streamer
// centre (anchor). A stream going live, ending or stalling is announced in its room's chat. The
// topology's stream directory lets every node list and play a stream another node holds.
func (w *wiring) buildMedia() error {
	n := w.n
	anchors := postgres.NewAnchors(n.pool)
	store := anchor.MediaStore{Store: anchors, Log: n.log.Named("anchor")}
	system := n.topo.system()
	announce := func(id, key string) { system.Root.Send(w.registry.Get(id), &room.Announce{Key: key}) }
	deps := media.Deps{
		Keys: store, Rooms: store, Unlocks: store, Entitlements: w.wallet,
		Directory: w.shared.streams, Trials: w.shared.trials,
		Sources: store, // the streamers' source allow-lists, from Postgres: the same on every node
		Notifier: media.Notifiers{store, media.NotifierFuncs{
			Live: func(id string, live bool) {
				if live {
					announce(id, "live.started")
					if w.liveStarted != nil {
						w.liveStarted(id) // followers' message centres (engine/userarea.go)
					}
					if w.anchor != nil {
						go w.reservedBroadcastStarted(id) // reservers' message centres, once (api/anchor)
					}
				} else {
					announce(id, "live.ended")
				}
			},
			Stall: func(id string, stalled bool) {
				if stalled {
					announce(id, "live.stalled")
				} else {
					announce(id, "live.resumed")
				}
			},
		}},
	}
	w.media = media.New(media.Config{
		RTMPAddr: n.cfg.RTMPAddr, RTMPPublicURL: n.cfg.RTMPPublic, SigningKey: []byte(n.cfg.MediaKey),
		Logger: n.log.Named("media"),
	}, deps)
	n.services = append(n.services, namedService{"media", w.media})
	// The ID photos' signed URLs use the media secret: the same on every node of a cluster.
	svc, err := anchor.New(anchor.Config{Logger: n.log.Named("anchor"), PhotoURLKey: []byte(n.cfg.MediaKey)}, anchor.Deps{
		Store: anchors, Media: w.media,
		Roles: anchor.RolesFunc(func(ctx context.Context, id int64) (bool, error) {
			u, err := w.accounts.UserByID(ctx, id)
			return err == nil && u.Admin(), err
		}),
		Phones: anchor.PhonesFunc(func(ctx context.Context, id int64) (string, error) {
			u, err := w.accounts.UserByID(ctx, id)
			return u.Phone, err
		}),
		Streamers: anchor.StreamerRolesFunc(func(ctx context.Context, id int64, on bool) error {
			if on {
				return w.accounts.GrantRole(ctx, id, account.RoleStreamer, time.Time{}, "anchor")
			}
			return w.accounts.RevokeRole(ctx, id, account.RoleStreamer)
		}),
		Matches:  anchor.MatchesFunc(w.matchInfo),
		Earnings: anchor.EarningsFunc(w.giftIncome),
		Payer:    anchor.UnlockPayerFunc(w.wallet.PayLiveUnlock),
		Staff:    w.accounts, // the back office's reviewers
		Audit:    w.audit,
		Scores:   w.matchAPI,
		Notices:  w.notices,
		Finder:   w.matchAPI, // the match picker
		Rooms:    streamerRoomRules{roomModeration{system: n.topo.system(), rooms: w.registry, props: n.topo.props}},
	})
	if err != nil {
		return err
	}
	svc.Routes(w.api, w.accounts)
	w.anchor = svc
	return nil
}

// reservedBroadcastStarted starts room's announced broadcast, if one is due, and tells its
// reservers (off the media path's goroutine).
func (w *wiring) reservedBroadcastStarted(room string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := w.anchor.BroadcastStarted(ctx, room); err != nil {
		w.n.log.Named("anchor").Warn("reserved broadcast start: " + err.Error())
	}
}

// matchInfo tells the streamer centre whether a match may be linked to a stream.
func (w *wiring) matchInfo(ctx context.Context, id string) (anchor.MatchInfo, error) {
	m, err := w.sports.Match(ctx, id)
	if errors.Is(err, postgres.ErrMatchNotFound) {
		return anchor.MatchInfo{}, nil
	}
	if err != nil {
		return anchor.MatchInfo{}, err
	}
	info := anchor.MatchInfo{Found: true, Start: m.Start, GameID: m.Game}
	switch st := m.Live.Status; {
	case st.InPlay():
		info.State = anchor.MatchLive
	case st == feed.StatusNotStarted || st == feed.StatusAnnounced:
		info.State = anchor.MatchScheduled
	default:
		info.State = anchor.MatchOver
	}
	return info, nil
}

// giftIncome is a streamer's share of the gifts received since a time, from the ledger.
func (w *wiring) giftIncome(ctx context.Context, streamer int64, since time.Time) ([]anchor.IncomeEntry, error) {
	lines, err := w.wallet.GiftIncome(ctx, streamer, since)
	if err != nil {
		return nil, err
	}
	out := make([]anchor.IncomeEntry, len(lines))
	for i, l := range lines {
		out[i] = anchor.IncomeEntry{At: l.At, Amount: l.Share, Currency: l.Currency, FromUser: l.Sender, Gift: l.Gift, Quantity: l.Count}
	}
	return out, nil
}
