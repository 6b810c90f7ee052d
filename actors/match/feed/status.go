package feed

import "strconv"

// Status is a match state of spec §4. The numeric values are stored in Postgres and sent to
// clients; never renumber them.
type Status int8

const (
	StatusNotStarted Status = 0 // scheduled
	StatusLive       Status = 1 // in progress
	StatusHalftime   Status = 2 // a break inside the match: half-time, between quarters of a half, between maps
	StatusOvertime   Status = 3 // extra time / overtime / extra innings
	StatusPenalties  Status = 4 // penalty shoot-out
	StatusFinished   Status = 5
	StatusPostponed  Status = 6
	StatusCancelled  Status = 7
	StatusAnnounced  Status = 8 // line-ups announced, about to start
)

var statusNames = [...]string{"notStarted", "live", "halftime", "overtime", "penalties", "finished", "postponed", "cancelled", "announced"}

// AllStatuses lists every status.
var AllStatuses = []Status{StatusNotStarted, StatusLive, StatusHalftime, StatusOvertime, StatusPenalties, StatusFinished, StatusPostponed, StatusCancelled, StatusAnnounced}

// String is the status's wire name.
func (s Status) String() string {
	if int(s) >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status(" + strconv.Itoa(int(s)) + ")"
}

// InPlay reports whether the match is being played (live, a break, overtime, penalties).
func (s Status) InPlay() bool {
	return s == StatusLive || s == StatusHalftime || s == StatusOvertime || s == StatusPenalties
}

// Upcoming reports whether the match is still to be played.
func (s Status) Upcoming() bool { return s == StatusNotStarted || s == StatusAnnounced }

// Terminal reports whether nothing can follow (finished or cancelled).
func (s Status) Terminal() bool { return s == StatusFinished || s == StatusCancelled }

// transitions is the graph of spec §4. A postponed match is rescheduled (back to not started) or
// cancelled; finished and cancelled are terminal. A match in play can be postponed (abandoned
// and replayed later) or cancelled.
var transitions = map[Status][]Status{
	StatusNotStarted: {StatusAnnounced, StatusLive, StatusPostponed, StatusCancelled},
	StatusAnnounced:  {StatusNotStarted, StatusLive, StatusPostponed, StatusCancelled},
	StatusLive:       {StatusHalftime, StatusOvertime, StatusPenalties, StatusFinished, StatusPostponed, StatusCancelled},
	StatusHalftime:   {StatusLive, StatusOvertime, StatusPenalties, StatusFinished, StatusPostponed, StatusCancelled},
	StatusOvertime:   {StatusHalftime, StatusPenalties, StatusFinished, StatusPostponed, StatusCancelled},
	StatusPenalties:  {StatusFinished, StatusPostponed, StatusCancelled},
	StatusPostponed:  {StatusNotStarted, StatusAnnounced, StatusCancelled},
}

// Transition reports whether a match may go from one status to another. Staying put is allowed
// (a repeated status is a no-op).
func Transition(from, to Status) bool {
	if from == to {
		return true
	}
	for _, s := range transitions[from] {
		if s == to {
			return true
		}
	}
	return false
}
