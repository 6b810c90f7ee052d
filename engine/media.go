package engine

import (
	"context"
	"errors"
	"time"

	"courtside/actors/match/feed"
	"courtside/actors/room"
	"courtside/api"
	"courtside/api/account"
	"courtside/api/anchor"
	"courtside/engine/media"
	"courtside/storage/postgres"
	redisstore "courtside/storage/redis"
)

// buildMedia wires live streams: RTMP ingest and HTTP-FLV/HLS playback (media), and the streamer
// centre (anchor). A stream going live, ending or stalling is announced in its room's chat. In
// cluster mode streams are shared through Redis (cluster_media.go): every node lists and plays them.
func (n *Node) buildMedia() error {
	anchors := postgres.NewAnchors(n.pool)
	store := anchor.MediaStore{Store: anchors, Log: n.log.Named("anchor")}
	announce := func(id, key string) { n.system.Root.Send(n.registry.Get(id), &room.Announce{Key: key}) }
	dir, err := n.newStreamDirectory() // cluster mode only: streams seen and played from every node
	if err != nil {
		return err
	}
	deps := media.Deps{
		Keys: store, Rooms: store, Unlocks: store, Entitlements: n.wallet,
		Notifier: media.Notifiers{store, media.NotifierFuncs{
			Live: func(id string, live bool) {
				if live {
					announce(id, "live.started")
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
	if dir != nil { // a nil *streamDirectory in the interface would not be a nil Directory
		deps.Directory = dir
		// One trial per viewer and room for the whole cluster, not one per node.
		deps.Trials = redisstore.NewTrials(n.cluster.redis, "", media.TrialReset)
	}
	n.media = media.New(media.Config{
		RTMPAddr: n.cfg.RTMPAddr, RTMPPublicURL: n.cfg.RTMPPublic, SigningKey: []byte(n.cfg.MediaKey),
		Logger: n.log.Named("media"),
	}, deps)
	var streams anchor.Media = n.media
	if dir != nil {
		streams = &clusterMedia{Hub: n.media, dir: dir, log: n.log.Named("media")}
	}
	svc, err := anchor.New(anchor.Config{Logger: n.log.Named("anchor")}, anchor.Deps{
		Store: anchors, Media: streams,
		Auth: anchor.AuthFunc(func(r *api.Request) (int64, error) {
			u, err := n.accounts.Authenticate(r.Context(), r.Token)
			return u.ID, err
		}),
		Roles: anchor.RolesFunc(func(ctx context.Context, id int64) (bool, error) {
			u, err := n.accounts.UserByID(ctx, id)
			return err == nil && u.Admin(), err
		}),
		Phones: anchor.PhonesFunc(func(ctx context.Context, id int64) (string, error) {
			u, err := n.accounts.UserByID(ctx, id)
			return u.Phone, err
		}),
		Streamers: anchor.StreamerRolesFunc(func(ctx context.Context, id int64, on bool) error {
			if on {
				return n.accounts.GrantRole(ctx, id, account.RoleStreamer, time.Time{}, "anchor")
			}
			return n.accounts.RevokeRole(ctx, id, account.RoleStreamer)
		}),
		Matches:  anchor.MatchesFunc(n.matchInfo),
		Earnings: anchor.EarningsFunc(n.giftIncome),
		Payer:    anchor.UnlockPayerFunc(n.wallet.PayLiveUnlock),
	})
	if err != nil {
		return err
	}
	svc.Register(n.api)
	return nil
}

// matchInfo tells the streamer centre whether a match may be linked to a stream.
func (n *Node) matchInfo(ctx context.Context, id string) (anchor.MatchInfo, error) {
	m, err := n.sports.Match(ctx, id)
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
func (n *Node) giftIncome(ctx context.Context, streamer int64, since time.Time) ([]anchor.IncomeEntry, error) {
	lines, err := n.wallet.GiftIncome(ctx, streamer, since)
	if err != nil {
		return nil, err
	}
	out := make([]anchor.IncomeEntry, len(lines))
	for i, l := range lines {
		out[i] = anchor.IncomeEntry{At: l.At, Amount: l.Share, Currency: l.Currency, FromUser: l.Sender, Gift: l.Gift, Quantity: l.Count}
	}
	return out, nil
}
