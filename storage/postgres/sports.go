package postgres

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	jsoniter "github.com/json-iterator/go"

	"courtside/actors/match/feed"
)

var sportsJSON = jsoniter.ConfigCompatibleWithStandardLibrary

// Sentinels of the sports store (kept here rather than in errors.go, which another issue owns).
var (
	// ErrMatchNotFound: no match with that id.
	ErrMatchNotFound = errors.New("postgres: match not found")
	// ErrNotBookable: the match has started, finished or was cancelled; it can no longer be booked.
	ErrNotBookable = errors.New("postgres: match can no longer be booked")
	// ErrSportsStoreClosed: a match saved after the store was closed (the node is stopping).
	ErrSportsStoreClosed = errors.New("postgres: sports store closed")
	// ErrNotFound: no league, team or player with that id.
	ErrNotFound = errors.New("postgres: not found")
)

// SportsConfig sizes the SportsStore.
type SportsConfig struct {
	// Shards is the number of ordered writers for match saves (a match always uses the same
	// one, so its saves apply in order); default 4.
	Shards int
	// Queue is each writer's queue length; default 4096.
	Queue int
}

// SportsStore keeps leagues, teams, players, matches with their live state and timelines, odds,
// standings, transfers, honours and reservations. It implements the match actor's Store and
// ReservationStore (courtside/actors/match) and the REST module's read side (api/matches).
//
// Concurrency: safe for concurrent use. SaveMatch queues; the saves of one match are written in
// the order they were queued, by one goroutine per shard, which writes whatever is queued when it
// is free in one transaction (group commit, write).
type SportsStore struct {
	pool   *pgxpool.Pool
	shards []chan queuedSave
	wg     sync.WaitGroup
	once   sync.Once

	closing sync.RWMutex // SaveMatch holds it to read, Close to set closed
	closed  bool

	saves, transactions atomic.Int64 // SaveStats
}

type queuedSave struct {
	u    feed.Applied
	done func(error)
	// flushed, when set, makes this entry Flush's mark instead of an update: the writer closes it
	// once everything queued before it is written.
	flushed chan struct{}
}

// NewSportsStore starts the store's writers; Close drains them.
func NewSportsStore(pool *pgxpool.Pool, cfg SportsConfig) *SportsStore {
	if cfg.Shards <= 0 {
		cfg.Shards = 4
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 4096
	}
	s := &SportsStore{pool: pool, shards: make([]chan queuedSave, cfg.Shards)}
	for i := range s.shards {
		ch := make(chan queuedSave, cfg.Queue)
		s.shards[i] = ch
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			batch := make([]queuedSave, 0, saveBatchMax)
			for q := range ch {
				// Everything queued behind q goes into the same transaction (group commit).
				batch = append(batch[:0], q)
			drain:
				for len(batch) < saveBatchMax {
					select {
					case next, ok := <-ch:
						if !ok {
							break drain
						}
						batch = append(batch, next)
					default:
						break drain
					}
				}
				s.write(batch)
			}
		}()
	}
	return s
}

// Close stops intake and waits until every queued save is written.
func (s *SportsStore) Close() {
	s.once.Do(func() {
		s.closing.Lock() // waits for a SaveMatch in progress: a send on a closed queue panics
		s.closed = true
		s.closing.Unlock()
		for _, ch := range s.shards {
			close(ch)
		}
	})
	s.wg.Wait()
}

// ---- reference data ----

// Reference is a batch of provider reference data, written by UpsertReference.
type Reference struct {
	Leagues   []feed.League
	Seasons   []feed.Season
	Stages    []feed.Stage
	Rounds    []feed.Round
	Teams     []feed.Team
	Players   []feed.Player
	Standings []feed.Standing
	Transfers []feed.Transfer
	Honours   []feed.Honour
	Source    string // for transfers and honours; default "simulator"
}

func nullDate(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

// UpsertReference writes reference data idempotently in one transaction.
func (s *SportsStore) UpsertReference(ctx context.Context, r Reference) error {
	src := r.Source
	if src == "" {
		src = feed.SourceSimulator
	}
	b := &pgx.Batch{}
	for _, l := range r.Leagues {
		b.Queue(`INSERT INTO sport_leagues (id, game_id, name, short_name, logo, country, kind, tier, source, country_code, region, pinned, prize_pool)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT (id) DO UPDATE SET game_id=$2, name=$3, short_name=$4, logo=$5,
			country=$6, kind=$7, tier=$8, source=$9, country_code=$10, region=$11, pinned=$12, prize_pool=$13, updated_at=now()`,
			l.ID, l.Game, l.Name, l.ShortName, l.Logo, l.Country, l.Kind, l.Tier, l.Source, l.CountryCode, l.Region, l.Pinned, l.PrizePool)
	}
	for _, x := range r.Seasons {
		b.Queue(`INSERT INTO sport_seasons (id, league_id, name, starts_on, ends_on, is_current) VALUES ($1,$2,$3,$4,$5,$6)
			ON CONFLICT (id) DO UPDATE SET name=$3, starts_on=$4, ends_on=$5, is_current=$6`,
			x.ID, x.League, x.Name, nullDate(x.Start), nullDate(x.End), x.Current)
	}
	for _, x := range r.Stages {
		b.Queue(`INSERT INTO sport_stages (id, season_id, name, kind, ord) VALUES ($1,$2,$3,$4,$5)
			ON CONFLICT (id) DO UPDATE SET name=$3, kind=$4, ord=$5`, x.ID, x.Season, x.Name, x.Kind, x.Order)
	}
	for _, x := range r.Rounds {
		b.Queue(`INSERT INTO sport_rounds (id, stage_id, name, ord) VALUES ($1,$2,$3,$4)
			ON CONFLICT (id) DO UPDATE SET name=$3, ord=$4`, x.ID, x.Stage, x.Name, x.Order)
	}
	for _, t := range r.Teams {
		b.Queue(`INSERT INTO sport_teams (id, game_id, name, full_name, short_name, logo, country, head_coach, assistant_coach,
			founded_on, world_rank, prize_money, average_age, rating, source, country_code, city, venue, venue_capacity)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19) ON CONFLICT (id) DO UPDATE SET game_id=$2, name=$3,
			full_name=$4, short_name=$5, logo=$6, country=$7, head_coach=$8, assistant_coach=$9, founded_on=$10, world_rank=$11,
			prize_money=$12, average_age=$13, rating=$14, source=$15, country_code=$16, city=$17, venue=$18, venue_capacity=$19, updated_at=now()`,
			t.ID, t.Game, t.Name, t.FullName, t.ShortName, t.Logo, t.Country, t.HeadCoach, t.AssistantCoach, nullDate(t.Founded),
			t.WorldRank, t.PrizeMoney, t.AverageAge, t.Rating, t.Source, t.CountryCode, t.City, t.Venue, t.VenueCapacity)
	}
	for _, p := range r.Players {
		var team any
		if p.Team != "" {
			team = p.Team
		}
		b.Queue(`INSERT INTO sport_players (id, game_id, team_id, name, full_name, nationality, position, shirt, born_on, power,
			kda, photo, source, nationality_code, height, market_value) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)
			ON CONFLICT (id) DO UPDATE SET game_id=$2, team_id=$3, name=$4, full_name=$5, nationality=$6, position=$7, shirt=$8, born_on=$9,
			power=$10, kda=$11, photo=$12, source=$13, nationality_code=$14, height=$15, market_value=$16, updated_at=now()`,
			p.ID, p.Game, team, p.Name, p.FullName, p.Nationality, p.Position, p.Shirt, nullDate(p.Birth), p.Power, p.KDA, p.Photo, p.Source,
			p.NationalityCode, p.Height, p.MarketValue)
		if p.Team != "" {
			b.Queue(`INSERT INTO sport_squads (team_id, player_id, joined_on) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`,
				p.Team, p.ID, nullDate(p.Birth.AddDate(20, 0, 0)))
		}
	}
	for _, x := range r.Standings {
		b.Queue(`INSERT INTO sport_standings (season_id, stage_id, group_name, team_id, position, played, won, drawn, lost,
			goals_for, goals_against, points, form, as_of) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)
			ON CONFLICT (season_id, stage_id, team_id) DO UPDATE SET group_name=$3, position=$5, played=$6, won=$7, drawn=$8,
			lost=$9, goals_for=$10, goals_against=$11, points=$12, form=$13, as_of=$14`,
			x.Season, x.Stage, x.Group, x.Team, x.Position, x.Played, x.Won, x.Drawn, x.Lost, x.For, x.Against, x.Points, x.Form, nullDate(x.AsOf))
	}
	for _, x := range r.Transfers {
		b.Queue(`INSERT INTO sport_transfers (player_id, from_team, to_team, moved_on, fee, kind, source)
			VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT DO NOTHING`, x.Player, x.From, x.To, x.Date, x.Fee, x.Kind, src)
	}
	for _, x := range r.Honours {
		b.Queue(`INSERT INTO sport_honours (owner_kind, owner_id, league_id, title, season, year, source)
			VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT DO NOTHING`, x.OwnerKind, x.Owner, x.League, x.Title, x.Season, x.Year, src)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return tx.SendBatch(ctx, b).Close()
	})
}

// UpsertFixtures records scheduled matches that are not known yet (a known match keeps what
// its feed events made of it).
func (s *SportsStore) UpsertFixtures(ctx context.Context, fixtures []feed.Fixture) error {
	b := &pgx.Batch{}
	for _, f := range fixtures {
		queueFixture(b, f, false)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, b).Close() })
}

// queueFixture writes a fixture; a league the store does not know (yet) is left empty rather
// than failing the save on its foreign key.
func queueFixture(b *pgx.Batch, f feed.Fixture, update bool) {
	var league any
	if f.League != "" {
		league = f.League
	}
	src := f.Source
	if src == "" {
		src = feed.SourceSimulator
	}
	conflict := `DO NOTHING`
	if update {
		conflict = `DO UPDATE SET game_id=$2, league_id=EXCLUDED.league_id, season_id=$4, stage_id=$5, round_id=$6, home_id=$7, away_id=$8,
			start_at=$9, best_of=$10, knockout=$11, venue=$12, source=$13, referee=$14, vip_only=$15, login_required=$16`
	}
	b.Queue(`INSERT INTO sport_matches (id, game_id, league_id, season_id, stage_id, round_id, home_id, away_id, start_at,
		best_of, knockout, venue, source, referee, vip_only, login_required)
		VALUES ($1,$2,(SELECT id FROM sport_leagues WHERE id=$3::text),$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)
		ON CONFLICT (id) `+conflict,
		f.ID, f.Game, league, f.Season, f.Stage, f.Round, f.Home, f.Away, f.Start, f.BestOf, f.Knockout, f.Venue, src, f.Referee, f.VIPOnly, f.LoginRequired)
}

// DeleteMatchesOfSource removes every match a source made, with its events: the load feed's
// made-up matches when it starts and stops (they must not stay in the lists as "in play").
func (s *SportsStore) DeleteMatchesOfSource(ctx context.Context, source string) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM sport_matches WHERE source=$1`, source)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// ---- the match actor's Store ----

// LoadMatch reads a match's persisted live state (match.Store).
func (s *SportsStore) LoadMatch(ctx context.Context, id string) (feed.Saved, bool, error) {
	var live []byte
	var out feed.Saved
	var lastSeq int64
	err := s.pool.QueryRow(ctx, `SELECT live, last_seq, result_delivered FROM sport_matches WHERE id=$1`, id).
		Scan(&live, &lastSeq, &out.ResultDelivered)
	if errors.Is(err, pgx.ErrNoRows) {
		return out, false, nil
	}
	if err != nil {
		return out, false, fmt.Errorf("postgres: load match %s: %w", id, err)
	}
	if lastSeq == 0 {
		return out, false, nil // a fixture row no feed event has touched yet
	}
	if err := sportsJSON.Unmarshal(live, &out.State); err != nil {
		return out, false, fmt.Errorf("postgres: match %s live state: %w", id, err)
	}
	out.State.LastSeq = uint64(lastSeq)
	return out, true, nil
}

// ResumeMatch returns what the consumers of a provider adapter already hold for a match: the
// persisted live state (with LastSeq) and the provider references of the incidents stored
// (feed.Incident.Ref). It has the shape of providers.ResumeFunc, so the engine can hand it to an
// adapter as is.
func (s *SportsStore) ResumeMatch(ctx context.Context, id string) (feed.State, []string, bool, error) {
	saved, found, err := s.LoadMatch(ctx, id)
	if err != nil || !found {
		return feed.State{}, nil, found, err
	}
	rows, err := s.pool.Query(ctx, `SELECT body->'incident'->>'ref' FROM sport_match_events
		WHERE match_id=$1 AND kind='incident' AND body->'incident'->>'ref' IS NOT NULL`, id)
	if err != nil {
		return feed.State{}, nil, false, err
	}
	refs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return saved.State, refs, true, err
}

// SaveMatch queues an update (match.Store); done is called once it is durable or failed.
// After Close it answers ErrSportsStoreClosed at once.
func (s *SportsStore) SaveMatch(u feed.Applied, done func(error)) {
	h := fnv.New32a()
	h.Write([]byte(u.State.Match))
	s.closing.RLock()
	defer s.closing.RUnlock()
	if s.closed {
		if done != nil {
			done(ErrSportsStoreClosed)
		}
		return
	}
	s.shards[int(h.Sum32())%len(s.shards)] <- queuedSave{u: u, done: done}
}

// saveBatchMax bounds the updates one transaction of a writer holds.
const saveBatchMax = 256

// SaveStats are the updates SaveMatch has written and the transactions they took (for tests and
// metrics: with many live matches, far fewer transactions than updates).
func (s *SportsStore) SaveStats() (saves, transactions int64) {
	return s.saves.Load(), s.transactions.Load()
}

// write takes what a writer drained from its queue: the updates are written, and Flush's marks
// among them closed after that.
func (s *SportsStore) write(batch []queuedSave) {
	var marks []chan struct{}
	for _, q := range batch {
		if q.flushed != nil {
			marks = append(marks, q.flushed)
		}
	}
	if marks != nil {
		updates := make([]queuedSave, 0, len(batch)-len(marks))
		for _, q := range batch {
			if q.flushed == nil {
				updates = append(updates, q)
			}
		}
		if len(updates) > 0 {
			s.writeUpdates(updates)
		}
		for _, m := range marks {
			close(m)
		}
		return
	}
	s.writeUpdates(batch)
}

// Flush returns once every update queued before it is written (or failed), or ctx ends. The
// load feed flushes before it deletes its made-up matches, so that no save queued as their
// actors stopped writes one back.
func (s *SportsStore) Flush(ctx context.Context) error {
	marks := make([]chan struct{}, 0, len(s.shards))
	s.closing.RLock()
	if !s.closed {
		for _, ch := range s.shards {
			m := make(chan struct{})
			ch <- queuedSave{flushed: m}
			marks = append(marks, m)
		}
	}
	s.closing.RUnlock()
	for _, m := range marks {
		select {
		case <-m:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// writeUpdates saves a writer's queued updates in one transaction: one commit for all of them. A node
// with 10,000 live matches queues about 10,000 updates a second; written one transaction each,
// the writers fell behind, SaveMatch blocked on their full queues and with it the match actors,
// whose deltas then left in bursts every few seconds (issue 24, the scoreboard at scale,
// docs/BENCHMARKS.md). Should the transaction fail, each update is written on its own, so a bad
// one fails alone and the others are not retried for it.
func (s *SportsStore) writeUpdates(batch []queuedSave) {
	err := s.saveAll(batch)
	if err != nil && len(batch) > 1 {
		for _, q := range batch {
			q.finish(s.saveAll([]queuedSave{q}))
		}
		return
	}
	for _, q := range batch {
		q.finish(err)
	}
}

func (q queuedSave) finish(err error) {
	if q.done != nil {
		q.done(err)
	}
}

// MarkResultDelivered records that the result consumer acknowledged the result (match.Store).
func (s *SportsStore) MarkResultDelivered(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `UPDATE sport_matches SET result_delivered=true WHERE id=$1`, id)
	return err
}

// ---- reservations ----

// ClaimStartNotices marks every booked, not yet notified reservation of the match as notified
// and returns the users (match.ReservationStore). Each booking is returned by one call only:
// the UPDATE takes the row lock and a concurrent claim sees notified_at set.
func (s *SportsStore) ClaimStartNotices(ctx context.Context, match string) ([]string, error) {
	rows, err := s.pool.Query(ctx, `UPDATE sport_reservations SET notified_at=now(), updated_at=now()
		WHERE match_id=$1 AND status='booked' AND notified_at IS NULL RETURNING user_id`, match)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Book books a match for a user (again, after a cancel). Only a match that has not started
// can be booked: ErrNotBookable otherwise, ErrMatchNotFound for an unknown match.
func (s *SportsStore) Book(ctx context.Context, user, match string) error {
	var status int16
	err := s.pool.QueryRow(ctx, `SELECT status FROM sport_matches WHERE id=$1`, match).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrMatchNotFound
	}
	if err != nil {
		return err
	}
	if st := feed.Status(status); !st.Upcoming() && st != feed.StatusPostponed {
		return ErrNotBookable
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO sport_reservations (user_id, match_id) VALUES ($1,$2)
		ON CONFLICT (user_id, match_id) DO UPDATE SET status='booked', updated_at=now()`, user, match)
	return err
}

// CancelReservation cancels a user's booking (a no-op when there is none).
func (s *SportsStore) CancelReservation(ctx context.Context, user, match string) error {
	_, err := s.pool.Exec(ctx, `UPDATE sport_reservations SET status='cancelled', updated_at=now()
		WHERE user_id=$1 AND match_id=$2`, user, match)
	return err
}

// ReservationRow is one of a user's reservations with its match.
type ReservationRow struct {
	Match    MatchRow
	Status   string // booked, cancelled
	Created  time.Time
	Notified bool
}

// Reservations lists a user's reservations, newest match first.
func (s *SportsStore) Reservations(ctx context.Context, user string, limit, offset int) ([]ReservationRow, error) {
	rows, err := s.pool.Query(ctx, matchSelect+` , r.status, r.created_at, r.notified_at IS NOT NULL
		FROM sport_reservations r JOIN sport_matches m ON m.id = r.match_id `+matchJoins+`
		WHERE r.user_id=$1 ORDER BY m.start_at DESC LIMIT $2 OFFSET $3`, user, limit, offset)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (ReservationRow, error) {
		var r ReservationRow
		dst := append(r.Match.scanTargets(), &r.Status, &r.Created, &r.Notified)
		if err := row.Scan(dst...); err != nil {
			return r, err
		}
		return r, r.Match.decode()
	})
}

// BookedMatches returns which of the given matches a user has booked (status booked).
func (s *SportsStore) BookedMatches(ctx context.Context, user string, matches []string) (map[string]bool, error) {
	rows, err := s.pool.Query(ctx, `SELECT match_id FROM sport_reservations WHERE user_id=$1 AND status='booked'
		AND match_id = ANY($2)`, user, matches)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}
