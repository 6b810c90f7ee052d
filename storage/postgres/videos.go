package postgres

// The videos' store (migration 0900, rules in api/videos). The transcoding queue is the table
// video_jobs: ClaimJob takes the oldest runnable job with SELECT ... FOR UPDATE SKIP LOCKED in one
// statement, so two workers never claim the same job, and sets a lease; a worker renews the lease
// while it works (Heartbeat). A job whose lease ran out is runnable again: its worker died or the node
// stopped. Each claim counts an attempt; past max_attempts the job and its video fail.

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Video kinds and states.
const (
	VideoHighlight = "highlight"
	VideoReplay    = "replay"
	VideoClip      = "clip"
	VideoRecording = "recording"

	VideoUploading  = "uploading"  // staff are sending the file
	VideoProcessing = "processing" // being transcoded, or a broadcast being recorded
	VideoReady      = "ready"
	VideoFailed     = "failed"
	VideoHidden     = "hidden"
	VideoDeleted    = "deleted"
)

// Job kinds: transcode an uploaded file; finish a recording (close its playlist, draw its poster).
const (
	JobTranscode = "transcode"
	JobRecording = "recording"
)

// ErrVideoNotFound: no such video (or it is deleted).
var ErrVideoNotFound = errors.New("postgres: video not found")

// Video is one row of videos.
type Video struct {
	ID         int64
	Kind       string
	Title      string
	GameID     int
	MatchID    string
	RoomID     string
	SessionID  int64
	OwnerID    int64
	State      string
	Duration   time.Duration
	Renditions []string
	HasPoster  bool
	Views      int64
	Error      string
	CreatedAt  time.Time
	ReadyAt    time.Time
}

// VideoJob is one row of video_jobs, with its video's kind for the worker.
type VideoJob struct {
	ID          int64
	VideoID     int64
	Kind        string
	State       string
	Attempts    int
	MaxAttempts int
	Worker      string
	LeaseUntil  time.Time
	Progress    int
	Error       string
}

// VideoQuery filters public and staff lists.
type VideoQuery struct {
	GameID  int    // -1: any game
	Kind    string // "": any
	MatchID string
	States  []string
	OwnerID int64 // 0: any
	Limit   int
	Offset  int
	ByViews bool // hottest first instead of newest
}

// Videos is the videos' store. Safe for concurrent use.
type Videos struct{ pool *pgxpool.Pool }

// NewVideos returns the store on pool.
func NewVideos(pool *pgxpool.Pool) *Videos { return &Videos{pool: pool} }

const videoCols = `id, kind, title, game_id, match_id, room_id, COALESCE(session_id,0), owner_id, state, duration_ms,
	renditions, has_poster, views, error, created_at, COALESCE(ready_at,'epoch')`

func scanVideo(row pgx.Row) (Video, error) {
	var v Video
	var ms int64
	err := row.Scan(&v.ID, &v.Kind, &v.Title, &v.GameID, &v.MatchID, &v.RoomID, &v.SessionID, &v.OwnerID, &v.State, &ms,
		&v.Renditions, &v.HasPoster, &v.Views, &v.Error, &v.CreatedAt, &v.ReadyAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return v, ErrVideoNotFound
	}
	v.Duration = time.Duration(ms) * time.Millisecond
	if v.ReadyAt.Equal(time.Unix(0, 0)) {
		v.ReadyAt = time.Time{}
	}
	return v, err
}

// CreateVideo inserts v (its ID and CreatedAt are set) in v.State.
func (s *Videos) CreateVideo(ctx context.Context, v Video, now time.Time) (Video, error) {
	var session any
	if v.SessionID != 0 {
		session = v.SessionID
	}
	if v.Renditions == nil {
		v.Renditions = []string{}
	}
	err := s.pool.QueryRow(ctx, `INSERT INTO videos (kind, title, game_id, match_id, room_id, session_id, owner_id, state, created_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING id`, v.Kind, v.Title, v.GameID, v.MatchID, v.RoomID, session, v.OwnerID, v.State, now).Scan(&v.ID)
	v.CreatedAt = now
	return v, err
}

// Video returns one video in any state but deleted.
func (s *Videos) Video(ctx context.Context, id int64) (Video, error) {
	return scanVideo(s.pool.QueryRow(ctx, `SELECT `+videoCols+` FROM videos WHERE id=$1 AND state<>'deleted'`, id))
}

// List returns videos that fit q and how many do.
func (s *Videos) List(ctx context.Context, q VideoQuery) ([]Video, int, error) {
	states := q.States
	if len(states) == 0 {
		states = []string{VideoReady}
	}
	order := "created_at DESC, id DESC"
	if q.ByViews {
		order = "views DESC, created_at DESC, id DESC"
	}
	where := `state = ANY($1) AND ($2 < 0 OR game_id=$2) AND ($3='' OR kind=$3) AND ($4='' OR match_id=$4) AND ($5=0 OR owner_id=$5)`
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM videos WHERE `+where, states, q.GameID, q.Kind, q.MatchID, q.OwnerID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+videoCols+` FROM videos WHERE `+where+` ORDER BY `+order+` LIMIT $6 OFFSET $7`,
		states, q.GameID, q.Kind, q.MatchID, q.OwnerID, q.Limit, q.Offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Video
	for rows.Next() {
		v, err := scanVideo(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, v)
	}
	return out, total, rows.Err()
}

// BySessions returns the recordings of live sessions (not deleted), by session id.
func (s *Videos) BySessions(ctx context.Context, sessions []int64) (map[int64]Video, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+videoCols+` FROM videos WHERE session_id = ANY($1) AND state<>'deleted'`, sessions)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]Video{}
	for rows.Next() {
		v, err := scanVideo(rows)
		if err != nil {
			return nil, err
		}
		out[v.SessionID] = v
	}
	return out, rows.Err()
}

// SetState moves a video to state (deleted stamps deleted_at; ready stamps ready_at once).
func (s *Videos) SetState(ctx context.Context, id int64, state string, now time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE videos SET state=$2,
		ready_at = CASE WHEN $2='ready' THEN COALESCE(ready_at,$3) ELSE ready_at END,
		deleted_at = CASE WHEN $2='deleted' THEN $3 ELSE deleted_at END
		WHERE id=$1 AND state<>'deleted'`, id, state, now)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrVideoNotFound
	}
	return err
}

// UpdateVideo changes the staff-editable fields.
func (s *Videos) UpdateVideo(ctx context.Context, v Video) error {
	tag, err := s.pool.Exec(ctx, `UPDATE videos SET title=$2, kind=$3, game_id=$4, match_id=$5 WHERE id=$1 AND state<>'deleted'`,
		v.ID, v.Title, v.Kind, v.GameID, v.MatchID)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrVideoNotFound
	}
	return err
}

// Finished records a transcoded or recorded video's media and makes it ready.
func (s *Videos) Finished(ctx context.Context, id int64, dur time.Duration, renditions []string, poster bool, now time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE videos SET state='ready', duration_ms=$2, renditions=$3, has_poster=$4, ready_at=$5, error=''
		WHERE id=$1 AND state='processing'`, id, dur.Milliseconds(), renditions, poster, now)
	return err
}

// AddView counts one view of a ready video.
func (s *Videos) AddView(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE videos SET views=views+1 WHERE id=$1 AND state='ready'`, id)
	return err
}

// Expired returns recordings (not deleted) created before cutoff, oldest first.
func (s *Videos) Expired(ctx context.Context, cutoff time.Time, limit int) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM videos WHERE kind='recording' AND state NOT IN ('deleted','processing')
		AND created_at < $1 ORDER BY created_at LIMIT $2`, cutoff, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// Job priorities: a higher one is claimed first.
const (
	JobPriorityRecording = 1  // closing a recording is quick and its streamer waits for it
	JobPriorityUpload    = 0  // staff uploads
	JobPriorityDemo      = -1 // demo videos never hold up real work
)

// Enqueue adds a job for video.
func (s *Videos) Enqueue(ctx context.Context, videoID int64, kind string, priority, maxAttempts int, now time.Time) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `INSERT INTO video_jobs (video_id, kind, priority, max_attempts, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$5) RETURNING id`,
		videoID, kind, priority, maxAttempts, now).Scan(&id)
	return id, err
}

const jobCols = `j.id, j.video_id, j.kind, j.state, j.attempts, j.max_attempts, j.worker, COALESCE(j.lease_until,'epoch'), j.progress, j.error`

func scanJob(row pgx.Row) (VideoJob, error) {
	var j VideoJob
	err := row.Scan(&j.ID, &j.VideoID, &j.Kind, &j.State, &j.Attempts, &j.MaxAttempts, &j.Worker, &j.LeaseUntil, &j.Progress, &j.Error)
	return j, err
}

// ClaimJob takes the runnable job of highest priority, oldest first, for worker: queued, or running with its lease run out. It
// locks the row with FOR UPDATE SKIP LOCKED, so concurrent claims take different jobs. ok is false
// when none is runnable. A job whose lease ran out with no attempt left fails instead (and its
// video), and the next one is looked at.
func (s *Videos) ClaimJob(ctx context.Context, worker string, lease time.Duration, now time.Time) (j VideoJob, ok bool, err error) {
	for {
		err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			j, err = scanJob(tx.QueryRow(ctx, `SELECT `+jobCols+` FROM video_jobs j
				WHERE j.state='queued' OR (j.state='running' AND j.lease_until < $1)
				ORDER BY j.priority DESC, j.id LIMIT 1 FOR UPDATE SKIP LOCKED`, now))
			if err != nil {
				return err
			}
			if j.Attempts >= j.MaxAttempts {
				if _, err := tx.Exec(ctx, `UPDATE video_jobs SET state='failed', error='no attempt left after a lost lease', updated_at=$2 WHERE id=$1`, j.ID, now); err != nil {
					return err
				}
				_, err := tx.Exec(ctx, `UPDATE videos SET state='failed', error='transcoding did not finish' WHERE id=$1 AND state='processing'`, j.VideoID)
				j.State = "failed"
				return err
			}
			j.Attempts++
			j.State, j.Worker, j.LeaseUntil = "running", worker, now.Add(lease)
			_, err = tx.Exec(ctx, `UPDATE video_jobs SET state='running', attempts=$2, worker=$3, lease_until=$4, updated_at=$5 WHERE id=$1`,
				j.ID, j.Attempts, worker, j.LeaseUntil, now)
			return err
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return VideoJob{}, false, nil
		}
		if err != nil {
			return VideoJob{}, false, err
		}
		if j.State == "failed" {
			continue
		}
		return j, true, nil
	}
}

// ErrLeaseLost: the job is no longer this worker's (its lease ran out and another took it).
var ErrLeaseLost = errors.New("postgres: video job lease lost")

// Heartbeat renews worker's lease on job and records its progress (0–100).
func (s *Videos) Heartbeat(ctx context.Context, job int64, worker string, progress int, lease time.Duration, now time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE video_jobs SET lease_until=$3, progress=GREATEST(progress,$4), updated_at=$5
		WHERE id=$1 AND worker=$2 AND state='running'`, job, worker, now.Add(lease), min(max(progress, 0), 100), now)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrLeaseLost
	}
	return err
}

// FinishJob ends worker's job: done (progress 100), or failed with reason when fail is set and no
// attempt is left, else queued again for another attempt.
func (s *Videos) FinishJob(ctx context.Context, job int64, worker string, failure string, now time.Time) error {
	var q string
	switch {
	case failure == "":
		q = `UPDATE video_jobs SET state='done', progress=100, error=$3, lease_until=NULL, updated_at=$4 WHERE id=$1 AND worker=$2 AND state='running'`
	default:
		q = `UPDATE video_jobs SET state=CASE WHEN attempts>=max_attempts THEN 'failed' ELSE 'queued' END, error=$3, lease_until=NULL, updated_at=$4
			WHERE id=$1 AND worker=$2 AND state='running'`
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var state string
		var video int64
		err := tx.QueryRow(ctx, q+` RETURNING state, video_id`, job, worker, failure, now).Scan(&state, &video)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrLeaseLost
		}
		if err != nil {
			return err
		}
		if state == "failed" {
			_, err = tx.Exec(ctx, `UPDATE videos SET state='failed', error=$2 WHERE id=$1 AND state='processing'`, video, failure)
		}
		return err
	})
}

// LatestJobs returns the newest job of each video, by video id (the back office's progress).
func (s *Videos) LatestJobs(ctx context.Context, videos []int64) (map[int64]VideoJob, error) {
	rows, err := s.pool.Query(ctx, `SELECT DISTINCT ON (j.video_id) `+jobCols+` FROM video_jobs j
		WHERE j.video_id = ANY($1) ORDER BY j.video_id, j.id DESC`, videos)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]VideoJob{}
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, err
		}
		out[j.VideoID] = j
	}
	return out, rows.Err()
}

// OrphanRecordings returns recordings still processing that have no job: their node stopped while
// they were live. The service queues a job that closes them.
func (s *Videos) OrphanRecordings(ctx context.Context, startedBefore time.Time) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT v.id FROM videos v WHERE v.kind='recording' AND v.state='processing'
		AND v.created_at < $1 AND NOT EXISTS (SELECT 1 FROM video_jobs j WHERE j.video_id=v.id)`, startedBefore)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// RoomRecordingInfo is what a recording takes from its room when it starts: the streamer, the
// room's title, its linked match and game, and the open live session.
type RoomRecordingInfo struct {
	OwnerID   int64
	Title     string
	MatchID   string
	GameID    int
	SessionID int64
}

// RoomRecording reads room's streamer, title, match and open (or newest) live session.
func (s *Videos) RoomRecording(ctx context.Context, room string) (RoomRecordingInfo, error) {
	var r RoomRecordingInfo
	err := s.pool.QueryRow(ctx, `SELECT COALESCE(a.user_id,0), COALESCE(r.title,''), COALESCE(l.match_id,''), COALESCE(l.game_id,0),
			COALESCE((SELECT id FROM live_sessions s WHERE s.room_id=r.id ORDER BY (s.ended_at IS NULL) DESC, s.started_at DESC LIMIT 1),0)
		FROM rooms r LEFT JOIN live_rooms l ON l.room_id=r.id LEFT JOIN anchors a ON a.room_id=r.id WHERE r.id=$1`, room).
		Scan(&r.OwnerID, &r.Title, &r.MatchID, &r.GameID, &r.SessionID)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, ErrVideoNotFound
	}
	return r, err
}

// SetSession links a recording to its live session (recorded at the start, when the session may
// not be written yet) and refreshes its match, unless another video has that session.
func (s *Videos) SetSession(ctx context.Context, id int64, info RoomRecordingInfo) error {
	var session any
	if info.SessionID != 0 {
		session = info.SessionID
	}
	_, err := s.pool.Exec(ctx, `UPDATE videos SET session_id=COALESCE($2, session_id), match_id=$3, game_id=$4
		WHERE id=$1 AND NOT EXISTS (SELECT 1 FROM videos o WHERE o.session_id=$2 AND o.id<>$1)`, id, session, info.MatchID, info.GameID)
	return err
}
