package wallet

import (
	"sync"

	"courtside/storage/postgres"
)

// hub delivers order changes to the payWs streams (SSE) open on this node. Each subscriber has a
// one-slot channel holding the latest state: a slow reader skips intermediate states, never blocks
// the publisher, and always ends with the newest one.
type hub struct {
	mu   sync.Mutex
	subs map[string]map[chan postgres.Order]struct{}
}

func newHub() *hub { return &hub{subs: map[string]map[chan postgres.Order]struct{}{}} }

func (h *hub) subscribe(orderNo string) (chan postgres.Order, func()) {
	ch := make(chan postgres.Order, 1)
	h.mu.Lock()
	if h.subs[orderNo] == nil {
		h.subs[orderNo] = map[chan postgres.Order]struct{}{}
	}
	h.subs[orderNo][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs[orderNo], ch)
		if len(h.subs[orderNo]) == 0 {
			delete(h.subs, orderNo)
		}
		h.mu.Unlock()
	}
}

func (h *hub) publish(o postgres.Order) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[o.No] {
		select {
		case <-ch: // drop the stale state
		default:
		}
		ch <- o
	}
}
