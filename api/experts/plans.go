package experts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"courtside/api/audit"
	"courtside/api/settlement"
	"courtside/storage/postgres"
)

// PlanInput is what the expert writes (spec §3). The match's game, league, teams and time are
// taken from the match; the line and odds of the market from the match's odds at release.
type PlanInput struct {
	MatchID      string
	PlayType     string // 1x2, handicap, ou
	PlayLevel    int    // 1..5: how confident the expert is
	Pick         string // home, draw, away (1x2, handicap); over, under (ou)
	Title        string
	Content      string
	Label        string
	Price        int64
	RefundIfLost bool
	LoginToView  bool
}

// notStarted reports whether a match in status st starting at start has not begun at now.
func notStarted(st int, start, now time.Time) bool {
	return (st == 0 || st == 8) && now.Before(start)
}

// market is the line and odds of in's pick on m: ok false when the market is not offered.
func market(m Match, playType, pick string) (line, odds float64, ok bool) {
	switch playType {
	case settlement.Market1X2:
		switch pick {
		case settlement.PickHome:
			odds = m.OddsHome
		case settlement.PickDraw:
			odds = m.OddsDraw
		case settlement.PickAway:
			odds = m.OddsAway
		}
	case settlement.MarketHandicap:
		line = m.HcLine
		switch pick {
		case settlement.PickHome:
			odds = m.HcHome
		case settlement.PickAway:
			odds = m.HcAway
		}
	case settlement.MarketOU:
		line = m.OULine
		switch pick {
		case settlement.PickOver:
			odds = m.OUOver
		case settlement.PickUnder:
			odds = m.OUUnder
		}
	}
	return line, odds, odds > 1
}

// validPick reports whether pick belongs to playType.
func validPick(playType, pick string) bool {
	switch playType {
	case settlement.Market1X2:
		return pick == settlement.PickHome || pick == settlement.PickDraw || pick == settlement.PickAway
	case settlement.MarketHandicap:
		return pick == settlement.PickHome || pick == settlement.PickAway
	case settlement.MarketOU:
		return pick == settlement.PickOver || pick == settlement.PickUnder
	}
	return false
}

// validate checks the fields of spec §5 (not the match): title 5 to 30 characters, the analysis,
// a known market and pick, level 1 to 5, price 0 to MaxPrice.
func (s *Service) validate(in *PlanInput) error {
	in.MatchID, in.Title, in.Content, in.Label = strings.TrimSpace(in.MatchID), strings.TrimSpace(in.Title),
		strings.TrimSpace(in.Content), strings.TrimSpace(in.Label)
	if in.MatchID == "" || in.PlayType == "" || in.Pick == "" || in.Title == "" || in.Content == "" {
		return planError("plan.required")
	}
	if n := utf8.RuneCountInString(in.Title); n < s.cfg.TitleMin || n > s.cfg.TitleMax {
		return planError("plan.titleLength", s.cfg.TitleMin, s.cfg.TitleMax)
	}
	if n := utf8.RuneCountInString(in.Content); n < s.cfg.ContentMin || n > s.cfg.ContentMax {
		return planError("plan.contentLength", s.cfg.ContentMin, s.cfg.ContentMax)
	}
	if utf8.RuneCountInString(in.Label) > 10 {
		return planError("plan.labelLength", 10)
	}
	if !validPick(in.PlayType, in.Pick) {
		return planError("plan.pickInvalid")
	}
	if in.PlayLevel < 1 || in.PlayLevel > 5 {
		return planError("plan.levelInvalid")
	}
	if in.Price < 0 || in.Price > s.cfg.MaxPrice {
		return planError("plan.price", s.cfg.MaxPrice)
	}
	return nil
}

// Record is exactly what a plan's hash is computed over: canonical JSON (fields in this order,
// times in UTC with nanoseconds), so anybody can recompute it from what the plan page shows.
type Record struct {
	Plan         int64   `json:"plan"`
	Version      int     `json:"version"`
	Expert       string  `json:"expert"`
	Match        string  `json:"match"`
	Market       string  `json:"market"`
	Pick         string  `json:"pick"`
	Line         float64 `json:"line"`
	Odds         float64 `json:"odds"`
	Title        string  `json:"title"`
	Content      string  `json:"content"`
	Price        int64   `json:"price"`
	RefundIfLost bool    `json:"refundIfLost"`
	ReleasedAt   string  `json:"releasedAt"`
}

// RecordOf is p's record as hashed.
func RecordOf(p postgres.PlanRow) Record {
	return Record{Plan: p.ID, Version: p.Version, Expert: fmt.Sprintf("u%d", p.ExpertID), Match: p.MatchID, Market: p.PlayType,
		Pick: p.Pick, Line: p.Line, Odds: p.Odds, Title: p.Title, Content: p.Content, Price: p.Price, RefundIfLost: p.RefundIfLost,
		ReleasedAt: p.ReleasedAt.UTC().Format(time.RFC3339Nano)}
}

// Hash is the SHA-256 of a record's canonical JSON, in hex, and that JSON.
func Hash(r Record) (string, []byte) {
	b, _ := json.Marshal(r)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), b
}

// seal sets p's release time and hash and returns the record JSON to keep with the version.
func seal(p *postgres.PlanRow, at time.Time) []byte {
	p.ReleasedAt = at.UTC().Truncate(time.Microsecond) // as Postgres keeps it, so the hash checks after a read
	h, b := Hash(RecordOf(*p))
	p.RecordHash = h
	return b
}

// match returns the match of a plan, requiring it not started.
func (s *Service) match(ctx context.Context, id string) (Match, error) {
	if s.d.Matches == nil {
		return Match{}, ErrMatchNotFound
	}
	m, ok, err := s.d.Matches.Match(ctx, id)
	if err != nil {
		return m, err
	}
	if !ok {
		return m, ErrMatchNotFound
	}
	if !notStarted(m.Status, m.Start, s.cfg.Now()) {
		return m, ErrMatchStarted
	}
	return m, nil
}

// CreatePlan publishes a plan (pending review, or published with AutoApprovePlans): the expert
// must be approved, the fields valid (spec §5), the match not started, its market offered, and the
// expert under MaxPlansPerMatch plans on it. The record is sealed with the server's time.
func (s *Service) CreatePlan(ctx context.Context, uid int64, in PlanInput) (postgres.PlanRow, error) {
	if _, err := s.expert(ctx, uid); err != nil {
		return postgres.PlanRow{}, err
	}
	if err := s.validate(&in); err != nil {
		return postgres.PlanRow{}, err
	}
	m, err := s.match(ctx, in.MatchID)
	if err != nil {
		return postgres.PlanRow{}, err
	}
	line, odds, ok := market(m, in.PlayType, in.Pick)
	if !ok {
		return postgres.PlanRow{}, planError("plan.marketNotOffered")
	}
	now := s.cfg.Now()
	p := postgres.PlanRow{ExpertID: uid, MatchID: m.ID, GameID: m.Game, League: m.League, Home: m.Home, Away: m.Away, MatchStart: m.Start,
		PlayType: in.PlayType, PlayLevel: in.PlayLevel, Pick: in.Pick, Line: line, Odds: odds, Title: in.Title, Content: in.Content,
		Label: in.Label, Price: in.Price, RefundIfLost: in.RefundIfLost, LoginToView: in.LoginToView, State: postgres.PlanReview,
		Version: 1, CreatedAt: now.UTC().Truncate(time.Microsecond)}
	if s.cfg.AutoApprovePlans {
		p.State = postgres.PlanPublished
	}
	p.ReleasedAt = p.CreatedAt
	p, err = s.d.Store.CreatePlan(ctx, p, func(p *postgres.PlanRow) ([]byte, error) { return seal(p, p.CreatedAt), nil }, s.cfg.MaxPlansPerMatch)
	switch {
	case errors.Is(err, postgres.ErrPlanLimit):
		return p, ErrPlanLimit.WithArgs(s.cfg.MaxPlansPerMatch)
	case errors.Is(err, postgres.ErrExpertState), errors.Is(err, postgres.ErrExpertNotFound):
		return p, ErrNotExpert
	case err != nil:
		return p, err
	}
	return s.d.Store.Plan(ctx, p.ID)
}

// editable is the edit and removal rule of spec §4: under review; or published with no sale
// before kick-off. After the first sale or kick-off a plan is frozen.
func editable(p postgres.PlanRow, now time.Time) error {
	if !now.Before(p.MatchStart) || p.Sales > 0 || !p.SettledAt.IsZero() {
		return ErrFrozen
	}
	if p.State != postgres.PlanReview && p.State != postgres.PlanPublished {
		return ErrPlanState
	}
	return nil
}

// EditPlan changes a plan under the edit rule: a new version with a new release time and hash
// (every version is kept); a published plan goes back to review (unless AutoApprovePlans).
func (s *Service) EditPlan(ctx context.Context, uid, id int64, in PlanInput) (postgres.PlanRow, error) {
	if _, err := s.expert(ctx, uid); err != nil {
		return postgres.PlanRow{}, err
	}
	if err := s.validate(&in); err != nil {
		return postgres.PlanRow{}, err
	}
	cur, err := s.ownPlan(ctx, uid, id)
	if err != nil {
		return cur, err
	}
	if in.MatchID != cur.MatchID {
		return cur, planError("plan.matchFixed")
	}
	m, err := s.match(ctx, cur.MatchID)
	if err != nil {
		return cur, err
	}
	line, odds, ok := market(m, in.PlayType, in.Pick)
	if !ok {
		return cur, planError("plan.marketNotOffered")
	}
	now := s.cfg.Now()
	p, err := s.d.Store.UpdatePlan(ctx, id, func(p *postgres.PlanRow) ([]byte, error) {
		if err := editable(*p, now); err != nil {
			return nil, err
		}
		p.PlayType, p.PlayLevel, p.Pick, p.Line, p.Odds = in.PlayType, in.PlayLevel, in.Pick, line, odds
		p.Title, p.Content, p.Label, p.Price, p.RefundIfLost, p.LoginToView = in.Title, in.Content, in.Label, in.Price, in.RefundIfLost, in.LoginToView
		p.UpdatedAt, p.Version = now, p.Version+1
		if !s.cfg.AutoApprovePlans {
			p.State = postgres.PlanReview
		}
		rec := seal(p, now)
		p.Version-- // the store bumps it with the version row
		return rec, nil
	})
	if err != nil {
		return p, err
	}
	return s.d.Store.Plan(ctx, id)
}

// RemovePlan takes a plan off shelf (spec §4): only before kick-off and without a sale.
func (s *Service) RemovePlan(ctx context.Context, uid, id int64) (postgres.PlanRow, error) {
	if _, err := s.ownPlan(ctx, uid, id); err != nil {
		return postgres.PlanRow{}, err
	}
	now := s.cfg.Now()
	return s.d.Store.UpdatePlan(ctx, id, func(p *postgres.PlanRow) ([]byte, error) {
		if err := editable(*p, now); err != nil {
			return nil, err
		}
		p.State, p.UpdatedAt = postgres.PlanRemoved, now
		return nil, nil
	})
}

// ownPlan is uid's plan id (ErrPlanNotFound for another's).
func (s *Service) ownPlan(ctx context.Context, uid, id int64) (postgres.PlanRow, error) {
	p, err := s.d.Store.Plan(ctx, id)
	if errors.Is(err, postgres.ErrPlanNotFound) || (err == nil && p.ExpertID != uid) {
		return p, ErrPlanNotFound
	}
	return p, err
}

// PlanDecision is a staff decision on a plan: approve or reject one under review, or hide one.
type PlanDecision struct {
	PlanID int64
	Action string // approve, reject, hide
	Reason string // required to reject and to hide
	By     int64
	ByName string
	IP     string
}

// DecidePlan applies a staff decision on a plan and writes it to the audit log. Approve and reject
// apply to a plan under review; hide to any plan not removed (the record keeps a hidden plan, and
// its settlement goes on).
func (s *Service) DecidePlan(ctx context.Context, d PlanDecision) (postgres.PlanRow, error) {
	d.Reason = strings.TrimSpace(d.Reason)
	if d.PlanID <= 0 || ((d.Action == "reject" || d.Action == "hide") && d.Reason == "") {
		return postgres.PlanRow{}, ErrBadInput
	}
	var before string
	p, err := s.d.Store.UpdatePlan(ctx, d.PlanID, func(p *postgres.PlanRow) ([]byte, error) {
		before = p.State
		switch {
		case d.Action == "approve" && p.State == postgres.PlanReview:
			p.State = postgres.PlanPublished
		case d.Action == "reject" && p.State == postgres.PlanReview:
			p.State = postgres.PlanRejected
		case d.Action == "hide" && p.State != postgres.PlanRemoved && p.State != postgres.PlanHidden:
			p.State = postgres.PlanHidden
		case d.Action != "approve" && d.Action != "reject" && d.Action != "hide":
			return nil, ErrBadInput
		default:
			return nil, ErrPlanState
		}
		p.Reason, p.UpdatedAt = d.Reason, s.cfg.Now()
		return nil, nil
	})
	if errors.Is(err, postgres.ErrPlanNotFound) {
		return p, ErrPlanNotFound
	}
	if err != nil {
		return p, err
	}
	s.record(ctx, audit.Entry{ActorID: d.By, ActorName: d.ByName, Action: "plan." + d.Action, TargetKind: "plan",
		TargetID: fmt.Sprint(d.PlanID), Before: map[string]string{"state": before}, After: map[string]string{"state": p.State},
		Reason: d.Reason, IP: d.IP})
	return p, nil
}

// ReviewQueue lists plans in one state (default under review) for staff.
func (s *Service) ReviewQueue(ctx context.Context, state string, limit, offset int) ([]postgres.PlanRow, int, error) {
	if state == "" {
		state = postgres.PlanReview
	}
	return s.d.Store.ListPlans(ctx, postgres.PlanFilter{States: []string{state}, Limit: limit, Offset: offset})
}

// CorrectResult is a staff correction of a match's result: the settlement service re-settles
// every plan on it, and the correction is written to the audit log.
func (s *Service) CorrectResult(ctx context.Context, c settlement.Correction, byName, ip string) (settlement.Result, error) {
	before, _ := s.d.Settlement.Result(ctx, c.MatchID)
	r, err := s.d.Settlement.Correct(ctx, c)
	if err != nil {
		return r, err
	}
	s.record(ctx, audit.Entry{ActorID: c.By, ActorName: byName, Action: "result.correct", TargetKind: "match", TargetID: c.MatchID,
		Before: map[string]int{"status": before.Status, "home": before.Home, "away": before.Away, "rev": before.Rev},
		After:  map[string]int{"status": r.Status, "home": r.Home, "away": r.Away, "rev": r.Rev}, Reason: c.Reason, IP: ip})
	return r, nil
}

// PickableMatches lists the matches an expert may write a plan on now: not started, in the next
// three days, with at least one market offered (game 0: every game).
func (s *Service) PickableMatches(ctx context.Context, uid int64, game int) ([]Match, error) {
	if _, err := s.expert(ctx, uid); err != nil {
		return nil, err
	}
	if s.d.Matches == nil {
		return nil, nil
	}
	now := s.cfg.Now()
	ms, err := s.d.Matches.Upcoming(ctx, now, now.Add(72*time.Hour), game, 200)
	if err != nil {
		return nil, err
	}
	out := ms[:0]
	for _, m := range ms {
		if notStarted(m.Status, m.Start, now) && (m.OddsHome > 1 || m.HcHome > 1 || m.OUOver > 1) {
			out = append(out, m)
		}
	}
	return out, nil
}
