package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"courtside/actors/match/feed"
)

// saveAll writes a writer's queued updates in one transaction. The live states go in one
// statement and the events in another, whatever the number of updates: a node with 10,000 live
// matches saves a couple of thousand updates a second, and written a statement per state and per
// event they cost Postgres and the node's garbage collector more than everything else the node
// did (issue 24, docs/BENCHMARKS.md). Fixtures come first and the side tables (line-ups,
// injuries, odds, player statistics) last, each in the order queued.
func (s *SportsStore) saveAll(batch []queuedSave) error {
	var w saveRows
	for _, q := range batch {
		if err := w.add(q.u); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s.transactions.Add(1)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, w.batch()).Close() })
	if err == nil {
		s.saves.Add(int64(len(batch)))
	}
	return err
}

// saveRows gathers a transaction's updates as columns of the two array statements, with the
// fixtures and side tables queued apart.
type saveRows struct {
	fixtures, sides pgx.Batch

	// sport_matches: the newest state of each match in the batch (stateAt finds its row).
	stateAt               map[string]int
	ids, sources, periods []string
	games, homes, aways   []int32
	statuses              []int16
	starts                []time.Time
	finished              []pgtype.Timestamptz
	lives                 [][]byte
	lastSeqs              []int64

	// sport_match_events: every event of the batch, in order (stored once per match and seq).
	evMatch, evKind []string
	evSeq           []int64
	evAt            []time.Time
	evBody          [][]byte
}

// add takes one update: the fixture (when it is among the events), the live state unless the
// batch holds a newer one of the same match, and every event with its side tables.
func (w *saveRows) add(u feed.Applied) error {
	st := &u.State
	live, err := sportsJSON.Marshal(st)
	if err != nil {
		return err
	}
	for _, ev := range u.Events {
		if ev.Kind == feed.KFixture && ev.Fixture != nil {
			queueFixture(&w.fixtures, *ev.Fixture, true)
		}
	}
	w.addState(st, live)
	for i := range u.Events {
		ev := &u.Events[i]
		body, err := sportsJSON.Marshal(ev)
		if err != nil {
			return err
		}
		w.evMatch, w.evSeq, w.evAt = append(w.evMatch, ev.Match), append(w.evSeq, int64(ev.Seq)), append(w.evAt, time.UnixMilli(ev.At))
		w.evKind, w.evBody = append(w.evKind, string(ev.Kind)), append(w.evBody, body)
		queueSides(&w.sides, ev)
	}
	return nil
}

func (w *saveRows) addState(st *feed.State, live []byte) {
	src := st.Source
	if src == "" {
		src = feed.SourceSimulator
	}
	var finished pgtype.Timestamptz
	if st.Status == feed.StatusFinished {
		finished = pgtype.Timestamptz{Time: time.UnixMilli(st.Updated), Valid: true}
	}
	// One row per match: an INSERT ... ON CONFLICT DO UPDATE may not touch a row twice, and the
	// newest state is the one the table keeps anyway (last_seq never goes back).
	if i, ok := w.stateAt[st.Match]; ok {
		if int64(st.LastSeq) < w.lastSeqs[i] {
			return
		}
		w.games[i], w.starts[i], w.sources[i], w.statuses[i] = int32(st.Game), time.UnixMilli(st.StartAt), src, int16(st.Status)
		w.homes[i], w.aways[i], w.periods[i], w.lives[i] = int32(st.Home), int32(st.Away), st.PeriodName, live
		w.lastSeqs[i], w.finished[i] = int64(st.LastSeq), finished
		return
	}
	if w.stateAt == nil {
		w.stateAt = map[string]int{}
	}
	w.stateAt[st.Match] = len(w.ids)
	w.ids, w.games, w.starts, w.sources = append(w.ids, st.Match), append(w.games, int32(st.Game)), append(w.starts, time.UnixMilli(st.StartAt)), append(w.sources, src)
	w.statuses, w.homes, w.aways = append(w.statuses, int16(st.Status)), append(w.homes, int32(st.Home)), append(w.aways, int32(st.Away))
	w.periods, w.lives, w.lastSeqs, w.finished = append(w.periods, st.PeriodName), append(w.lives, live), append(w.lastSeqs, int64(st.LastSeq)), append(w.finished, finished)
}

// batch is the transaction's statements in order: fixtures, states, events, side tables.
func (w *saveRows) batch() *pgx.Batch {
	b := &pgx.Batch{QueuedQueries: w.fixtures.QueuedQueries}
	if len(w.ids) > 0 {
		b.Queue(`INSERT INTO sport_matches (id, game_id, start_at, source, status, home_score, away_score, period_name, live, last_seq, finished_at)
			SELECT * FROM unnest($1::text[], $2::int[], $3::timestamptz[], $4::text[], $5::smallint[], $6::int[], $7::int[], $8::text[],
				$9::jsonb[], $10::bigint[], $11::timestamptz[])
			ON CONFLICT (id) DO UPDATE SET status=EXCLUDED.status, home_score=EXCLUDED.home_score, away_score=EXCLUDED.away_score,
				period_name=EXCLUDED.period_name, live=EXCLUDED.live, last_seq=EXCLUDED.last_seq,
				finished_at=coalesce(sport_matches.finished_at, EXCLUDED.finished_at), start_at=EXCLUDED.start_at, updated_at=now()
			WHERE sport_matches.last_seq <= EXCLUDED.last_seq`,
			w.ids, w.games, w.starts, w.sources, w.statuses, w.homes, w.aways, w.periods, w.lives, w.lastSeqs, w.finished)
	}
	if len(w.evMatch) > 0 {
		b.Queue(`INSERT INTO sport_match_events (match_id, seq, at, kind, body)
			SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::text[], $5::jsonb[]) ON CONFLICT DO NOTHING`,
			w.evMatch, w.evSeq, w.evAt, w.evKind, w.evBody)
	}
	b.QueuedQueries = append(b.QueuedQueries, w.sides.QueuedQueries...)
	return b
}

// queueSides queues the side-table rows an event carries: line-ups and injuries, odds, player
// statistics.
func queueSides(b *pgx.Batch, ev *feed.Event) {
	switch ev.Kind {
	case feed.KLineup:
		if lu := ev.Lineup; lu != nil {
			players, _ := sportsJSON.Marshal(lu.Players)
			b.Queue(`INSERT INTO sport_lineups (match_id, team_id, formation, coach, players) VALUES ($1,$2,$3,$4,$5)
				ON CONFLICT (match_id, team_id) DO UPDATE SET formation=$3, coach=$4, players=$5, updated_at=now()`,
				ev.Match, lu.Team, lu.Formation, lu.Coach, players)
		}
		for _, in := range ev.Injuries {
			b.Queue(`INSERT INTO sport_injuries (match_id, team_id, player_id, name, kind, status) VALUES ($1,$2,$3,$4,$5,$6)
				ON CONFLICT (match_id, player_id) DO UPDATE SET kind=$5, status=$6`, ev.Match, in.Team, in.Player, in.Name, in.Kind, in.Status)
		}
	case feed.KOdds:
		if o := ev.Odds; o != nil {
			lines, _ := sportsJSON.Marshal(o.Lines)
			if o.Lines == nil {
				lines = []byte("[]")
			}
			b.Queue(`INSERT INTO sport_odds (match_id, seq, at, company, eu_home, eu_draw, eu_away, hc_line, hc_home, hc_away,
				ou_line, ou_over, ou_under, lines) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14) ON CONFLICT DO NOTHING`,
				ev.Match, int64(ev.Seq), time.UnixMilli(ev.At), o.Company, o.Home, o.Draw, o.Away, o.HcLine, o.HcHome, o.HcAway,
				o.OULine, o.OUOver, o.OUUnder, lines)
		}
	case feed.KPlayerStat:
		for _, ps := range ev.PlayerStats {
			vals, _ := sportsJSON.Marshal(ps.Values)
			heroes, _ := sportsJSON.Marshal(ps.Heroes)
			if ps.Heroes == nil {
				heroes = []byte("[]")
			}
			b.Queue(`INSERT INTO sport_match_player_stats (match_id, player_id, team_side, vals, player_name, position, heroes, weapon)
				VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT (match_id, player_id) DO UPDATE SET vals=$4, player_name=$5, position=$6,
				heroes=$7, weapon=$8`, ev.Match, ps.Player, ps.Team, vals, ps.Name, ps.Position, heroes, ps.Weapon)
		}
	}
}
