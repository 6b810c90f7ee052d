package scylla

import (
	"testing"

	"courtside/storage/history"
)

func TestChunksBoundRowsAndBytesAndKeepOrder(t *testing.T) {
	mk := func(n, payload int) ([]history.Event, []int) {
		evs := make([]history.Event, n)
		idx := make([]int, n)
		for i := range evs {
			evs[i] = history.Event{Room: "r", ID: "r-1", Payload: make([]byte, payload)}
			idx[i] = i
		}
		return evs, idx
	}
	cases := []struct {
		name          string
		n, payload    int
		wantChunkLens []int
	}{
		{"small events split by row count", 600, 100, []int{256, 256, 88}},
		{"large events split by bytes", 5, 30 << 10, []int{2, 2, 1}},
		{"an event larger than the byte bound goes alone", 2, 100 << 10, []int{1, 1}},
		{"no events, no batches", 0, 0, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			evs, idx := mk(c.n, c.payload)
			got := chunks(evs, idx)
			if len(got) != len(c.wantChunkLens) {
				t.Fatalf("%d chunks, want %d", len(got), len(c.wantChunkLens))
			}
			next := 0
			for k, ch := range got {
				if len(ch) != c.wantChunkLens[k] {
					t.Errorf("chunk %d has %d rows, want %d", k, len(ch), c.wantChunkLens[k])
				}
				for _, i := range ch {
					if i != next {
						t.Fatalf("chunk %d: index %d out of order (want %d)", k, i, next)
					}
					next++
				}
			}
		})
	}
}
