package errcode

// Hardening (issue 15): refusals that protect the node and its users, whatever the area.
const (
	// Busy: too many password hashes at once; the server refuses rather than run out of memory
	// (retry in a moment).
	Busy Code = 6700
	// TopicNotFound: a score subscription (`sub`) to a match or game that does not exist.
	TopicNotFound Code = 6701
	// TooManyTopics: one connection follows as many score topics as it may (the session's
	// MaxTopics); unsubscribe one first.
	TooManyTopics Code = 6702
	// RefundNotPaid: an administrator records a refund of a recharge order that is not paid: there
	// is nothing to give back yet (record it once the order is paid).
	RefundNotPaid Code = 6703
)

func init() {
	define(map[Code]entry{
		Busy:          {"security.busy", KindUnavailable, EdgeREST},
		TopicNotFound: {"security.topicNotFound", KindNotFound, EdgeSocket},
		TooManyTopics: {"security.tooManyTopics", KindTooMany, EdgeSocket},
		RefundNotPaid: {"security.refundNotPaid", KindConflict, EdgeREST},
	})
}
