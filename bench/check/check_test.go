package check

import "testing"

// line builds a harness chat event from sender s with counter n at room seq.
func line(seq uint64, s int, n uint64) Event {
	return Event{Seq: seq, Kind: KindChat, UID: uidOf(s), Sender: s, N: n}
}

func uidOf(s int) string { return "g-" + string(rune('a'+s)) }

func TestCraftedDeliveriesAreCaught(t *testing.T) {
	for _, tc := range []struct {
		name   string
		run    func(c *Checker, r *Receiver)
		want   Result
		fields func(Result) []uint64
	}{
		{
			name: "a clean stream passes",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 0, 1), line(12, 1, 1), line(13, 0, 2)})
				r.Batch(0, []Event{{Seq: 14, Kind: "del"}, line(15, 1, 2)})
				c.PriorityAcked("1001", 14)
			},
			want: Result{Delivered: 4},
		},
		{
			name: "the same event delivered twice is a duplicate",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 0, 1), line(12, 0, 2)})
				r.Batch(0, []Event{line(12, 0, 2)})
			},
			want: Result{Delivered: 3, Duplicates: 1},
		},
		{
			name: "the same line accepted twice under a new seq is a duplicate",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 0, 1), line(12, 0, 2), line(13, 0, 2)})
			},
			want: Result{Delivered: 3, Duplicates: 1},
		},
		{
			name: "a repeated priority event is a duplicate",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{{Seq: 11, Kind: "del"}})
				r.Batch(0, []Event{{Seq: 11, Kind: "del"}})
			},
			want: Result{Duplicates: 1},
		},
		{
			name: "lines of one sender swapped are out of order",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 0, 1), line(13, 0, 3), line(12, 0, 2)})
			},
			want: Result{Delivered: 3, OutOfOrder: 1},
		},
		{
			name: "a sender's older line under a higher seq is out of order",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 0, 5), line(12, 0, 4)})
			},
			want: Result{Delivered: 2, OutOfOrder: 1},
		},
		{
			name: "room seqs going backwards across senders are out of order",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(12, 0, 1), line(11, 1, 1)})
			},
			want: Result{Delivered: 2, OutOfOrder: 1},
		},
		{
			name: "a priority event acknowledged but never received is lost",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 0, 1), line(13, 0, 2)})
				c.PriorityAcked("1001", 12)
			},
			want: Result{Delivered: 2, PriorityLost: 1, UnexplainedHoles: 1},
		},
		{
			name: "a priority event another subscriber received is owed to this one too",
			run: func(c *Checker, r *Receiver) {
				other := c.Receiver("1001")
				other.Joined(10, false)
				other.Batch(0, []Event{{Seq: 11, Kind: "mod", UID: "u1"}})
				r.Batch(0, []Event{line(12, 0, 1)})
			},
			want: Result{Receivers: 1, Delivered: 1, PriorityLost: 1, UnexplainedHoles: 1},
		},
		{
			name: "a priority event from before the join is not owed",
			run: func(c *Checker, r *Receiver) {
				c.PriorityAcked("1001", 9)
				r.Batch(0, []Event{line(11, 0, 1)})
			},
			want: Result{Delivered: 1},
		},
		{
			name: "a lost receiver is owed nothing",
			run: func(c *Checker, r *Receiver) {
				r.Lost()
				c.PriorityAcked("1001", 12)
			},
			want: Result{},
		},
		{
			name: "a line after the mute's ack is a violation",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 1, 1)})
				c.MuteAcked("1001", uidOf(1), 12)
				r.Batch(0, []Event{{Seq: 12, Kind: "mute", UID: uidOf(1)}, line(13, 1, 2), line(14, 0, 1)})
			},
			want: Result{Delivered: 3, MuteViolations: 1},
		},
		{
			name: "a line after a mute seen only in the stream is a violation",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{{Seq: 11, Kind: "mute", UID: uidOf(2)}})
				r.Batch(0, []Event{line(12, 2, 1), line(13, 2, 2)})
			},
			want: Result{Delivered: 2, MuteViolations: 2},
		},
		{
			name: "a line received before the mute was known still counts once",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 3, 1), line(13, 3, 2)})
				c.MuteAcked("1001", uidOf(3), 12)
			},
			want: Result{Delivered: 2, MuteViolations: 1, PriorityLost: 1, UnexplainedHoles: 1},
		},
		{
			name: "lines before the mute are fine",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 1, 1), line(12, 1, 2), {Seq: 13, Kind: "mute", UID: uidOf(1)}})
				c.MuteAcked("1001", uidOf(1), 13)
			},
			want: Result{Delivered: 2},
		},
		{
			name: "holes explained by sampled are fine, others are not",
			run: func(c *Checker, r *Receiver) {
				r.Batch(2, []Event{line(11, 0, 1), line(14, 0, 4)})
				r.Batch(0, []Event{line(17, 0, 7)})
			},
			want: Result{Delivered: 3, UnexplainedHoles: 2},
		},
		{
			name: "the recent history a join carries is not checked",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(8, 0, 7), line(9, 1, 3), {Seq: 10, Kind: "del"}, line(11, 0, 1), line(12, 1, 1)})
			},
			want: Result{Delivered: 2, History: 3},
		},
		{
			name: "a resume answered with a gap is counted",
			run: func(c *Checker, r *Receiver) {
				r.Batch(0, []Event{line(11, 0, 1)})
				r.Joined(30, true)
				r.Batch(0, []Event{line(31, 0, 9)})
			},
			want: Result{Delivered: 2, GapJoins: 1},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(4)
			r := c.Receiver("1001")
			r.Joined(10, false)
			tc.run(c, r)
			got := c.Result()
			tc.want.Receivers++
			got.PriorityEvents = 0
			if got != tc.want {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestLineFormatRoundTrips(t *testing.T) {
	s, n, ns, ok := ParseLine(FormatLine(17, 42, 1763800000123456789))
	if !ok || s != 17 || n != 42 || ns != 1763800000123456789 {
		t.Fatalf("got %d %d %d %v", s, n, ns, ok)
	}
	for _, bad := range []string{"hello", "b:1:2", "b:x:1:2", "b:-1:1:2", "b:1:2:z"} {
		if _, _, _, ok := ParseLine(bad); ok {
			t.Errorf("%q parsed as a harness line", bad)
		}
	}
}

func BenchmarkBatch(b *testing.B) {
	c := New(100)
	r := c.Receiver("1001")
	r.Joined(0, false)
	evs := make([]Event, 10)
	for j := range evs {
		evs[j] = line(0, j*7%100, 0)
	}
	b.ReportAllocs()
	seq := uint64(0)
	for i := 0; b.Loop(); i++ {
		for j := range evs {
			seq++
			evs[j].Seq, evs[j].N = seq, uint64(i+1)
		}
		r.Batch(0, evs)
	}
}
