package experts

import "courtside/api/errcode"

// The experts area's errors. Codes and default messages are in the catalogue (6101–6199,
// api/errcode/codes_experts.go); messages in api/locale/messages/experts. Shared values: never
// modify one; WithKey, WithArgs and Wrap return copies.
var (
	// ErrNotExpert: no approved expert account ('Please apply to become a creator first', 6101).
	ErrNotExpert = errcode.New(errcode.NotExpert)
	// ErrUnderReview: an application is already under review (6102 expert.underReview).
	ErrUnderReview = errcode.New(errcode.ExpertState).WithKey("expert.underReview")
	// ErrExpertState: not possible in the application's status (6102).
	ErrExpertState = errcode.New(errcode.ExpertState)
	// ErrExpertBanned: the expert account is banned (6103).
	ErrExpertBanned = errcode.New(errcode.ExpertBanned)
	// ErrPhoneNotBound: the account has no bound phone (6104 expert.phoneNotBound).
	ErrPhoneNotBound = errcode.New(errcode.ExpertApplication).WithKey("expert.phoneNotBound")
	// ErrPlanLimit: already MaxPlansPerMatch plans on the match (6106).
	ErrPlanLimit = errcode.New(errcode.PlanLimit)
	// ErrMatchStarted: the match has started or is over (6107).
	ErrMatchStarted = errcode.New(errcode.PlanMatchStarted)
	// ErrFrozen: sold or kicked off: no edit or removal (6108).
	ErrFrozen = errcode.New(errcode.PlanFrozen)
	// ErrPlanNotFound: no such plan, or not visible to the caller (6109).
	ErrPlanNotFound = errcode.New(errcode.PlanNotFound)
	// ErrNotOnSale: not published, or already settled (6110).
	ErrNotOnSale = errcode.New(errcode.PlanNotOnSale)
	// ErrOwnPlan: buying one's own plan (6111).
	ErrOwnPlan = errcode.New(errcode.PlanOwn)
	// ErrPlanState: not possible in the plan's state (6112).
	ErrPlanState = errcode.New(errcode.PlanState)
	// ErrBadInput: a malformed field: unknown status, user id, a rejection without a reason (1000).
	ErrBadInput = errcode.New(errcode.Format)
	// ErrInsufficientCoins: not enough coins for the plan (4007, the wallet's).
	ErrInsufficientCoins = errcode.New(errcode.InsufficientCoins)
	// ErrMatchNotFound: no such match (7001).
	ErrMatchNotFound = errcode.New(errcode.MatchNotFound)
)

// applyError is an application field that failed spec §5 (6104) with its message key.
func applyError(key string) *errcode.Error {
	return errcode.New(errcode.ExpertApplication).WithKey(key)
}

// planError is a plan field that failed spec §5 (6105) with its message key and arguments.
func planError(key string, args ...any) *errcode.Error {
	return errcode.New(errcode.PlanInvalid).WithKey(key).WithArgs(args...)
}
