package hdr

import (
	"math"
	"math/bits"
	"time"
)

const (
	subBits  = 7
	subCount = 1 << subBits // buckets per power of two
	// maxExp bounds the range: values at or above 2^(maxExp+subBits+1) ns (about 4.6 minutes) are
	// clamped into the last bucket (Max stays exact).
	maxExp     = 30
	numBuckets = (maxExp + 2) * subCount
)

// Histogram counts values (nanoseconds) in log-linear buckets.
type Histogram struct {
	counts [numBuckets]uint64
	total  uint64
	min    int64
	max    int64
	sum    float64
}

// New returns an empty histogram.
func New() *Histogram { return &Histogram{min: math.MaxInt64} }

func index(v uint64) int {
	if v < subCount {
		return int(v)
	}
	e := bits.Len64(v) - subBits - 1 // v>>e lies in [subCount, 2*subCount)
	if e > maxExp {
		return numBuckets - 1
	}
	return (e+1)*subCount + int(v>>e) - subCount
}

// bounds returns the smallest and largest value that fall into bucket i.
func bounds(i int) (lo, hi uint64) {
	if i < subCount {
		return uint64(i), uint64(i)
	}
	e := i/subCount - 1
	m := uint64(i%subCount + subCount)
	return m << e, (m+1)<<e - 1
}

// Record adds one value; negative values count as zero (clock skew between processes).
func (h *Histogram) Record(ns int64) {
	if ns < 0 {
		ns = 0
	}
	h.counts[index(uint64(ns))]++
	h.total++
	h.sum += float64(ns)
	if ns < h.min {
		h.min = ns
	}
	if ns > h.max {
		h.max = ns
	}
}

// RecordDuration adds d.
func (h *Histogram) RecordDuration(d time.Duration) { h.Record(int64(d)) }

// Count is the number of values recorded.
func (h *Histogram) Count() uint64 { return h.total }

// Max is the largest value recorded (exact), 0 when empty.
func (h *Histogram) Max() int64 {
	if h.total == 0 {
		return 0
	}
	return h.max
}

// Min is the smallest value recorded (exact), 0 when empty.
func (h *Histogram) Min() int64 {
	if h.total == 0 {
		return 0
	}
	return h.min
}

// Mean is the exact mean of the values recorded.
func (h *Histogram) Mean() float64 {
	if h.total == 0 {
		return 0
	}
	return h.sum / float64(h.total)
}

// Quantile returns the value at quantile q (0..1): the highest value of the bucket holding the
// ceil(q*count)-th smallest value, capped at Max. 0 when empty.
func (h *Histogram) Quantile(q float64) int64 {
	if h.total == 0 {
		return 0
	}
	rank := uint64(math.Ceil(q * float64(h.total)))
	if rank < 1 {
		rank = 1
	}
	var seen uint64
	for i, c := range h.counts {
		if c == 0 {
			continue
		}
		seen += c
		if seen >= rank {
			_, hi := bounds(i)
			if i == numBuckets-1 || int64(hi) > h.max {
				return h.max
			}
			if int64(hi) < h.min {
				return h.min
			}
			return int64(hi)
		}
	}
	return h.max
}

// Merge adds every value of o into h.
func (h *Histogram) Merge(o *Histogram) {
	if o.total == 0 {
		return
	}
	for i, c := range o.counts {
		h.counts[i] += c
	}
	h.total += o.total
	h.sum += o.sum
	if o.min < h.min {
		h.min = o.min
	}
	if o.max > h.max {
		h.max = o.max
	}
}

// Reset empties h.
func (h *Histogram) Reset() { *h = Histogram{min: math.MaxInt64} }

// Sparse is a histogram's non-empty buckets, compact enough to send between processes each second.
type Sparse struct {
	Buckets [][2]uint64 `json:"b"` // {bucket index, count}
	Min     int64       `json:"min"`
	Max     int64       `json:"max"`
	Sum     float64     `json:"sum"`
}

// Sparse returns h's non-empty buckets.
func (h *Histogram) Sparse() Sparse {
	s := Sparse{Min: h.Min(), Max: h.Max(), Sum: h.sum}
	for i, c := range h.counts {
		if c != 0 {
			s.Buckets = append(s.Buckets, [2]uint64{uint64(i), c})
		}
	}
	return s
}

// MergeSparse adds a Sparse snapshot into h; bucket indexes out of range are ignored.
func (h *Histogram) MergeSparse(s Sparse) {
	var n uint64
	for _, b := range s.Buckets {
		if b[0] < numBuckets {
			h.counts[b[0]] += b[1]
			n += b[1]
		}
	}
	if n == 0 {
		return
	}
	h.total += n
	h.sum += s.Sum
	if s.Min < h.min {
		h.min = s.Min
	}
	if s.Max > h.max {
		h.max = s.Max
	}
}

// Point is one step of a percentile distribution.
type Point struct {
	Quantile float64 `json:"q"`
	ValueNs  int64   `json:"ns"`
}

// Distribution returns the value at quantiles 0, 0.5, 0.75, 0.875, ... up to 1-1/2^steps, then Max:
// the points of a percentile-spectrum plot.
func (h *Histogram) Distribution(steps int) []Point {
	if h.total == 0 {
		return nil
	}
	out := []Point{{0, h.Min()}}
	for k := 1; k <= steps; k++ {
		q := 1 - math.Pow(0.5, float64(k))
		if uint64(math.Ceil(q*float64(h.total))) >= h.total {
			break
		}
		out = append(out, Point{q, h.Quantile(q)})
	}
	return append(out, Point{1, h.Max()})
}
