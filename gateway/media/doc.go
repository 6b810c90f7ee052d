// Package media is a node's live-video path: RTMP ingest from OBS authenticated by the streamer's
// stream key, remux without transcoding to HTTP-FLV (the low-delay "Pro" stream for SVIP members,
// played with mpegts.js) and to HLS (MPEG-TS segments and a sliding live playlist, the standard
// stream), playback entitlements, signed expiring playback URLs, viewer counts and stall detection.
//
// A Hub owns it all. Run (or Serve) is its engine Service: the RTMP listener. Handler serves the
// playback endpoints; Playback is the domain call behind the REST "playback" endpoint: it applies the
// rules (member-only rooms with a trial for non-members, paid rooms, Pro for SVIP) and returns signed
// URLs. The media endpoints check only the signature: whoever holds a valid, unexpired URL was
// entitled when it was issued, and the URL's expiry bounds that (a trial's URL expires when the trial
// ends and the FLV connection is cut then).
//
// Collaborators are small interfaces declared in ports.go and injected by the engine: KeyResolver
// (stream key hash to room), Rooms (access rules, external source), Entitlements (the wallet's
// membership tier), Unlocks (paid-room unlocks) and Notifier (live/offline and stall changes, wired
// to the room actors and the streamer centre).
//
// # Data flow
//
// One goroutine per RTMP connection reads the publisher (gortmplib) and appends each packet to its
// stream: once as a pre-encoded FLV tag into a ring shared by every FLV viewer, and once into the
// HLS muxer (mediacommon's MPEG-TS writer), which cuts a segment on the first keyframe after the
// target duration and puts SPS/PPS in front of every keyframe. An FLV viewer is one goroutine (its HTTP
// handler) that starts at the newest keyframe with the codec headers and then copies tags from the
// ring as they arrive: no per-viewer encoding, no per-viewer channel; a viewer that falls a whole
// ring behind skips to the newest keyframe. HLS requests read finished segments.
//
// # Concurrency
//
// Every exported method of Hub is safe for concurrent use. Inside a stream, mu guards the FLV ring,
// headers and the wake-up channel (closed and replaced on each video tag: one close wakes every
// viewer); hlsMu guards the HLS muxer and the HLS viewer book; the two are never held together, and
// the publisher goroutine is the only writer of both. Notifier methods are called from the publisher's
// goroutine (live, offline) and the stall watchdog (one goroutine per stream), never under a lock.
//
// # Cluster
//
// Streams are node-local: a stream is served by the node its publisher pushed to. The Hub's
// Directory (ports.go) records which node holds which stream: the local variant on a node alone
// (directory_local.go), Redis Cluster in a cluster (directory_redis.go); the engine picks. Serve runs
// two goroutines beside ingest, one that announces this node's streams (every Config.AnnounceEvery
// and when a stream starts, ends or stalls; the only writer of the directory, so a withdrawal never
// races an announcement) and one that stops streams other nodes ask to stop. Stats, Playback and
// StopRoom answer for a stream another node holds from the Directory (URLs signed on the holder's
// base), and the playback endpoints redirect (307) a request for it to that node (see README
// "Cluster").
package media
