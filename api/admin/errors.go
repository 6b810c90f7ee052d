package admin

import "courtside/api/errcode"

// The back office's errors (codes 6000–6099 in api/errcode/codes_admin.go). Shared values: never
// modify one; WithKey and Wrap return copies.
var (
	// ErrSecondFactor: the call needs a staff session (the second factor) (6000).
	ErrSecondFactor = errcode.New(errcode.SecondFactor)
	// ErrCodeWrong: a wrong, expired or reused authenticator code (6001).
	ErrCodeWrong = errcode.New(errcode.SecondFactorWrong)
	// ErrEnrolled: the second factor is already set up (6002).
	ErrEnrolled = errcode.New(errcode.SecondFactorEnrolled)
	// ErrReportNotFound: no open report of that line (6003).
	ErrReportNotFound = errcode.New(errcode.ReportNotFound)
	// ErrReasonRequired: a ban, a mute or a rejection needs a reason (6004 admin.reasonRequired).
	ErrReasonRequired = errcode.New(errcode.AdminInput).WithKey("admin.reasonRequired")
	// ErrDuration: a mute's duration is out of range (6004 admin.durationRange).
	ErrDuration = errcode.New(errcode.AdminInput).WithKey("admin.durationRange")
	// ErrRole: a role that cannot be given (6004 admin.roleInvalid).
	ErrRole = errcode.New(errcode.AdminInput).WithKey("admin.roleInvalid")
	// ErrSelf: a staff member banning or muting themself, or taking their own admin role (6004
	// admin.selfAction).
	ErrSelf = errcode.New(errcode.AdminInput).WithKey("admin.selfAction")
	// ErrNotFound: no such user (1004).
	ErrNotFound = errcode.New(errcode.AccountNotFound)
	// ErrBadInput: a malformed request (1001).
	ErrBadInput = errcode.New(errcode.BadRequest)
	// ErrForbidden: not allowed (1003).
	ErrForbidden = errcode.New(errcode.Forbidden)
)
