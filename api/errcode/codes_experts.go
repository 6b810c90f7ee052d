package errcode

// Experts and their plans (api/experts) and the settlement service (api/settlement): 6100–6199
// (decision 0004).
const (
	// NotExpert: the caller has no approved expert account ('Please apply to become a creator first').
	NotExpert Code = 6101
	// ExpertState: not possible in the application's current status (expert.state), for instance a
	// second application while one is under review (expert.underReview).
	ExpertState Code = 6102
	// ExpertBanned: the expert account is banned.
	ExpertBanned Code = 6103
	// ExpertApplication: a field of the expert application failed spec §5; the key says which.
	ExpertApplication Code = 6104
	// PlanInvalid: a plan field failed spec §5; the key says which (plan.titleLength, plan.price, ...).
	PlanInvalid Code = 6105
	// PlanLimit: the expert already has the maximum of plans on this match.
	PlanLimit Code = 6106
	// PlanMatchStarted: the match has started (or is over): no new plan, edit, removal or sale.
	PlanMatchStarted Code = 6107
	// PlanFrozen: the plan has sold or its match has started: it can no longer be edited or removed.
	PlanFrozen Code = 6108
	// PlanNotFound: no such plan, or not visible to the caller.
	PlanNotFound Code = 6109
	// PlanNotOnSale: the plan is not published (under review, removed, hidden) or already settled.
	PlanNotOnSale Code = 6110
	// PlanOwn: an expert cannot buy their own plan.
	PlanOwn Code = 6111
	// PlanState: not possible in the plan's current state (review of a plan not under review, ...).
	PlanState Code = 6112
	// ResultCorrection: a result correction with a bad status, score or without a reason.
	ResultCorrection Code = 6120
)

func init() {
	define(map[Code]entry{
		NotExpert:         {"expert.applyFirst", KindForbidden, EdgeREST},
		ExpertState:       {"expert.state", KindConflict, EdgeREST},
		ExpertBanned:      {"expert.banned", KindForbidden, EdgeREST},
		ExpertApplication: {"expert.applicationInvalid", KindInvalid, EdgeREST},
		PlanInvalid:       {"plan.invalid", KindInvalid, EdgeREST},
		PlanLimit:         {"plan.limit", KindConflict, EdgeREST},
		PlanMatchStarted:  {"plan.matchStarted", KindConflict, EdgeREST},
		PlanFrozen:        {"plan.frozen", KindConflict, EdgeREST},
		PlanNotFound:      {"plan.notFound", KindNotFound, EdgeREST},
		PlanNotOnSale:     {"plan.notOnSale", KindConflict, EdgeREST},
		PlanOwn:           {"plan.own", KindInvalid, EdgeREST},
		PlanState:         {"plan.state", KindConflict, EdgeREST},
		ResultCorrection:  {"settlement.badCorrection", KindInvalid, EdgeREST},
	})
}
