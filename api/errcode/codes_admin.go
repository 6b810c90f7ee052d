package errcode

// The back office's codes (6000–6099, decision 0004).
const (
	// SecondFactor: a staff call needs the second factor (TOTP) verified in this session, or the staff
	// session it opened has ended; the back office asks for a code ('Enter the code of your
	// authenticator app').
	SecondFactor Code = 6000
	// SecondFactorWrong: the authenticator code is wrong, expired or already used.
	SecondFactorWrong Code = 6001
	// SecondFactorEnrolled: the second factor is already set up; its secret is never shown again (an
	// administrator can reset it).
	SecondFactorEnrolled Code = 6002
	// ReportNotFound: no open report of that chat line (already handled, or never reported).
	ReportNotFound Code = 6003
	// AdminInput: a back-office request breaks a rule (a missing reason, a duration out of range, a
	// role that cannot be given); the message key says which.
	AdminInput Code = 6004
)

func init() {
	define(map[Code]entry{
		SecondFactor:         {"admin.secondFactor", KindForbidden, EdgeREST},
		SecondFactorWrong:    {"admin.secondFactorWrong", KindInvalid, EdgeREST},
		SecondFactorEnrolled: {"admin.secondFactorEnrolled", KindConflict, EdgeREST},
		ReportNotFound:       {"admin.reportNotFound", KindNotFound, EdgeREST},
		AdminInput:           {"admin.invalid", KindInvalid, EdgeREST},
	})
}
