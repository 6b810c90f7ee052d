package matches

import (
	"context"
	"errors"
	"time"

	"courtside/actors/match/feed"
	"courtside/api/audit"
	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// DemoClock plays one demo match ahead of the clock: the demo simulator
// (storage/postgres/sportsdemo.Service).
type DemoClock interface {
	Advance(ctx context.Context, matchID string, d time.Duration) error
}

// DemoDeps are the parts of the demo operators' tools.
type DemoDeps struct {
	Clock DemoClock      // nil: live scores do not come from the demo simulator (every call 7004)
	Audit audit.Recorder // required: every advance is a staff action
}

// Demo is the demo operators' side of live scores: play a demo match ahead so whoever shows the
// site (or a browser test) sees a match kick off, score or finish now, whatever the hour.
// Everything downstream (live scores on open pages, reservations' notices, settlement of plans and
// predictions) happens as it would at that moment of the schedule.
type Demo struct {
	matches *Service
	deps    DemoDeps
}

// NewDemo builds the tools on the matches service (which looks the matches up).
func NewDemo(matches *Service, deps DemoDeps) *Demo { return &Demo{matches: matches, deps: deps} }

// Demo advances are bounded so one click cannot skip a week of the schedule.
const maxDemoAdvance = 600 * time.Minute

var (
	// ErrDemoClockOff: live scores do not come from the demo simulator here (7004, 409).
	ErrDemoClockOff = errcode.New(errcode.DemoClockOff)
	// ErrDemoAdvanceRange: minutes outside 1–600 (7005, 400).
	ErrDemoAdvanceRange = errcode.New(errcode.DemoAdvanceRange)
)

// DemoAdvance is a staff request to play a demo match ahead.
type DemoAdvance struct {
	MatchID string
	Minutes int
	By      int64  // the staff member
	IP      string // for the audit log
}

// Advance plays a demo match Minutes ahead of the schedule and writes it to the audit log.
func (d *Demo) Advance(ctx context.Context, in DemoAdvance) error {
	if d.deps.Clock == nil {
		return ErrDemoClockOff
	}
	by := time.Duration(in.Minutes) * time.Minute
	if by <= 0 || by > maxDemoAdvance {
		return ErrDemoAdvanceRange
	}
	before, err := d.matches.store.Match(ctx, in.MatchID)
	if errors.Is(err, postgres.ErrMatchNotFound) {
		return ErrMatchNotFound
	}
	if err != nil {
		return err
	}
	if err := d.deps.Clock.Advance(ctx, in.MatchID, by); errors.Is(err, feed.ErrUnknownFixture) {
		return ErrMatchNotFound // a match the demo does not play (outside its window)
	} else if err != nil {
		return err
	}
	return d.deps.Audit.Record(ctx, audit.Entry{ActorID: in.By, Action: "match.demoAdvance", TargetKind: "match", TargetID: in.MatchID,
		Before: map[string]any{"status": before.Live.Status, "home": before.Live.Home, "away": before.Live.Away},
		After:  map[string]any{"minutesAhead": in.Minutes}, IP: in.IP})
}
