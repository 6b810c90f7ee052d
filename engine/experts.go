package engine

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/api/account"
	"courtside/api/audit"
	"courtside/api/experts"
	"courtside/api/settlement"
	"courtside/storage/postgres"
)

// settlementService is the node's one settlement service (created on first use: buildScores hands
// it to the match actors as their ResultSink before the experts area exists).
func (w *wiring) settlementService() *settlement.Service {
	if w.settle == nil {
		n := w.n
		w.settle = settlement.New(settlement.Config{Logger: n.log.Named("settlement")}, postgres.NewSettlements(n.pool))
		n.services = append(n.services, namedService{"settlement", ServiceFunc(w.settle.Run)})
	}
	return w.settle
}

// buildExperts wires the experts area: applications, plans, purchases through the wallet's ledger,
// settlement by the score feed, staff review with the audit log. With demo data it seeds a few
// approved experts with plans on the demo matches.
func (w *wiring) buildExperts(ctx context.Context) error {
	n := w.n
	store := postgres.NewExperts(n.pool)
	svc, err := experts.New(experts.Config{Logger: n.log.Named("experts")}, experts.Deps{
		Store: store, Settlement: w.settlementService(),
		Phones: phonesFunc(func(ctx context.Context, id int64) (string, error) {
			u, err := w.accounts.UserByID(ctx, id)
			return u.Phone, err
		}),
		Roles: expertRolesFunc(func(ctx context.Context, id int64, on bool) error {
			if on {
				return w.accounts.GrantRole(ctx, id, account.RoleExpert, time.Time{}, "experts")
			}
			return w.accounts.RevokeRole(ctx, id, account.RoleExpert)
		}),
		Staff: w.accounts, Admins: w.accounts, Coins: w.wallet, Matches: expertMatches{w.sports},
		Audit: audit.New(audit.Config{}, postgres.NewAuditLog(n.pool)),
	})
	if err != nil {
		return err
	}
	svc.Routes(w.api, w.accounts)
	if n.cfg.Demo {
		// The demo's matches are seeded and played by the simulator once the node runs: wait for a
		// played week, then seed the experts once.
		n.services = append(n.services, namedService{"experts-demo", ServiceFunc(func(ctx context.Context) error {
			t := time.NewTicker(5 * time.Second)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return nil
				case <-t.C:
				}
				done, err := seedDemoExperts(ctx, w.accounts.Store(), store, w.sports, svc)
				if err != nil {
					n.log.Warn("experts: demo data", zap.Error(err))
				}
				if done {
					// Keep a few plans on sale: the matches of the coming hours get their odds as time goes on.
					if err := topUpDemoPlans(ctx, w.accounts.Store(), store, w.sports); err != nil {
						n.log.Warn("experts: demo plans", zap.Error(err))
					}
					t.Reset(time.Minute)
				}
			}
		})})
	}
	return nil
}

type phonesFunc func(ctx context.Context, id int64) (string, error)

func (f phonesFunc) BoundPhone(ctx context.Context, id int64) (string, error) { return f(ctx, id) }

type expertRolesFunc func(ctx context.Context, id int64, on bool) error

func (f expertRolesFunc) SetExpert(ctx context.Context, id int64, on bool) error {
	return f(ctx, id, on)
}

// expertMatches is the experts area's view of the match module.
type expertMatches struct{ sports *postgres.SportsStore }

func matchOf(m postgres.MatchRow) experts.Match {
	out := experts.Match{ID: m.ID, Game: m.Game, League: m.LeagueName, Home: m.HomeName, Away: m.AwayName, Start: m.Start,
		Status: int(m.Live.Status)}
	if o := m.Live.Odds; o != nil && !o.Suspended {
		out.OddsHome, out.OddsDraw, out.OddsAway = o.Home, o.Draw, o.Away
		out.HcLine, out.HcHome, out.HcAway = o.HcLine, o.HcHome, o.HcAway
		out.OULine, out.OUOver, out.OUUnder = o.OULine, o.OUOver, o.OUUnder
	}
	return out
}

func (e expertMatches) Match(ctx context.Context, id string) (experts.Match, bool, error) {
	m, err := e.sports.Match(ctx, id)
	if errors.Is(err, postgres.ErrMatchNotFound) {
		return experts.Match{}, false, nil
	}
	if err != nil {
		return experts.Match{}, false, err
	}
	return matchOf(m), true, nil
}

func (e expertMatches) Upcoming(ctx context.Context, from, to time.Time, game, limit int) ([]experts.Match, error) {
	rows, err := e.sports.MatchesBetween(ctx, from, to)
	if err != nil {
		return nil, err
	}
	var out []experts.Match
	for _, m := range rows {
		if (game == 0 || m.Game == game) && len(out) < limit {
			out = append(out, matchOf(m))
		}
	}
	return out, nil
}

// demoExperts are the demo's experts: invented people with a style and a skill (the share of their
// historical picks that come out right in the seeded record).
var demoExperts = []struct {
	username, nickname, intro, experience string
	skill                                 float64
	featured                              bool
	games                                 []int32 // what they chose when applying (/expert/specialist)
}{
	{"MartaLindqvist", "Marta Lindqvist", "Former lower-league analyst. I read pressing numbers and fatigue before anything else.", "Eight years of match previews for a regional paper.", 0.64, true,
		[]int32{feed.GameSoccer}},
	{"OkaforStats", "Chidi Okafor", "Data first: expected goals, rest days and travel. Small stakes, long horizon.", "Five seasons of public model picks.", 0.58, true,
		[]int32{feed.GameSoccer, feed.GameBasketball}},
	{"LucaFerrante", "Luca Ferrante", "Handicap specialist. I look for favourites that are priced to win by too much.", "Ex-trader at a sportsbook desk.", 0.55, false,
		[]int32{feed.GameSoccer, feed.GameTennis}},
	{"HanaKimura", "Hana Kimura", "Esports and basketball totals. Pace, map pools and back-to-backs.", "Caster notes turned into picks since 2019.", 0.61, false,
		[]int32{feed.GameLoL, feed.GameCS, feed.GameBasketball}},
	{"DiegoArrieta", "Diego Arrieta", "Underdog hunter. Few picks, only when the price is wrong.", "Amateur coach, fifteen years in the stands.", 0.50, false,
		[]int32{feed.GameSoccer, feed.GameBaseball}},
}

// seedDemoExperts creates the demo experts once, with a record on finished demo matches (settled at
// the time the match ended) and published plans on upcoming ones.
func seedDemoExperts(ctx context.Context, accounts *postgres.Accounts, store *postgres.Experts, sports *postgres.SportsStore,
	svc *experts.Service) (bool, error) {
	now := time.Now()
	rows, err := sports.MatchesBetween(ctx, now.Add(-6*24*time.Hour), now.Add(72*time.Hour))
	if err != nil {
		return false, err
	}
	finished := 0
	for _, m := range rows {
		if m.Live.Status == feed.StatusFinished && m.Live.Odds != nil {
			finished++
		}
	}
	if finished < 50 {
		return false, nil // the simulator has not played the past days yet
	}
	for ei, d := range demoExperts {
		u, err := accounts.UserByUsername(ctx, d.username, now)
		var id int64
		switch {
		case errors.Is(err, postgres.ErrUserNotFound):
			if id, err = accounts.CreateUser(ctx, postgres.NewUser{Username: d.username}, nil); err != nil {
				return false, err
			}
		case err != nil:
			return false, err
		default:
			id = u.ID
		}
		if _, err := store.Expert(ctx, id); err == nil {
			continue // seeded before
		}
		if err := seedDemoExpert(ctx, accounts, store, svc, rows, now, id, ei); err != nil {
			return false, err
		}
	}
	return true, nil
}

func seedDemoExpert(ctx context.Context, accounts *postgres.Accounts, store *postgres.Experts, svc *experts.Service,
	rows []postgres.MatchRow, now time.Time, id int64, ei int) error {
	d := demoExperts[ei]
	{
		if _, err := store.Apply(ctx, postgres.ExpertRow{UserID: id, Nickname: d.nickname, RealName: d.nickname, IDNumber: "DEMO000000",
			Phone: "+00000000000", Intro: d.intro, Experience: d.experience, Games: d.games, SubmittedAt: now.Add(-30 * 24 * time.Hour)}); err != nil {
			return err
		}
		if _, err := store.SetExpertStatus(ctx, id, []string{postgres.ExpertReview}, postgres.ExpertApproved, "", 0, now.Add(-29*24*time.Hour)); err != nil {
			return err
		}
		_ = accounts.GrantRole(ctx, id, string(account.RoleExpert), time.Time{}, "demo")
		if d.featured {
			_ = store.SetFeatured(ctx, id, true)
		}
		past, upcoming := 0, 0
		for mi, m := range rows {
			x := demoHash(d.username, m.ID)
			mm := matchOf(m)
			finished := m.Live.Status == feed.StatusFinished
			switch {
			case mm.OddsHome <= 1 || mm.OddsHome > 5 || mm.OddsAway > 5:
				continue // long shots (a battle royale's winner) make no believable record
			case finished && (past >= 30 || x%2 != 0):
				continue
			case !finished && (upcoming >= 3 || x%2 != 0 || m.Live.Status != feed.StatusNotStarted || !m.Start.After(now.Add(30*time.Minute))):
				continue
			}
			playType, pick := demoPick(mm, x, finished, m.Live.Home, m.Live.Away, d.skill)
			line, odds := demoMarket(mm, playType, pick)
			if odds <= 1 {
				continue
			}
			created := m.Start.Add(-time.Duration(2+x%20) * time.Hour)
			if created.After(now) {
				created = now.Add(-time.Minute)
			}
			title, text := demoText(playType, pick, x, mi, m.HomeName, m.AwayName)
			p := postgres.PlanRow{ExpertID: id, MatchID: m.ID, GameID: m.Game, League: m.LeagueName, Home: m.HomeName, Away: m.AwayName,
				MatchStart: m.Start, PlayType: playType, PlayLevel: 1 + int(x%5), Pick: pick, Line: line, Odds: odds, Title: title,
				Content: text, Price: []int64{0, 18, 28, 38, 58}[x%5],
				RefundIfLost: x%3 == 0, State: postgres.PlanPublished, Version: 1, CreatedAt: created.UTC().Truncate(time.Microsecond)}
			p.ReleasedAt = p.CreatedAt
			if _, err := store.CreatePlan(ctx, p, func(p *postgres.PlanRow) ([]byte, error) {
				h, b := experts.Hash(experts.RecordOf(*p))
				p.RecordHash = h
				return b, nil
			}, 3); err != nil {
				return err
			}
			if finished {
				past++
				// Settled at the time the match ended, rather than now.
				if err := svc.SettleDemo(ctx, m.ID, m.Start.Add(2*time.Hour)); err != nil {
					return err
				}
			} else {
				upcoming++
			}
		}
	}
	return nil
}

// topUpDemoPlans gives each demo expert up to two published plans on matches of the next day that
// have odds and have not started.
func topUpDemoPlans(ctx context.Context, accounts *postgres.Accounts, store *postgres.Experts, sports *postgres.SportsStore) error {
	now := time.Now()
	rows, err := sports.MatchesBetween(ctx, now.Add(30*time.Minute), now.Add(24*time.Hour))
	if err != nil {
		return err
	}
	for _, d := range demoExperts {
		u, err := accounts.UserByUsername(ctx, d.username, now)
		if err != nil {
			continue
		}
		_, open, err := store.ListPlans(ctx, postgres.PlanFilter{ExpertID: u.ID, States: []string{postgres.PlanPublished}, Upcoming: now, Limit: 1})
		if err != nil {
			return err
		}
		for i, m := range rows {
			if open >= 2 {
				break
			}
			x := demoHash(d.username, m.ID)
			mm := matchOf(m)
			if x%4 != 0 || mm.OddsHome <= 1 || mm.OddsHome > 4 || mm.OddsAway > 4 || m.Live.Status != feed.StatusNotStarted {
				continue
			}
			playType, pick := demoPick(mm, x, false, 0, 0, d.skill)
			line, odds := demoMarket(mm, playType, pick)
			if odds <= 1 {
				continue
			}
			title, text := demoText(playType, pick, x, i, m.HomeName, m.AwayName)
			p := postgres.PlanRow{ExpertID: u.ID, MatchID: m.ID, GameID: m.Game, League: m.LeagueName, Home: m.HomeName, Away: m.AwayName,
				MatchStart: m.Start, PlayType: playType, PlayLevel: 1 + int(x%5), Pick: pick, Line: line, Odds: odds,
				Title: title, Content: text,
				Price: []int64{0, 18, 28, 38, 58}[x%5], RefundIfLost: x%3 == 0, State: postgres.PlanPublished, Version: 1,
				CreatedAt: now.UTC().Truncate(time.Microsecond)}
			p.ReleasedAt = p.CreatedAt
			if _, err := store.CreatePlan(ctx, p, func(p *postgres.PlanRow) ([]byte, error) {
				h, b := experts.Hash(experts.RecordOf(*p))
				p.RecordHash = h
				return b, nil
			}, 3); err != nil && !errors.Is(err, postgres.ErrPlanLimit) {
				return err
			}
			open++
		}
	}
	return nil
}

// demoWords are the demo plans' titles and texts per market and side, so a plan's title agrees with
// what it picks (a "visitors" title on an away pick, a totals title on over/under). Titles keep to
// the plans' 5-30 characters; texts take the home team then the away team (%[1]s, %[2]s) and say
// nothing only one sport has.
var demoWords = map[string]struct{ titles, texts []string }{
	settlement.Market1X2 + "/" + settlement.PickHome: {
		[]string{"Home form says win", "Rested hosts take this", "Home edge is underpriced"},
		[]string{"%[1]s have won most of their recent home games and %[2]s travelled midweek. The price still assumes an even match.",
			"Rest favours %[1]s; %[2]s rotated poorly last time out. I expect %[1]s to pull away late."},
	},
	settlement.Market1X2 + "/" + settlement.PickAway: {
		[]string{"Value on the visitors", "Away side wins this one", "Hosts look tired: back away"},
		[]string{"%[2]s create more than the table suggests and %[1]s rely on one player in career form. Regression points to the visitors.",
			"The line moved against %[2]s on news that does not matter much; %[1]s are still missing their best player."},
	},
	settlement.MarketHandicap + "/" + settlement.PickHome: {
		[]string{"Hosts cover the line", "Home side wins by a margin"},
		[]string{"%[1]s win big when they win: their last wins came by wide margins, and %[2]s fade late."},
	},
	settlement.MarketHandicap + "/" + settlement.PickAway: {
		[]string{"Underdog keeps it close", "Visitors stay inside the line"},
		[]string{"%[2]s lose close games, not blowouts: the line gives them more room than they need against %[1]s."},
	},
	settlement.MarketOU + "/" + settlement.PickOver: {
		[]string{"Two open sides: go over", "Total looks too low"},
		[]string{"Both %[1]s and %[2]s play fast and defend poorly in transition: the total is set for a slower match."},
	},
	settlement.MarketOU + "/" + settlement.PickUnder: {
		[]string{"A cagey one: under", "Total looks too high"},
		[]string{"%[1]s slow the game down at home and %[2]s rarely score early: the total assumes a pace neither side plays."},
	},
}

// demoText is a demo plan's title and text for its market and pick (n varies the choice).
func demoText(playType, pick string, x uint32, n int, home, away string) (title, text string) {
	w, ok := demoWords[playType+"/"+pick]
	if !ok {
		w = demoWords[settlement.Market1X2+"/"+settlement.PickHome]
	}
	return w.titles[(int(x)+n)%len(w.titles)], fmt.Sprintf(w.texts[int(x)%len(w.texts)], home, away)
}

func demoHash(a, b string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(a))
	h.Write([]byte{0})
	h.Write([]byte(b))
	return h.Sum32()
}

// demoPick chooses a market and a pick; on a finished match it is right with probability skill.
func demoPick(m experts.Match, x uint32, finished bool, home, away int, skill float64) (string, string) {
	playType := []string{settlement.Market1X2, settlement.MarketHandicap, settlement.MarketOU}[x%3]
	if _, o := demoMarket(m, playType, pickFor(playType, true)); o <= 1 {
		playType = settlement.Market1X2
	}
	right := float64(x%1000)/1000 < skill
	if !finished {
		return playType, pickFor(playType, x%2 == 0)
	}
	for _, first := range []bool{true, false} {
		pick := pickFor(playType, first)
		line, _ := demoMarket(m, playType, pick)
		out := settlement.Grade(settlement.Prediction{Market: playType, Pick: pick, Line: line}, settlement.Final{Status: 5, Home: home, Away: away})
		if settlement.Winning(out) == right {
			return playType, pick
		}
	}
	return playType, pickFor(playType, true)
}

func pickFor(playType string, first bool) string {
	switch playType {
	case settlement.MarketOU:
		if first {
			return settlement.PickOver
		}
		return settlement.PickUnder
	}
	if first {
		return settlement.PickHome
	}
	return settlement.PickAway
}

func demoMarket(m experts.Match, playType, pick string) (float64, float64) {
	switch playType + "/" + pick {
	case "1x2/home":
		return 0, m.OddsHome
	case "1x2/away":
		return 0, m.OddsAway
	case "handicap/home":
		return m.HcLine, m.HcHome
	case "handicap/away":
		return m.HcLine, m.HcAway
	case "ou/over":
		return m.OULine, m.OUOver
	case "ou/under":
		return m.OULine, m.OUUnder
	}
	return 0, 0
}
