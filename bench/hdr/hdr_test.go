package hdr

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// within reports whether got is within rel of want.
func within(got, want int64, rel float64) bool {
	return math.Abs(float64(got-want)) <= rel*float64(want)+1
}

func TestPercentilesOfAUniformDistributionAreWithinBucketPrecision(t *testing.T) {
	h := New()
	for v := int64(1); v <= 1_000_000; v++ {
		h.Record(v * 1000) // 1 µs .. 1 s
	}
	for _, tc := range []struct {
		q    float64
		want int64
	}{
		{0.5, 500_000_000}, {0.9, 900_000_000}, {0.99, 990_000_000}, {0.999, 999_000_000},
	} {
		if got := h.Quantile(tc.q); !within(got, tc.want, 1.0/128) {
			t.Errorf("q%.3f = %d, want %d ± 0.8%%", tc.q, got, tc.want)
		}
	}
	if h.Max() != 1_000_000_000 || h.Min() != 1000 || h.Count() != 1_000_000 {
		t.Errorf("max %d min %d count %d", h.Max(), h.Min(), h.Count())
	}
}

func TestPercentilesOfAnExponentialDistributionMatchTheExactOnes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	h := New()
	vals := make([]int64, 200_000)
	for i := range vals {
		vals[i] = int64(r.ExpFloat64() * 20e6) // mean 20 ms
		h.Record(vals[i])
	}
	slices.Sort(vals)
	for _, q := range []float64{0.5, 0.9, 0.99, 0.999} {
		exact := vals[int(math.Ceil(q*float64(len(vals))))-1]
		if got := h.Quantile(q); !within(got, exact, 1.0/128) {
			t.Errorf("q%v = %d, exact %d", q, got, exact)
		}
	}
}

func TestSmallValuesAreExact(t *testing.T) {
	h := New()
	for v := int64(0); v < 100; v++ {
		h.Record(v)
	}
	if got := h.Quantile(0.5); got != 49 {
		t.Fatalf("median of 0..99 = %d, want 49", got)
	}
}

func TestSparseRoundTripAndMergeEqualRecordingEverythingInOne(t *testing.T) {
	a, b, all := New(), New(), New()
	for v := int64(0); v < 50_000; v++ {
		x := v * v
		if v%3 == 0 {
			a.Record(x)
		} else {
			b.Record(x)
		}
		all.Record(x)
	}
	got := New()
	got.MergeSparse(a.Sparse())
	got.Merge(b)
	for _, q := range []float64{0.1, 0.5, 0.99, 0.9999} {
		if got.Quantile(q) != all.Quantile(q) {
			t.Errorf("q%v: merged %d, single %d", q, got.Quantile(q), all.Quantile(q))
		}
	}
	if got.Count() != all.Count() || got.Max() != all.Max() || got.Min() != all.Min() {
		t.Errorf("merged count/max/min %d/%d/%d, single %d/%d/%d", got.Count(), got.Max(), got.Min(), all.Count(), all.Max(), all.Min())
	}
}

func TestHugeValuesAreClampedButMaxStaysExact(t *testing.T) {
	h := New()
	h.Record(math.MaxInt64)
	h.Record(-5)
	if h.Max() != math.MaxInt64 || h.Quantile(1) != math.MaxInt64 || h.Quantile(0.5) != 0 {
		t.Fatalf("max %d q1 %d q.5 %d", h.Max(), h.Quantile(1), h.Quantile(0.5))
	}
}

func BenchmarkRecord(b *testing.B) {
	h := New()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		h.Record(int64(i) * 7919)
	}
}
