package feed

import (
	"fmt"
	"math"
	"time"
)

// Bounds on what any event may carry, whatever the game: feed input is untrusted.
const (
	maxDetailKeys   = 64
	maxStatKeys     = 100
	maxKeyLen       = 40
	maxTextLen      = 500
	maxNameLen      = 120
	maxListLen      = 64
	maxLineupSize   = 60
	maxPlayerStats  = 200
	maxPeriodIndex  = 64
	maxStatValue    = 1e9
	maxClockSecs    = 24 * 3600
	maxPeriodsCount = 64
)

var (
	earliestStart = time.Unix(0, 0) // tests and providers use the epoch for "not set"
	latestStart   = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
)

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidEvent, fmt.Sprintf(format, args...))
}

// known reports whether the state has seen its fixture, so that the limits of its game apply
// (before that, Game 0 means "not known yet" as much as "esports-other").
func (s *State) known() bool { return s.Source != "" }

// check refuses an event whose values are impossible for the state it would be applied to. It
// never changes s.
func (s *State) check(ev *Event) error {
	if ev.At < 0 {
		return invalid("negative time %d", ev.At)
	}
	switch ev.Kind {
	case KFixture:
		return s.checkFixture(ev)
	case KReschedule:
		if t := time.UnixMilli(ev.StartAt); t.Before(earliestStart) || t.After(latestStart) {
			return invalid("new start %d out of range", ev.StartAt)
		}
	case KStatus:
		if !ev.Status.Valid() {
			return invalid("unknown status %d", ev.Status)
		}
	case KScore:
		return s.checkScore(ev)
	case KPeriod:
		if ev.Period == nil {
			return nil
		}
		if ev.Period.Index < 0 || ev.Period.Index > maxPeriodIndex {
			return invalid("period index %d", ev.Period.Index)
		}
		if len(ev.Period.Name) > 16 {
			return invalid("period name longer than 16 bytes")
		}
		return s.checkClock(&ev.Period.Clock)
	case KClock:
		if ev.Clock == nil {
			return nil
		}
		return s.checkClock(ev.Clock)
	case KDetail:
		return s.checkDetail(ev)
	case KStats:
		return s.checkStats(ev)
	case KIncident:
		return s.checkIncident(ev)
	case KLineup:
		return s.checkLineup(ev)
	case KOdds:
		return s.checkOdds(ev)
	case KPlayerStat:
		return s.checkPlayerStats(ev)
	default:
		return ErrUnknownKind
	}
	return nil
}

func (s *State) checkFixture(ev *Event) error {
	f := ev.Fixture
	if f == nil {
		return nil
	}
	if f.ID != "" && f.ID != ev.Match {
		return invalid("fixture %q in an event of match %q", f.ID, ev.Match)
	}
	if f.Home != "" && f.Home == f.Away {
		return invalid("team %q cannot play itself", f.Home)
	}
	if _, ok := GameByID(f.Game); !ok {
		return invalid("unknown game %d", f.Game)
	}
	if f.Start.Before(earliestStart) || f.Start.After(latestStart) {
		return invalid("start %s out of range", f.Start.Format(time.RFC3339))
	}
	if f.BestOf < 0 || f.BestOf > 35 {
		return invalid("best of %d", f.BestOf)
	}
	for _, t := range []string{f.ID, f.Home, f.Away, f.League, f.Venue, f.Referee, f.Source} {
		if len(t) > maxNameLen {
			return invalid("fixture text longer than %d bytes", maxNameLen)
		}
	}
	return nil
}

func (s *State) checkScore(ev *Event) error {
	p := ProfileOf(s.Game)
	sc := ev.Score
	if sc == nil {
		return nil
	}
	if sc.Home < 0 || sc.Away < 0 {
		return invalid("negative score %d-%d", sc.Home, sc.Away)
	}
	if s.known() && (sc.Home > p.MaxScore || sc.Away > p.MaxScore) {
		return invalid("score %d-%d beyond what game %d allows (%d)", sc.Home, sc.Away, s.Game, p.MaxScore)
	}
	if !sc.Correction && (sc.Home < s.Home || sc.Away < s.Away) {
		return invalid("score goes back from %d-%d to %d-%d without a correction", s.Home, s.Away, sc.Home, sc.Away)
	}
	limit := maxPeriodsCount
	if s.known() {
		limit = p.MaxPeriods
	}
	if len(sc.Periods) > limit {
		return invalid("%d periods (at most %d)", len(sc.Periods), limit)
	}
	for i, pp := range sc.Periods {
		if pp[0] < 0 || pp[1] < 0 {
			return invalid("negative score in period %d", i+1)
		}
		if !sc.Correction && i < len(s.Periods) && (pp[0] < s.Periods[i][0] || pp[1] < s.Periods[i][1]) {
			return invalid("period %d score goes back without a correction", i+1)
		}
	}
	if !sc.Correction && sc.Periods != nil && len(sc.Periods) < len(s.Periods) {
		return invalid("periods shrink from %d to %d without a correction", len(s.Periods), len(sc.Periods))
	}
	return nil
}

func (s *State) checkDetail(ev *Event) error {
	if len(ev.Detail) > maxDetailKeys {
		return invalid("%d detail keys", len(ev.Detail))
	}
	for k, v := range ev.Detail {
		if k == "" || len(k) > maxKeyLen {
			return invalid("detail key %.40q", k)
		}
		if !validValue(v, 0) {
			return invalid("detail %s has an unsupported or oversized value", k)
		}
	}
	return nil
}

func (s *State) checkStats(ev *Event) error {
	if len(ev.Stats) > maxStatKeys {
		return invalid("%d statistics", len(ev.Stats))
	}
	for k, v := range ev.Stats {
		if k == "" || len(k) > maxKeyLen {
			return invalid("statistic key %.40q", k)
		}
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 || x > maxStatValue {
				return invalid("statistic %s = %v", k, v)
			}
		}
		if k == "possession" && (v[0] > 100 || v[1] > 100 || v[0]+v[1] > 100.5) {
			return invalid("possession %v", v)
		}
	}
	return nil
}

func (s *State) checkIncident(ev *Event) error {
	in := ev.Incident
	if in == nil {
		return nil
	}
	if in.Team < -1 || in.Team > 1 {
		return invalid("incident team %d", in.Team)
	}
	if in.Type == "" || len(in.Type) > maxKeyLen || len(in.Text) > maxTextLen || len(in.Name) > maxNameLen ||
		len(in.Assist) > maxNameLen || len(in.Minute) > 24 || len(in.Player) > maxNameLen || len(in.Ref) > maxNameLen {
		return invalid("incident text fields out of bounds")
	}
	if !inRange(in.X, 0, 100) || !inRange(in.Y, 0, 100) || in.Secs < 0 || in.Secs > maxClockSecs || in.Period < 0 || in.Period > maxPeriodIndex {
		return invalid("incident place or time out of range")
	}
	return nil
}

func (s *State) checkLineup(ev *Event) error {
	if lu := ev.Lineup; lu != nil {
		if len(lu.Players) > maxLineupSize || len(lu.Team) > maxNameLen || len(lu.Coach) > maxNameLen || len(lu.Formation) > 16 {
			return invalid("line-up out of bounds")
		}
		for _, pl := range lu.Players {
			if len(pl.Name) > maxNameLen || len(pl.Player) > maxNameLen || len(pl.Position) > maxKeyLen || pl.Shirt < 0 || pl.Shirt > 999 {
				return invalid("line-up player out of bounds")
			}
		}
	}
	if len(ev.Injuries) > maxLineupSize {
		return invalid("%d injuries", len(ev.Injuries))
	}
	return nil
}

func (s *State) checkOdds(ev *Event) error {
	o := ev.Odds
	if o == nil {
		return nil
	}
	if len(o.Company) > maxNameLen || len(o.Lines) > 20 {
		return invalid("odds out of bounds")
	}
	for _, x := range []float64{o.Home, o.Draw, o.Away, o.HcHome, o.HcAway, o.OUOver, o.OUUnder} {
		if !validPrice(x) {
			return invalid("odds price %v", x)
		}
	}
	if !inRange(o.HcLine, -500, 500) || !inRange(o.OULine, 0, 10000) {
		return invalid("odds line out of range")
	}
	for _, l := range o.Lines {
		if len(l.Market) > maxKeyLen || !inRange(l.Line, 0, 10000) || !validPrice(l.Over) || !validPrice(l.Under) {
			return invalid("odds line %q out of range", l.Market)
		}
	}
	return nil
}

func (s *State) checkPlayerStats(ev *Event) error {
	if len(ev.PlayerStats) > maxPlayerStats {
		return invalid("%d player statistics", len(ev.PlayerStats))
	}
	for _, ps := range ev.PlayerStats {
		if ps.Team < 0 || ps.Team > 1 || len(ps.Values) > maxStatKeys || len(ps.Heroes) > maxListLen || len(ps.Player) > maxNameLen ||
			len(ps.Name) > maxNameLen || len(ps.Weapon) > maxNameLen {
			return invalid("player statistics out of bounds")
		}
		for k, x := range ps.Values {
			if len(k) > maxKeyLen || math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > maxStatValue {
				return invalid("player statistic %.40q = %v", k, x)
			}
		}
	}
	return nil
}

func (s *State) checkClock(c *Clock) error {
	p := ProfileOf(s.Game)
	limit := maxClockSecs
	if s.known() && p.MaxClock > 0 {
		limit = p.MaxClock
	}
	if c.Secs < 0 || c.Secs > limit {
		return invalid("clock at %d s (at most %d)", c.Secs, limit)
	}
	if !inRange(c.Speed, 0, 100) {
		return invalid("clock speed %v", c.Speed)
	}
	return nil
}

func inRange(x, lo, hi float64) bool { return !math.IsNaN(x) && x >= lo && x <= hi }

// validPrice: decimal odds are 0 (not offered) or between 1 and 1000.
func validPrice(x float64) bool { return x == 0 || inRange(x, 1, 1000) }

// validValue accepts what a detail may hold: numbers, booleans, short strings and short lists
// of those (what the simulator sends and JSON decodes), nothing nested deeper.
func validValue(v any, depth int) bool {
	switch x := v.(type) {
	case nil, bool:
		return true
	case string:
		return len(x) <= 200
	case int:
		return true
	case int64:
		return true
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0)
	case []int:
		return len(x) <= maxListLen
	case []float64:
		if len(x) > maxListLen {
			return false
		}
		for _, f := range x {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return false
			}
		}
		return true
	case []string:
		if len(x) > maxListLen {
			return false
		}
		for _, s := range x {
			if len(s) > 200 {
				return false
			}
		}
		return true
	case []any:
		if depth > 0 || len(x) > maxListLen {
			return false
		}
		for _, e := range x {
			if !validValue(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
