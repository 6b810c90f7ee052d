package errcode

// Customer service (issue 19, route /salesmartly: api/support), range 7800–7849.
const (
	// SupportBadCategory: the message's category is not one of the help centre's.
	SupportBadCategory Code = 7801
	// SupportBadSubject: the subject is empty or too long (the message says the limits).
	SupportBadSubject Code = 7802
	// SupportBadMessage: the message is too short or too long (the message says the limits).
	SupportBadMessage Code = 7803
	// SupportNotFound: no such ticket, or not the caller's.
	SupportNotFound Code = 7804
	// SupportClosed: the ticket is closed: open a new one.
	SupportClosed Code = 7805
	// SupportTooMany: the user opened the most tickets an hour allows.
	SupportTooMany Code = 7806
	// SupportThreadFull: the thread holds the most messages a ticket allows.
	SupportThreadFull Code = 7807
	// SupportBadState: the back office's filter names no state.
	SupportBadState Code = 7808
)

func init() {
	define(map[Code]entry{
		SupportBadCategory: {"support.badCategory", KindInvalid, EdgeREST},
		SupportBadSubject:  {"support.badSubject", KindInvalid, EdgeREST},
		SupportBadMessage:  {"support.badMessage", KindInvalid, EdgeREST},
		SupportNotFound:    {"support.notFound", KindNotFound, EdgeREST},
		SupportClosed:      {"support.closed", KindConflict, EdgeREST},
		SupportTooMany:     {"support.tooMany", KindTooMany, EdgeREST},
		SupportThreadFull:  {"support.threadFull", KindConflict, EdgeREST},
		SupportBadState:    {"support.badState", KindInvalid, EdgeREST},
	})
}
