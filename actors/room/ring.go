package room

// ring keeps the most recent visible events of a room, in sequence order, for joins and resume.
// Deleted messages stay in the ring (flagged) so sequence arithmetic stays simple; replays skip them.
type ring struct {
	items []ringItem
	start int // index of the oldest item
	n     int
}

type ringItem struct {
	seq     uint64
	msgID   string
	uid     string
	name    string
	deleted bool
	payload []byte
}

func newRing(size int) *ring { return &ring{items: make([]ringItem, size)} }

func (r *ring) push(it ringItem) {
	if r.n < len(r.items) {
		r.items[(r.start+r.n)%len(r.items)] = it
		r.n++
		return
	}
	r.items[r.start] = it
	r.start = (r.start + 1) % len(r.items)
}

func (r *ring) at(i int) *ringItem { return &r.items[(r.start+i)%len(r.items)] }

// oldest returns the smallest seq held, or 0 when empty.
func (r *ring) oldest() uint64 {
	if r.n == 0 {
		return 0
	}
	return r.at(0).seq
}

// after returns the payloads of undeleted events with seq in (since, upTo], and whether the ring
// reaches back far enough to hold everything after since (events before the ring began were never
// lost if since+1 is in the ring or the ring holds everything since the room's first event).
func (r *ring) after(since, upTo uint64) (out [][]byte, complete bool) {
	// An empty ring covers nothing: a room re-activated after a restart or on another node starts
	// with an empty ring but a history up to upTo, which a resume must read.
	complete = since >= upTo || (r.n > 0 && r.oldest() <= since+1)
	for i := 0; i < r.n; i++ {
		it := r.at(i)
		if it.seq > since && it.seq <= upTo && !it.deleted {
			out = append(out, it.payload)
		}
	}
	return out, complete
}

// markDeleted flags the message with msgID and returns it, if the ring still holds it.
func (r *ring) markDeleted(msgID string) (*ringItem, bool) {
	for i := r.n - 1; i >= 0; i-- {
		if it := r.at(i); it.msgID == msgID {
			it.deleted = true
			return it, true
		}
	}
	return nil, false
}

// nameOf returns the display name the user last chatted with, if the ring remembers it.
func (r *ring) nameOf(uid string) string {
	for i := r.n - 1; i >= 0; i-- {
		if it := r.at(i); it.uid == uid && it.name != "" {
			return it.name
		}
	}
	return ""
}

// authorOf returns the user id of the message with msgID, if the ring still holds it.
func (r *ring) authorOf(msgID string) string {
	for i := r.n - 1; i >= 0; i-- {
		if it := r.at(i); it.msgID == msgID {
			return it.uid
		}
	}
	return ""
}
