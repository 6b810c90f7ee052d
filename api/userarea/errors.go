package userarea

import "courtside/api/errcode"

// The user area's errors (codes 6801–6804 in api/errcode/codes_userarea.go, messages in
// api/locale/messages/userarea). Never modify one; the With* methods return copies.
var (
	// ErrTaskUnknown: no such task.
	ErrTaskUnknown = errcode.New(errcode.UserTaskUnknown)
	// ErrTaskNotDone: the task is not complete in its current period.
	ErrTaskNotDone = errcode.New(errcode.UserTaskNotDone)
	// ErrTaskClaimed: the reward of this period was already granted.
	ErrTaskClaimed = errcode.New(errcode.UserTaskClaimed)
	// ErrInviteInvalid: an unknown invitation code, or one's own.
	ErrInviteInvalid = errcode.New(errcode.UserInviteInvalid)
	// ErrInviteNotVerified: the invitee has no verified phone or e-mail yet.
	ErrInviteNotVerified = ErrInviteInvalid.WithKey("userarea.inviteNotVerified")
	// ErrInviteTooLate: the invitee's account is older than the invitation window.
	ErrInviteTooLate = ErrInviteInvalid.WithKey("userarea.inviteTooLate")
)
