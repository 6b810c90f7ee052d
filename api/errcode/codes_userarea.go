package errcode

// The user area (api/userarea: levels, tasks, invitations), range 6800–6899.
const (
	// UserTaskUnknown: no such task.
	UserTaskUnknown Code = 6801
	// UserTaskNotDone: the task is not complete in this period yet.
	UserTaskNotDone Code = 6802
	// UserTaskClaimed: the task's reward was already claimed in this period.
	UserTaskClaimed Code = 6803
	// UserInviteInvalid: an invitation that cannot be recorded (unknown code, one's own, an account
	// older than the invitation window, or one without a verified phone or e-mail; the key says which).
	UserInviteInvalid Code = 6804
)

func init() {
	define(map[Code]entry{
		UserTaskUnknown:   {"userarea.taskUnknown", KindNotFound, EdgeREST},
		UserTaskNotDone:   {"userarea.taskNotDone", KindConflict, EdgeREST},
		UserTaskClaimed:   {"userarea.taskClaimed", KindConflict, EdgeREST},
		UserInviteInvalid: {"userarea.inviteInvalid", KindInvalid, EdgeREST},
	})
}
