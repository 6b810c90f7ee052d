package gateway

// maxBroadcastLoops bounds the loops Broadcast tracks on the stack; gnet
// runs at most one loop per CPU, and beyond this Broadcast wakes loops as
// it goes, like Send.
const maxBroadcastLoops = 64

// Broadcast sends f to every connection in conns and returns how many
// accepted it (the others dropped it or are closing). Any goroutine.
//
// It is Send for many connections at once, with one difference: each event
// loop is woken once, after all its connections were queued, instead of
// whenever it has caught up with the caller. gnet allocates for every
// event-loop task, so a fan-out costs a fixed few allocations per loop and
// none per subscriber.
func Broadcast(f *Frame, conns []*Conn) (sent int) {
	var pending [maxBroadcastLoops]*loop
	np := 0
	for _, c := range conns {
		ok, wake := c.queue(f)
		if ok {
			sent++
		}
		if !wake {
			continue
		}
		l := c.l
		if !l.add2dirty(c) {
			continue // the loop is already awake and will see c
		}
		if np < len(pending) {
			pending[np] = l
			np++
		} else {
			l.trigger()
		}
	}
	for _, l := range pending[:np] {
		l.trigger()
	}
	return sent
}
