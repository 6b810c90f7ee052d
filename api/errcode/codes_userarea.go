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

	// Reserved broadcasts (issue 17 "Reservations", served by api/anchor), 6810–6849.

	// BroadcastAnnounceInvalid: an announcement of an upcoming broadcast that fails its rules (title,
	// start time, linked match; the key says which).
	BroadcastAnnounceInvalid Code = 6810
	// BroadcastNotAnnounced: no such announced broadcast, or the streamer has none open.
	BroadcastNotAnnounced Code = 6811
	// BroadcastNotBookable: the announced broadcast cannot be reserved any more (started, withdrawn,
	// lapsed) or is the caller's own.
	BroadcastNotBookable Code = 6812
	// BroadcastReservationNotFound: no reservation of this broadcast that can still be cancelled.
	BroadcastReservationNotFound Code = 6813
)

func init() {
	define(map[Code]entry{
		UserTaskUnknown:   {"userarea.taskUnknown", KindNotFound, EdgeREST},
		UserTaskNotDone:   {"userarea.taskNotDone", KindConflict, EdgeREST},
		UserTaskClaimed:   {"userarea.taskClaimed", KindConflict, EdgeREST},
		UserInviteInvalid: {"userarea.inviteInvalid", KindInvalid, EdgeREST},

		BroadcastAnnounceInvalid:     {"userarea.announceInvalid", KindInvalid, EdgeREST},
		BroadcastNotAnnounced:        {"userarea.notAnnounced", KindNotFound, EdgeREST},
		BroadcastNotBookable:         {"userarea.notBookable", KindConflict, EdgeREST},
		BroadcastReservationNotFound: {"userarea.reservationNotFound", KindNotFound, EdgeREST},
	})
}
