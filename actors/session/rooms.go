package session

import "unique"

// roomEntry is a room of a session: whether the connection is in it (joined and not left), and,
// for a signed-in user while Watching is on, when it joined (monoNow; zero: not timed). An entry
// that is neither is dropped.
//
// The room's name is interned: thousands of connections in one room share one copy of it instead
// of each keeping the string its join message was decoded into.
type roomEntry struct {
	id unique.Handle[string]
	at int64
	in bool
}

// roomList is a session's rooms. A connection is in at most Config.MaxRooms rooms (8), so they are
// a short slice searched in order rather than maps: the two maps a session made for its first room
// were 256 bytes of every idle connection's heap (issue 24), one entry here is 24.
type roomList []roomEntry

// find compares names, not handles: a lookup (every chat command asks has) then never touches
// unique's process-wide map, nor interns a name the client made up.
func (l roomList) find(id string) int {
	for i := range l {
		if l[i].id.Value() == id {
			return i
		}
	}
	return -1
}

// has reports whether the connection is in room id.
func (l roomList) has(id string) bool {
	i := l.find(id)
	return i >= 0 && l[i].in
}

// count is the number of rooms the connection is in.
func (l roomList) count() int {
	n := 0
	for i := range l {
		if l[i].in {
			n++
		}
	}
	return n
}

// join puts the connection in room id; at (zero: not timed) becomes the room's join time unless
// one is already running.
func (l *roomList) join(id string, at int64) {
	if i := l.find(id); i >= 0 {
		(*l)[i].in = true
		if (*l)[i].at == 0 {
			(*l)[i].at = at
		}
		return
	}
	*l = append(*l, roomEntry{id: unique.Make(id), at: at, in: true})
}

// leave takes the connection out of room id; its join time stays until takeTime.
func (l *roomList) leave(id string) {
	if i := l.find(id); i >= 0 {
		(*l)[i].in = false
		l.dropIfDone(i)
	}
}

// takeTime returns and clears room id's join time.
func (l *roomList) takeTime(id string) (int64, bool) {
	i := l.find(id)
	if i < 0 || (*l)[i].at == 0 {
		return 0, false
	}
	at := (*l)[i].at
	(*l)[i].at = 0
	l.dropIfDone(i)
	return at, true
}

// forget drops room id altogether (a join the room refused: nothing to time).
func (l *roomList) forget(id string) {
	if i := l.find(id); i >= 0 {
		*l = append((*l)[:i], (*l)[i+1:]...)
	}
}

func (l *roomList) dropIfDone(i int) {
	if e := (*l)[i]; !e.in && e.at == 0 {
		*l = append((*l)[:i], (*l)[i+1:]...)
	}
}
