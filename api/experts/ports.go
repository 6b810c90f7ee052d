package experts

import (
	"context"
	"time"

	"courtside/api/audit"
)

// Phones gives the phone bound to an account ("" when none): an application carries it.
type Phones interface {
	BoundPhone(ctx context.Context, userID int64) (string, error)
}

// ExpertRoles grants or revokes the account's expert role (approval, ban). Optional.
type ExpertRoles interface {
	SetExpert(ctx context.Context, userID int64, on bool) error
}

// Staff tells what a staff member may do (account.Service.Can); nil: administrators only, through
// Admins.
type Staff interface {
	Can(ctx context.Context, userID int64, perm string) (bool, error)
}

// Admins tells administrators apart. Optional.
type Admins interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// Coins gives a user's coin balance (the wallet).
type Coins interface {
	Balances(ctx context.Context, userID int64) (coins, diamonds int64, err error)
}

// Match is what a plan needs of its match, from the match module.
type Match struct {
	ID                 string
	Game               int
	League, Home, Away string
	Start              time.Time
	Status             int // feed.Status
	// The markets offered now (zero: not offered): 1X2 odds, the handicap line (given to home) and
	// its odds, the over/under line and its odds.
	OddsHome, OddsDraw, OddsAway float64
	HcLine, HcHome, HcAway       float64
	OULine, OUOver, OUUnder      float64
}

// Matches finds a match (ok false when there is none) and lists matches a plan can be written on.
type Matches interface {
	Match(ctx context.Context, id string) (Match, bool, error)
	Upcoming(ctx context.Context, from, to time.Time, game int, limit int) ([]Match, error)
}

// Auditor is the audit log (audit.Recorder).
type Auditor = audit.Recorder
