package check

import (
	"slices"
	"strconv"
	"strings"
)

// KindChat is the only ordinary (samplable) event kind; every other kind is a priority event.
const KindChat = "chat"

// Event is one room event as one receiver saw it in a batch frame.
type Event struct {
	Seq    uint64
	Kind   string // the protocol's `k`
	UID    string // author of a chat line, target of a mute
	Sender int    // harness sender index parsed from the text; -1 when the line is not the harness's
	N      uint64 // that sender's own counter (from 1)
}

// Priority reports whether the protocol promises e to every subscriber.
func (e *Event) Priority() bool { return e.Kind != KindChat }

// ParseLine reads a harness chat text "b:<sender>:<n>:<unixnano>"; ok is false for any other text.
func ParseLine(text string) (sender int, n uint64, sentNs int64, ok bool) {
	rest, found := strings.CutPrefix(text, "b:")
	if !found {
		return 0, 0, 0, false
	}
	a, rest, ok1 := strings.Cut(rest, ":")
	b, c, ok2 := strings.Cut(rest, ":")
	if !ok1 || !ok2 {
		return 0, 0, 0, false
	}
	s, err1 := strconv.Atoi(a)
	n, err2 := strconv.ParseUint(b, 10, 64)
	ns, err3 := strconv.ParseInt(c, 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || s < 0 {
		return 0, 0, 0, false
	}
	return s, n, ns, true
}

// FormatLine is the inverse of ParseLine.
func FormatLine(sender int, n uint64, sentNs int64) string {
	b := make([]byte, 0, 40)
	b = append(b, "b:"...)
	b = strconv.AppendInt(b, int64(sender), 10)
	b = append(b, ':')
	b = strconv.AppendUint(b, n, 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, sentNs, 10)
	return string(b)
}

// Result sums the checks over every receiver.
type Result struct {
	Receivers        int    `json:"receivers"`
	Delivered        uint64 `json:"delivered"`         // chat lines received in batches
	PriorityEvents   int    `json:"priority_events"`   // distinct priority events known
	Duplicates       uint64 `json:"duplicates"`        // a line or event received twice
	OutOfOrder       uint64 `json:"out_of_order"`      // received after a later one of the same sender or room
	PriorityLost     uint64 `json:"priority_lost"`     // (receiver, priority event) pairs never received
	MuteViolations   uint64 `json:"mute_violations"`   // lines of a muted user with a seq after the mute
	UnexplainedHoles uint64 `json:"unexplained_holes"` // seq holes beyond the frames' sampled counts
	GapJoins         uint64 `json:"gap_joins"`         // resumes answered with gap: true
	History          uint64 `json:"history"`           // events from before the join (not checked)
}

// Add sums o into r.
func (r *Result) Add(o Result) {
	r.Receivers += o.Receivers
	r.Delivered += o.Delivered
	r.PriorityEvents = max(r.PriorityEvents, o.PriorityEvents)
	r.Duplicates += o.Duplicates
	r.OutOfOrder += o.OutOfOrder
	r.PriorityLost += o.PriorityLost
	r.MuteViolations += o.MuteViolations
	r.UnexplainedHoles += o.UnexplainedHoles
	r.GapJoins += o.GapJoins
	r.History += o.History
}

type roomState struct {
	mutes    map[string]uint64   // uid → seq of the earliest mute known
	priority map[uint64]struct{} // priority events known: acknowledged to the moderator or seen by anyone
}

// Checker holds the receivers of one process.
type Checker struct {
	senders   int
	rooms     map[string]*roomState
	uidSender map[string]int
	lastUID   []string // per sender: the uid last seen, to skip the map on the hot path
	receivers []*Receiver
}

// New returns a checker for a run with the given number of harness senders (indexes 0..senders-1).
func New(senders int) *Checker {
	return &Checker{senders: senders, rooms: map[string]*roomState{}, uidSender: map[string]int{}, lastUID: make([]string, senders)}
}

func (c *Checker) room(id string) *roomState {
	rs := c.rooms[id]
	if rs == nil {
		rs = &roomState{mutes: map[string]uint64{}, priority: map[uint64]struct{}{}}
		c.rooms[id] = rs
	}
	return rs
}

// MuteAcked records that the server acknowledged muting uid in room with event seq.
func (c *Checker) MuteAcked(room, uid string, seq uint64) {
	rs := c.room(room)
	if old, ok := rs.mutes[uid]; !ok || seq < old {
		rs.mutes[uid] = seq
	}
	rs.priority[seq] = struct{}{}
}

// PriorityAcked records a priority event the server acknowledged (every subscriber must get it).
func (c *Checker) PriorityAcked(room string, seq uint64) { c.room(room).priority[seq] = struct{}{} }

type senderState struct {
	lastN  uint64
	mask   uint64 // bit i: line lastN-i was seen
	maxSeq uint64
	viol   uint64
}

// Receiver is one subscriber's view of one room.
type Receiver struct {
	c       *Checker
	roomID  string
	room    *roomState
	joined  bool
	joinSeq uint64
	lastSeq uint64
	holes   uint64
	sampled uint64
	dead    bool
	per     []senderState
	prio    []uint64

	delivered, dups, ooo, viol, gapJoins, history uint64
}

// Receiver registers a subscriber of room.
func (c *Checker) Receiver(room string) *Receiver {
	r := &Receiver{c: c, roomID: room, room: c.room(room)}
	c.receivers = append(c.receivers, r)
	return r
}

// Joined records a `joined` answer. The first one fixes the point from which every priority
// event is owed; later ones are resumes (sent with since = the last seq seen), where gap must be false.
func (r *Receiver) Joined(seq uint64, gap bool) {
	if gap {
		r.gapJoins++
	}
	if !r.joined {
		r.joined, r.joinSeq, r.lastSeq = true, seq, seq
		return
	}
	if gap && seq > r.lastSeq {
		r.lastSeq = seq // the server said it cannot fill the hole: do not count it twice
	}
}

// Lost marks a receiver whose connection ended for good: it is owed nothing more.
func (r *Receiver) Lost() { r.dead = true }

// LastSeq is the highest room seq received, for a resume's since.
func (r *Receiver) LastSeq() uint64 { return r.lastSeq }

// Batch checks one batch frame's events (in frame order) and its sampled count.
func (r *Receiver) Batch(sampled int, evs []Event) {
	r.sampled += uint64(sampled)
	for i := range evs {
		r.event(&evs[i])
	}
}

// Live reports whether an event is owed to this receiver: events up to the first join's seq are the
// recent history a join carries, from before the subscriber arrived, and are not checked.
func (r *Receiver) Live(seq uint64) bool { return !r.joined || seq > r.joinSeq }

func (r *Receiver) event(e *Event) {
	if !r.Live(e.Seq) {
		r.history++
		return
	}
	var st *senderState
	if e.Kind == KindChat {
		r.delivered++
		if e.Sender >= 0 && e.Sender < r.c.senders {
			if r.per == nil {
				r.per = make([]senderState, r.c.senders)
			}
			st = &r.per[e.Sender]
			if r.c.lastUID[e.Sender] != e.UID { // the map only when a sender's identity is new here
				r.c.lastUID[e.Sender] = e.UID
				if _, ok := r.c.uidSender[e.UID]; !ok && e.UID != "" {
					r.c.uidSender[e.UID] = e.Sender
				}
			}
		}
		if len(r.room.mutes) > 0 {
			if m, ok := r.room.mutes[e.UID]; ok && e.Seq > m {
				r.viol++
				if st != nil {
					st.viol++
				}
			}
		}
	}
	repeat := st != nil && st.seen(e.N)
	switch {
	case e.Seq <= r.lastSeq && r.joined:
		if repeat || st == nil && e.Priority() && slices.Contains(r.prio, e.Seq) {
			r.dups++
		} else {
			r.ooo++
			if r.holes > 0 {
				r.holes-- // it arrived late, but it filled the hole it left
			}
		}
	case repeat:
		r.dups++ // the same line again under a new seq: the server accepted a retry twice
	default:
		if r.joined {
			r.holes += e.Seq - r.lastSeq - 1
		}
		r.lastSeq, r.joined = e.Seq, true
		if st != nil && e.N < st.lastN {
			r.ooo++
		}
	}
	if st != nil {
		st.mark(e.N)
		st.maxSeq = max(st.maxSeq, e.Seq)
	}
	if e.Priority() {
		if !slices.Contains(r.prio, e.Seq) {
			r.prio = append(r.prio, e.Seq)
		}
		r.room.priority[e.Seq] = struct{}{}
		if e.Kind == "mute" && e.UID != "" {
			if old, ok := r.room.mutes[e.UID]; !ok || e.Seq < old {
				r.room.mutes[e.UID] = e.Seq
			}
		}
	}
}

func (s *senderState) seen(n uint64) bool {
	switch {
	case n > s.lastN || s.lastN == 0:
		return false
	case s.lastN-n >= 64:
		return false // too old to tell: it counts as out of order
	default:
		return s.mask&(1<<(s.lastN-n)) != 0
	}
}

func (s *senderState) mark(n uint64) {
	switch {
	case n > s.lastN:
		shift := n - s.lastN
		if shift >= 64 {
			s.mask = 0
		} else {
			s.mask <<= shift
		}
		s.mask |= 1
		s.lastN = n
	case s.lastN-n < 64:
		s.mask |= 1 << (s.lastN - n)
	}
}

// Result evaluates every receiver.
func (c *Checker) Result() Result {
	var res Result
	known := 0
	for _, rs := range c.rooms {
		known += len(rs.priority)
	}
	res.PriorityEvents = known
	for _, r := range c.receivers {
		res.Receivers++
		res.Delivered += r.delivered
		res.Duplicates += r.dups
		res.OutOfOrder += r.ooo
		res.MuteViolations += r.viol
		res.GapJoins += r.gapJoins
		res.History += r.history
		if r.holes > r.sampled {
			res.UnexplainedHoles += r.holes - r.sampled
		}
		// A line received before anyone here knew of the mute still counts, once per receiver.
		for uid, m := range r.room.mutes {
			if i, ok := c.uidSender[uid]; ok && r.per != nil && r.per[i].viol == 0 && r.per[i].maxSeq > m {
				res.MuteViolations++
			}
		}
		if r.dead || !r.joined {
			continue
		}
		for seq := range r.room.priority {
			if seq > r.joinSeq && !slices.Contains(r.prio, seq) {
				res.PriorityLost++
			}
		}
	}
	return res
}
