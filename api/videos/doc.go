// Package videos is the videos area (issue 22): highlights, replays and clips that staff upload, and
// recordings of every broadcast of the node's RTMP ingest, each a video per game linked to its match
// and (for a recording) its room and live session, played as HLS.
//
// The Service holds the rules (service.go: lists, a video's page, staff edits, a streamer's hide and
// delete), the transcoding queue (queue.go, transcode.go), the recorder the media Hub writes to
// (recorder.go) and the retention sweep (retention.go); http*.go put the REST calls on top. Its store
// is storage/postgres.Videos (migration 0900_videos.sql).
//
// Replays (replay.go, highlights.go, issue 25 §2): a recording's chat by time window from the rooms'
// history (deleted lines and muted or banned users' lines left out), the timeline of its match's
// events with their offsets, and automatic highlight clips cut around the major ones as jobs of the
// queue, one per event however often they are planned (migration 0950).
//
// # The queue
//
// Jobs are rows of video_jobs. A worker claims the runnable job of highest priority with SELECT ...
// FOR UPDATE SKIP LOCKED (so two workers, on one node or many, never take the same job) and holds a
// lease it renews every Config.Lease/3 with the job's progress, read from ffmpeg's -progress output.
// A worker that dies leaves its lease to run out; the job is then claimed again (attempts are
// counted; past Config.MaxAttempts it fails and its video with it). A worker whose lease was taken
// over abandons its work: its heartbeat and finish are refused.
//
// # Files
//
// Each video has a folder under Config.Dir: master.m3u8, one folder per rendition with index.m3u8
// and its segments, poster.jpg. Only those files are served (OpenFile), only for ready videos. With
// Config.S3 set, the folder is only the working area: a finished video's files are put in the
// S3-compatible bucket (files_s3.go) and served from there through the node.
//
// # Concurrency
//
// Every exported method of Service is safe for concurrent use. Run runs Config.Workers workers and
// the sweep until its context ends. A Recording's methods run on the publisher's goroutine of the
// media Hub (one per stream) and touch only that recording's folder; the rows they write are shared
// with the queue through Postgres alone. The Listener is called after each change committed, from
// the goroutine that made it.
package videos
