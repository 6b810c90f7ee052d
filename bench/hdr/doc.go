// Package hdr is a log-linear latency histogram in the spirit of HdrHistogram: values (nanoseconds)
// fall into buckets whose width is 1/128 of their power of two, so every reported percentile is
// within 0.8 % of the true value, recording is two shifts and an increment, and histograms from
// several worker processes merge exactly by adding counts.
//
// Concurrency: a Histogram is not safe for concurrent use; each goroutine records into its own and
// the owner merges them (Merge) or ships them as Sparse snapshots between processes.
package hdr
