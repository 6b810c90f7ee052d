package predictions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/actors/protocol"
	"courtside/api/settlement"
	"courtside/storage/postgres"
)

// Matches is the match module as the area sees it.
type Matches interface {
	Match(ctx context.Context, id string) (Match, bool, error)
}

// Rooms puts a system event in a live room's stream (the room actor's Announce): every viewer
// gets it at once through the room's broadcast, and it is in the room's history.
type Rooms interface {
	Announce(room, key, text string)
}

// Admins tells platform administrators apart (they may run predictions in any room).
type Admins interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// Deps are the parts the area is built from. Store is required; Settlement registers the Settler
// of final-result markets (nil: they settle only when the sweep of event markets sees the match
// end); Matches nil offers free questions only; Rooms nil broadcasts nothing; Admins nil: nobody.
type Deps struct {
	Store      *postgres.Predictions
	Settlement *settlement.Service
	Matches    Matches
	Rooms      Rooms
	Admins     Admins
}

// Service is the predictions area. It is safe for concurrent use.
type Service struct {
	cfg Config
	d   Deps
	log *zap.Logger

	reportedMu sync.Mutex
	reported   map[activityKey]int64 // units of activity reported since the last sweep

	mu       sync.Mutex
	pending  map[int64]bool   // predictions with a pool update waiting to go out
	streamer map[string]int64 // room -> streamer (points are per streamer)
}

// activityKey is whose activity of which kind, in which room.
type activityKey struct {
	user int64
	room string
	kind string
}

// maxReported caps the users, rooms and kinds waiting for the next sweep: past it a report of a
// new one is dropped (points are best effort, like experience).
const maxReported = 100_000

// New builds the Service and registers its Settler with Deps.Settlement.
func New(cfg Config, d Deps) (*Service, error) {
	cfg.fill()
	if d.Store == nil {
		return nil, errors.New("predictions: Store is required")
	}
	s := &Service{cfg: cfg, d: d, log: cfg.Logger, reported: map[activityKey]int64{},
		pending: map[int64]bool{}, streamer: map[string]int64{}}
	if d.Settlement != nil {
		d.Settlement.Register(settler{s})
	}
	return s, nil
}

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

// OpenRequest is a prediction to open.
type OpenRequest struct {
	Room     string
	Market   string   // MarketFree or one of the linked match's Offers
	Question string   // free: the question
	Outcomes []string // free: 2 to 10 outcomes
	Line     float64  // total: the line (0: the offer's)
	LockAt   time.Time
	LockOn   string // "kickoff": entries close when the match starts
}

// canRun returns the room's info when uid may run predictions there.
func (s *Service) canRun(ctx context.Context, room string, uid int64) (postgres.RoomInfo, error) {
	info, ok, err := s.d.Store.RoomInfo(ctx, room, uid)
	if err != nil {
		return info, err
	}
	if !ok || info.StreamerID == 0 {
		return info, ErrNotFound
	}
	if info.Streamer || info.Moderator {
		return info, nil
	}
	if s.d.Admins != nil {
		if admin, err := s.d.Admins.IsAdmin(ctx, uid); err != nil {
			return info, err
		} else if admin {
			return info, nil
		}
	}
	return info, ErrForbidden
}

// Offers lists the markets the room's linked match offers (none without a linked match).
func (s *Service) Offers(ctx context.Context, room string) ([]Offer, Match, error) {
	info, ok, err := s.d.Store.RoomInfo(ctx, room, 0)
	if err != nil || !ok || info.MatchID == "" || s.d.Matches == nil {
		return nil, Match{}, err
	}
	m, ok, err := s.d.Matches.Match(ctx, info.MatchID)
	if err != nil || !ok {
		return nil, m, err
	}
	return Offers(m), m, nil
}

// Open opens a prediction in a room (the streamer, a moderator or an administrator).
func (s *Service) Open(ctx context.Context, uid int64, req OpenRequest) (View, error) {
	info, err := s.canRun(ctx, req.Room, uid)
	if err != nil {
		return View{}, err
	}
	now := s.cfg.Now()
	p := postgres.PredictionRow{RoomID: req.Room, StreamerID: info.StreamerID, Market: req.Market, CreatedBy: uid, CreatedAt: now,
		LockAt: req.LockAt, LockOn: req.LockOn}
	if !req.LockAt.IsZero() && (!req.LockAt.After(now) || req.LockAt.Sub(now) > s.cfg.MaxLock) {
		return View{}, ErrLock
	}
	if req.LockOn != "" && req.LockOn != "kickoff" {
		return View{}, ErrLock
	}
	if req.Market == MarketFree {
		if req.LockOn != "" {
			return View{}, ErrLock
		}
		p.Question = strings.TrimSpace(req.Question)
		if n := utf8.RuneCountInString(p.Question); n == 0 || n > 120 {
			return View{}, ErrQuestion
		}
		seen := map[string]bool{}
		for _, o := range req.Outcomes {
			o = strings.TrimSpace(o)
			if o == "" || utf8.RuneCountInString(o) > 40 || seen[strings.ToLower(o)] {
				return View{}, ErrOutcomes
			}
			seen[strings.ToLower(o)] = true
			p.Outcomes = append(p.Outcomes, o)
		}
		if len(p.Outcomes) < 2 || len(p.Outcomes) > 10 {
			return View{}, ErrOutcomes
		}
	} else {
		offers, m, err := s.Offers(ctx, req.Room)
		if err != nil {
			return View{}, err
		}
		var offer *Offer
		for i := range offers {
			if offers[i].Market == req.Market {
				offer = &offers[i]
			}
		}
		if offer == nil {
			return View{}, ErrMarket
		}
		if req.LockOn == "kickoff" && !feed.Status(m.Status).Upcoming() {
			return View{}, ErrLock
		}
		p.MatchID, p.HomeName, p.AwayName, p.Outcomes, p.Line = m.ID, m.Home, m.Away, offer.Outcomes, offer.Line
		if req.Market == MarketTotal && req.Line != 0 {
			if !validLine(req.Line) {
				return View{}, ErrMarket
			}
			p.Line = req.Line
		}
		p.Question = m.Home + " – " + m.Away
	}
	row, err := s.d.Store.OpenPrediction(ctx, p)
	if errors.Is(err, postgres.ErrPredictionActive) {
		return View{}, ErrActive
	}
	if err != nil {
		return View{}, err
	}
	v, err := s.view(ctx, row)
	if err == nil {
		s.broadcast(v, "prediction.opened")
	}
	return v, err
}

// managed loads a prediction and checks uid may run it.
func (s *Service) managed(ctx context.Context, id, uid int64) (postgres.PredictionRow, error) {
	p, err := s.d.Store.Prediction(ctx, id)
	if errors.Is(err, postgres.ErrPredictionNotFound) {
		return p, ErrNotFound
	}
	if err != nil {
		return p, err
	}
	_, err = s.canRun(ctx, p.RoomID, uid)
	return p, err
}

// Lock closes a prediction to entries by hand.
func (s *Service) Lock(ctx context.Context, uid, id int64) (View, error) {
	if _, err := s.managed(ctx, id, uid); err != nil {
		return View{}, err
	}
	return s.lock(ctx, id)
}

func (s *Service) lock(ctx context.Context, id int64) (View, error) {
	p, locked, err := s.d.Store.LockPrediction(ctx, id, s.cfg.Now())
	if err != nil {
		return View{}, err
	}
	if !locked && p.State != postgres.PredictionLocked {
		return View{}, ErrSettled
	}
	v, err := s.view(ctx, p)
	if err == nil && locked {
		s.broadcast(v, "prediction.locked")
	}
	return v, err
}

// Resolve resolves a free question on the outcome with index winner (streamer, moderator or
// administrator). Match markets resolve themselves: ErrAutomatic (they may be cancelled).
func (s *Service) Resolve(ctx context.Context, uid, id int64, winner int) (Result, error) {
	p, err := s.managed(ctx, id, uid)
	if err != nil {
		return Result{}, err
	}
	if p.Market != MarketFree {
		return Result{}, ErrAutomatic
	}
	if winner < 0 || winner >= len(p.Outcomes) {
		return Result{}, ErrOutcome
	}
	return s.resolve(ctx, id, winner, "streamer")
}

// Cancel cancels a prediction and refunds every stake.
func (s *Service) Cancel(ctx context.Context, uid, id int64) (Result, error) {
	if _, err := s.managed(ctx, id, uid); err != nil {
		return Result{}, err
	}
	return s.cancel(ctx, id, "streamer")
}

// resolve and cancel settle once; a prediction already settled (another node, a redelivery)
// answers ErrSettled and broadcasts nothing.
func (s *Service) resolve(ctx context.Context, id int64, winner int, reason string) (Result, error) {
	st, err := s.d.Store.ResolvePrediction(ctx, id, winner, reason, Split, s.cfg.Now())
	return s.settled(ctx, st, err)
}

func (s *Service) cancel(ctx context.Context, id int64, reason string) (Result, error) {
	st, err := s.d.Store.CancelPrediction(ctx, id, reason, s.cfg.Now())
	return s.settled(ctx, st, err)
}

func (s *Service) settled(ctx context.Context, st postgres.Settlement, err error) (Result, error) {
	if errors.Is(err, postgres.ErrPredictionSettled) {
		return Result{}, ErrSettled
	}
	if errors.Is(err, postgres.ErrPredictionNotFound) {
		return Result{}, ErrNotFound
	}
	if err != nil {
		return Result{}, err
	}
	v, err := s.view(ctx, st.Prediction)
	if err != nil {
		return Result{}, err
	}
	res := Result{View: v, Moved: st.Moved}
	for _, e := range st.Entries {
		if e.Payout > 0 && st.Prediction.State == postgres.PredictionResolved && e.Outcome == st.Prediction.Winner {
			res.Winners++
			if len(res.Leaders) < s.cfg.Leaderboard {
				res.Leaders = append(res.Leaders, Leader{Name: e.Name, Stake: e.Stake, Payout: e.Payout})
			}
		}
	}
	s.broadcastResult(res)
	return res, nil
}

// Enter stakes points on an outcome (one entry per user; more points on the same outcome add to
// it). It returns the entry and the balance left.
func (s *Service) Enter(ctx context.Context, uid, id int64, outcome int, points int64) (Mine, error) {
	p, err := s.d.Store.Prediction(ctx, id)
	if errors.Is(err, postgres.ErrPredictionNotFound) {
		return Mine{}, ErrNotFound
	}
	if err != nil {
		return Mine{}, err
	}
	if outcome < 0 || outcome >= len(p.Outcomes) {
		return Mine{}, ErrOutcome
	}
	if points <= 0 || points > 1<<40 {
		return Mine{}, ErrStake
	}
	if uid == p.StreamerID {
		return Mine{}, ErrStreamerEntry
	}
	e, bal, err := s.d.Store.Enter(ctx, id, uid, outcome, points, s.cfg.Welcome, s.cfg.Now())
	switch {
	case errors.Is(err, postgres.ErrPredictionClosed):
		return Mine{}, ErrClosed
	case errors.Is(err, postgres.ErrOtherOutcome):
		return Mine{}, ErrOtherOutcome
	case errors.Is(err, postgres.ErrPointsShort):
		b, _ := s.d.Store.Points(ctx, uid, p.StreamerID, s.cfg.Welcome, s.cfg.Now())
		return Mine{}, ErrPointsShort.WithArgs(b)
	case err != nil:
		return Mine{}, err
	}
	s.updateSoon(id)
	return Mine{Outcome: e.Outcome, Stake: e.Stake, Points: bal}, nil
}

// Points is uid's balance with the room's streamer (the welcome allowance on a first visit).
func (s *Service) Points(ctx context.Context, uid int64, room string) (int64, error) {
	streamer, err := s.streamerOf(ctx, room)
	if err != nil || streamer == 0 || streamer == uid {
		return 0, err
	}
	return s.d.Store.Points(ctx, uid, streamer, s.cfg.Welcome, s.cfg.Now())
}

// List is a room's latest predictions with, for a signed-in viewer (uid > 0), their entries and
// balance.
func (s *Service) List(ctx context.Context, uid int64, room string, limit int) (Listing, error) {
	rows, err := s.d.Store.RoomPredictions(ctx, room, limit)
	if err != nil {
		return Listing{}, err
	}
	out := Listing{List: make([]View, 0, len(rows))}
	for _, p := range rows {
		v, err := s.view(ctx, p)
		if err != nil {
			return out, err
		}
		if uid > 0 {
			if e, ok, err := s.d.Store.Entry(ctx, p.ID, uid); err != nil {
				return out, err
			} else if ok {
				v.Mine = &Mine{Outcome: e.Outcome, Stake: e.Stake, Payout: e.Payout}
			}
		}
		out.List = append(out.List, v)
	}
	if uid > 0 {
		if out.Points, err = s.Points(ctx, uid, room); err != nil {
			return out, err
		}
		var info postgres.RoomInfo
		info, err = s.canRun(ctx, room, uid)
		out.CanRun, out.Streamer = err == nil, err == nil && info.Streamer
		if errors.Is(err, ErrForbidden) || errors.Is(err, ErrNotFound) {
			err = nil
		}
	}
	return out, err
}

// streamerOf is the room's streamer (0: none), cached: a room's streamer does not change.
func (s *Service) streamerOf(ctx context.Context, room string) (int64, error) {
	s.mu.Lock()
	id, ok := s.streamer[room]
	s.mu.Unlock()
	if ok {
		return id, nil
	}
	info, found, err := s.d.Store.RoomInfo(ctx, room, 0)
	if err != nil || !found {
		return 0, err
	}
	s.mu.Lock()
	if len(s.streamer) > 100000 {
		s.streamer = map[string]int64{}
	}
	s.streamer[room] = info.StreamerID
	s.mu.Unlock()
	return info.StreamerID, nil
}

// Watched reports that user (wire form "u<id>") spent d in room; Chatted that a chat line of
// theirs there is durable. Neither blocks (called from the realtime path): the units are added up
// in memory and credited by the next Sweep, all of them in one transaction (a hot room's chat
// lines are one write a second, not one each).
func (s *Service) Watched(user, room string, d time.Duration) {
	if m := int64(d / time.Minute); m > 0 {
		s.report(user, room, "watch", m)
	}
}

// Chatted: see Watched.
func (s *Service) Chatted(user, room string) { s.report(user, room, "chat", 1) }

func (s *Service) report(user, room, kind string, n int64) {
	id, err := protocol.ParseUserID(user)
	if err != nil {
		return
	}
	k := activityKey{user: int64(id), room: room, kind: kind}
	s.reportedMu.Lock()
	if _, ok := s.reported[k]; ok || len(s.reported) < maxReported {
		s.reported[k] += n
	}
	s.reportedMu.Unlock()
}

// Earn credits the points of n units of an activity (watch minutes, chat lines) in a room, within
// the day's cap per streamer. It returns the points granted.
func (s *Service) Earn(ctx context.Context, user int64, room, kind string, n int64) (int64, error) {
	got, err := s.earn(ctx, map[activityKey]int64{{user: user, room: room, kind: kind}: n})
	var granted int64
	for _, e := range got {
		granted += e.Granted
	}
	return granted, err
}

// earnReported credits the activity reported since the last call.
func (s *Service) earnReported(ctx context.Context) error {
	s.reportedMu.Lock()
	acts := s.reported
	if len(acts) == 0 {
		s.reportedMu.Unlock()
		return nil
	}
	s.reported = map[activityKey]int64{}
	s.reportedMu.Unlock()
	_, err := s.earn(ctx, acts)
	return err
}

// earn credits units of activity in one store call: points per unit and daily caps by kind, per
// streamer (a room without one earns nothing).
func (s *Service) earn(ctx context.Context, acts map[activityKey]int64) ([]postgres.Earning, error) {
	es := make([]postgres.Earning, 0, len(acts))
	for a, n := range acts {
		streamer, err := s.streamerOf(ctx, a.room)
		if err != nil {
			return nil, err
		}
		if streamer == 0 {
			continue
		}
		per, cap := s.cfg.WatchPerMinute, s.cfg.WatchDailyCap
		if a.kind == "chat" {
			per, cap = s.cfg.ChatPerLine, s.cfg.ChatDailyCap
		}
		es = append(es, postgres.Earning{User: a.user, Streamer: streamer, Kind: a.kind, Amount: n * per, DailyCap: cap})
	}
	now := s.cfg.Now().In(s.cfg.Location)
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, s.cfg.Location)
	return s.d.Store.EarnPoints(ctx, es, s.cfg.Welcome, day, now)
}

// Run sweeps every SweepEvery until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	t := time.NewTicker(s.cfg.SweepEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
				s.log.Warn("predictions: sweep", zap.Error(err))
			}
		}
	}
}

// Sweep credits the activity reported since the last sweep (points), locks the predictions whose
// lock time passed or whose match kicked off, and resolves the locked event markets whose deciding
// event is stored. Every node may run it: each change happens once under the prediction's row lock.
func (s *Service) Sweep(ctx context.Context) error {
	earnErr := s.earnReported(ctx)
	if earnErr != nil {
		earnErr = fmt.Errorf("points: %w", earnErr)
	}
	return errors.Join(earnErr, s.sweep(ctx))
}

// sweep: the locks and the event markets of Sweep.
func (s *Service) sweep(ctx context.Context) error {
	ids, err := s.d.Store.DueLocks(ctx, s.cfg.Now())
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := s.lock(ctx, id); err != nil && !errors.Is(err, ErrSettled) {
			return err
		}
	}
	active, err := s.d.Store.ActiveOn(ctx, "", eventMarkets)
	if err != nil {
		return err
	}
	for _, p := range active {
		if p.State != postgres.PredictionLocked {
			continue
		}
		if err := s.decide(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// decide resolves an event market from the match's first deciding event after the lock.
func (s *Service) decide(ctx context.Context, p postgres.PredictionRow) error {
	evs, err := s.d.Store.MatchEventsAfter(ctx, p.MatchID, p.BaseSeq, eventKinds(p.Market), 500)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		code, clear := decideEvent(p.Market, p.BaseHome, p.BaseAway, ev.Kind, ev.Body)
		if !clear {
			_, err := s.cancel(ctx, p.ID, "unclear")
			return ignoreSettled(err)
		}
		if code == "" {
			continue
		}
		for i, o := range p.Outcomes {
			if o == code {
				_, err := s.resolve(ctx, p.ID, i, "event")
				return ignoreSettled(err)
			}
		}
	}
	return nil
}

func ignoreSettled(err error) error {
	if errors.Is(err, ErrSettled) {
		return nil
	}
	return err
}

// settler settles the room predictions of a match on its result (settlement.Settler).
type settler struct{ s *Service }

// Settle settles every open or locked match market of r's match: a postponed or cancelled match
// refunds; winner and total are graded on the score (nobody on the winning outcome, or none won:
// refunds); an event market not decided by the end resolves "none" (next goal) or refunds.
func (st settler) Settle(ctx context.Context, r settlement.Result) error {
	s := st.s
	active, err := s.d.Store.ActiveOn(ctx, r.MatchID, append(append([]string(nil), finalMarkets...), eventMarkets...))
	if err != nil {
		return err
	}
	for _, p := range active {
		if r.Status != settlement.StatusFinished {
			reason := "match_cancelled"
			if r.Status == settlement.StatusPostponed {
				reason = "match_postponed"
			}
			if _, err := s.cancel(ctx, p.ID, reason); ignoreSettled(err) != nil {
				return err
			}
			continue
		}
		switch p.Market {
		case MarketWinner, MarketTotal:
			w := gradeFinal(p.Market, p.Line, p.Outcomes, r)
			if w < 0 {
				_, err = s.cancel(ctx, p.ID, "no_winner")
			} else {
				_, err = s.resolve(ctx, p.ID, w, "result")
			}
		default:
			if p.State == postgres.PredictionOpen {
				if p, _, err = s.d.Store.LockPrediction(ctx, p.ID, s.cfg.Now()); err != nil {
					return err
				}
			}
			if err := s.decide(ctx, p); err != nil {
				return err
			}
			if p, err = s.d.Store.Prediction(ctx, p.ID); err != nil {
				return err
			}
			if p.State != postgres.PredictionLocked {
				continue // decided by its event
			}
			if i := indexOf(p.Outcomes, OutNone); i >= 0 {
				_, err = s.resolve(ctx, p.ID, i, "result")
			} else {
				_, err = s.cancel(ctx, p.ID, "not_played")
			}
		}
		if err := ignoreSettled(err); err != nil {
			return err
		}
	}
	return nil
}

// Pending lists matches with a final state that still have open or locked match markets.
func (st settler) Pending(ctx context.Context, limit int) ([]string, error) {
	return st.s.d.Store.PendingMatches(ctx, limit)
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// updateSoon broadcasts the prediction's pool within UpdateEvery, once for all entries meanwhile.
func (s *Service) updateSoon(id int64) {
	if s.d.Rooms == nil {
		return
	}
	s.mu.Lock()
	if s.pending[id] {
		s.mu.Unlock()
		return
	}
	s.pending[id] = true
	s.mu.Unlock()
	time.AfterFunc(s.cfg.UpdateEvery, func() {
		s.mu.Lock()
		delete(s.pending, id)
		s.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		p, err := s.d.Store.Prediction(ctx, id)
		if err != nil {
			return
		}
		if v, err := s.view(ctx, p); err == nil {
			s.broadcast(v, "prediction.update")
		}
	})
}

func (s *Service) broadcast(v View, key string) {
	if s.d.Rooms == nil {
		return
	}
	b, _ := json.Marshal(v)
	s.d.Rooms.Announce(v.Room, key, string(b))
}

func (s *Service) broadcastResult(r Result) {
	if s.d.Rooms == nil {
		return
	}
	b, _ := json.Marshal(r)
	s.d.Rooms.Announce(r.View.Room, "prediction.result", string(b))
}

// Check is the ledger check of one settled prediction and of every balance: points staked, paid
// back (payouts and refunds) and balances that disagree with their movements (0 when sound). For
// whoever may run predictions in the prediction's room (the load harness reports it).
type Check struct {
	State       string `json:"state"`
	Entries     int    `json:"entries"`
	Staked      int64  `json:"staked"`
	PaidBack    int64  `json:"paidBack"`
	BalancesOff int    `json:"balancesOff"`
	OK          bool   `json:"ok"`
}

// Check checks a prediction's points and every balance.
func (s *Service) Check(ctx context.Context, uid, id int64) (Check, error) {
	p, err := s.managed(ctx, id, uid)
	if err != nil {
		return Check{}, err
	}
	es, err := s.d.Store.Entries(ctx, id)
	if err != nil {
		return Check{}, err
	}
	c := Check{State: p.State, Entries: len(es)}
	for _, e := range es {
		c.Staked += e.Stake
		c.PaidBack += e.Payout
	}
	if c.BalancesOff, err = s.d.Store.PointsCheck(ctx); err != nil {
		return c, err
	}
	settled := p.State == postgres.PredictionResolved || p.State == postgres.PredictionCancelled
	c.OK = c.BalancesOff == 0 && (!settled || c.Staked == c.PaidBack)
	return c, nil
}
