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
	// StatusAbandoned: play started and was stopped for good (weather, crowd trouble, a floodlight
	// failure); the match is replayed later (back to not started), awarded (finished) or cancelled.
	StatusAbandoned Status = 9
)

var statusNames = [...]string{"notStarted", "live", "halftime", "overtime", "penalties", "finished", "postponed", "cancelled", "announced", "abandoned"}

// AllStatuses lists every status.
var AllStatuses = []Status{StatusNotStarted, StatusLive, StatusHalftime, StatusOvertime, StatusPenalties, StatusFinished, StatusPostponed, StatusCancelled, StatusAnnounced, StatusAbandoned}

// Valid reports whether s is one of the statuses above.
func (s Status) Valid() bool { return s >= 0 && int(s) < len(statusNames) }

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
// cancelled; finished and cancelled are terminal. A match in play can be postponed, abandoned
// (stopped for good: replayed, awarded or cancelled later) or cancelled.
var transitions = map[Status][]Status{
	StatusNotStarted: {StatusAnnounced, StatusLive, StatusPostponed, StatusCancelled},
	StatusAnnounced:  {StatusNotStarted, StatusLive, StatusPostponed, StatusCancelled},
	StatusLive:       {StatusHalftime, StatusOvertime, StatusPenalties, StatusFinished, StatusPostponed, StatusCancelled, StatusAbandoned},
	StatusHalftime:   {StatusLive, StatusOvertime, StatusPenalties, StatusFinished, StatusPostponed, StatusCancelled, StatusAbandoned},
	StatusOvertime:   {StatusHalftime, StatusPenalties, StatusFinished, StatusPostponed, StatusCancelled, StatusAbandoned},
	StatusPenalties:  {StatusFinished, StatusPostponed, StatusCancelled, StatusAbandoned},
	StatusPostponed:  {StatusNotStarted, StatusAnnounced, StatusCancelled},
	StatusAbandoned:  {StatusNotStarted, StatusAnnounced, StatusFinished, StatusCancelled},
}

// Path returns the shortest chain of statuses that leads from one status to another by allowed
// transitions, excluding from and including to (nil when from == to, ok false when to cannot be
// reached). A provider that polls may miss steps (a match seen not started, then finished);
// adapters replay the path so that consumers still see a valid sequence.
func Path(from, to Status) (path []Status, ok bool) {
	if from == to {
		return nil, true
	}
	prev := map[Status]Status{from: from}
	queue := []Status{from}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, n := range transitions[s] {
			if _, seen := prev[n]; seen {
				continue
			}
			prev[n] = s
			if n == to {
				for x := to; x != from; x = prev[x] {
					path = append([]Status{x}, path...)
				}
				return path, true
			}
			queue = append(queue, n)
		}
	}
	return nil, false
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
