// Package check holds the harness's correctness checks on what each receiver saw while loaded:
// no duplicate and no out-of-order delivery (per sender and per room sequence), every priority
// event delivered to every subscriber that was in the room when it happened, zero chat lines from
// a muted user accepted after the mute, and sequence holes that the frames' `sampled` counts do
// not explain (lines lost rather than sampled out).
//
// The harness tags its own chat lines "b:<sender>:<n>:<unixnano>" (see ParseLine), so a receiver
// knows who sent a line and the sender's own counter whatever identity the server gave the sender.
//
// Concurrency: a Checker and its Receivers are not safe for concurrent use; a worker's event loop
// owns them (one goroutine), and Result is called on that goroutine when the run is over.
package check
