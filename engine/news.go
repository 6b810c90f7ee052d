package engine

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/api/audit"
	"courtside/api/comments"
	"courtside/api/news"
	"courtside/storage/postgres"
)

// buildNews wires the news and the comments capability: comments on the targets of each kind (news
// today; the videos add their kind here), the chat's banned-words filter and the platform mutes for
// comments, the accounts module for who may comment and what staff may do, the audit log, the
// sports store for match cards and previews, and the page lookups of /news/:id and /news/:game/:id.
// With the demo flag the demo articles are written once the demo matches exist.
func (w *wiring) buildNews() error {
	n := w.n
	w.videoComments = &videoComments{}
	rec := audit.New(audit.Config{}, postgres.NewAuditLog(n.pool))
	newsSvc, err := news.New(news.Config{Logger: n.log.Named("news")}, news.Deps{
		Pool: n.pool, Matches: newsMatches{w.sports}, Audit: rec, Names: shopNames{w.accounts},
		Follows: w.accounts, Staff: w.accounts, Admins: w.accounts,
	})
	if err != nil {
		return err
	}
	cs, err := comments.New(comments.Config{Logger: n.log.Named("comments")}, comments.Deps{
		Pool: n.pool, Users: w.accounts, Mutes: w.shared.mutes, Filter: w.roomCfg.Filter, Audit: rec, Names: shopNames{w.accounts},
		Targets: map[string]comments.Target{
			comments.KindNews:  newsSvc,
			comments.KindVideo: w.videoComments, // its service is set by buildVideos
		},
	})
	if err != nil {
		return err
	}
	newsSvc.SetComments(cs)
	newsSvc.AddHook(newsIndex{idx: w.search, log: n.log.Named("search"), now: time.Now})
	w.newsSvc = newsSvc
	newsSvc.Routes(w.api, w.accounts)
	cs.Routes(w.api, w.accounts, w.accounts, w.accounts)
	w.api.PageLookup("news", newsSvc.PageExists)
	w.api.PageLookup("newsArticle", newsSvc.PageExists)
	if n.cfg.Demo {
		n.services = append(n.services, namedService{"news-demo", &newsDemo{svc: newsSvc, sports: w.sports, log: n.log.Named("news")}})
	}
	return nil
}

// newsMatches gives articles their match cards from the sports store.
type newsMatches struct{ s *postgres.SportsStore }

func (m newsMatches) Card(ctx context.Context, id string) (news.MatchCard, bool, error) {
	r, err := m.s.Match(ctx, id)
	if errors.Is(err, postgres.ErrNotFound) {
		return news.MatchCard{}, false, nil
	}
	if err != nil {
		return news.MatchCard{}, false, err
	}
	return cardOf(r), true, nil
}

func cardOf(r postgres.MatchRow) news.MatchCard {
	logo := func(l, id string) string {
		if l != "" {
			return l
		}
		return "/images/teams/" + id + ".svg"
	}
	return news.MatchCard{ID: r.ID, Game: r.Game, League: r.LeagueName, HomeID: r.Home, Home: r.HomeName, HomeLogo: logo(r.HomeLogo, r.Home),
		AwayID: r.Away, Away: r.AwayName, AwayLogo: logo(r.AwayLogo, r.Away), Start: r.Start.UnixMilli(), Status: int(r.Live.Status),
		HomeScore: r.Live.Home, AwayScore: r.Live.Away}
}

// newsDemo writes the demo articles once the demo matches are in the store (the simulator seeds
// them as it starts), then stops.
type newsDemo struct {
	svc    *news.Service
	sports *postgres.SportsStore
	log    *zap.Logger
}

func (d *newsDemo) Run(ctx context.Context) error {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for tries := 0; tries < 60; tries++ {
		done, err := d.seed(ctx)
		if err != nil {
			d.log.Warn("news: demo articles", zap.Error(err))
		}
		if done {
			break
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
	<-ctx.Done()
	return nil
}

// seed writes the demo articles when upcoming matches exist; it reports whether it is done.
func (d *newsDemo) seed(ctx context.Context) (bool, error) {
	now := time.Now()
	rows, err := d.sports.MatchesBetween(ctx, now.Add(30*time.Minute), now.Add(72*time.Hour))
	if err != nil || len(rows) == 0 {
		return false, err
	}
	// One preview per game for the games the demo articles are about, and a few more.
	wanted := []int{feed.GameSoccer, feed.GameBasketball, feed.GameLoL, feed.GameCS, feed.GameDota2, feed.GameValorant, feed.GameTennis}
	var picks []news.DemoMatch
	for _, g := range wanted {
		n := 0
		for _, r := range rows {
			if r.Game != g || r.Home == "" || r.Away == "" || r.Home == r.Away || r.HomeName == "" || r.AwayName == "" {
				continue
			}
			picks = append(picks, news.DemoMatch{Card: cardOf(r), League: r.LeagueName})
			if n++; n == 2 {
				break
			}
		}
	}
	for _, a := range news.DemoArticles(picks, now) {
		if _, err := d.svc.Store().SaveArticle(ctx, a, now); err != nil {
			return false, err
		}
	}
	d.log.Info("news: demo articles written", zap.Int("previews", len(picks)))
	return true, nil
}
