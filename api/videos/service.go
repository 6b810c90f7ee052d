package videos

import (
	"context"
	"courtside/actors/match/feed"
	"courtside/storage/postgres"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"
)

// Staff tells what a staff member may do (the accounts module's back-office permissions:
// editContent for videos). Nil: administrators only.
type Staff interface {
	Can(ctx context.Context, userID int64, perm string) (bool, error)
}

// Admins tells administrators apart (for the routes when Staff is nil).
type Admins interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// Listener hears every change of what the public may see of a video: it became ready, was hidden,
// shown again, edited or deleted (the search index keeps itself in step through it). It is called
// after the change committed, synchronously; it must be quick and must not fail the change.
type Listener interface {
	VideoChanged(ctx context.Context, v postgres.Video)
}

// Deps are the parts the videos area is built from; only Pool is required.
type Deps struct {
	Pool     *pgxpool.Pool
	Staff    Staff
	Admins   Admins
	Listener Listener    // nil: nobody hears
	History  ChatHistory // the rooms' chat history, for replays (replay.go); nil: replays have no chat
}

// Service is the videos area: public lists and pages, staff uploads, streamers' recordings, the
// transcoding queue (Run) and the retention sweep. Its methods hold the rules and take typed
// inputs; the REST handlers (http*.go) call them. Safe for concurrent use.
type Service struct {
	cfg    Config
	log    *zap.Logger
	store  *postgres.Videos
	files  fileStore // where finished videos' files are kept and served from
	d      Deps
	ffmpeg string // "" when transcoding is off
}

// PermEdit is the back-office permission for videos (the accounts module's editContent).
const PermEdit = "editContent"

// New builds the Service; it fills Config's zero values and fails without a Pool or a Dir, or with a
// malformed S3 configuration (an unreachable store is only logged). A missing
// ffmpeg is logged: uploads are refused and recordings keep no poster.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Pool == nil {
		return nil, errors.New("videos: Deps.Pool is required")
	}
	if cfg.Dir == "" {
		return nil, errors.New("videos: Config.Dir is required")
	}
	cfg.fill()
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	s := &Service{cfg: cfg, log: cfg.Logger, store: postgres.NewVideos(d.Pool), d: d, files: diskFiles{cfg.Dir}}
	if cfg.S3.Enabled() {
		fs, err := newS3Files(cfg.S3)
		if err != nil {
			return nil, err
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if err := fs.ensureBucket(ctx, cfg.S3.Region); err != nil {
			// Not fatal: the store may be back before the first video is finished.
			s.log.Warn("videos: S3 bucket not reachable or not creatable", zap.String("bucket", cfg.S3.Bucket), zap.Error(err))
		}
		cancel()
		s.files = fs
	}
	if cfg.FFmpeg != "-" {
		if p, err := exec.LookPath(cfg.FFmpeg); err == nil {
			s.ffmpeg = p
		} else {
			s.log.Warn("videos: ffmpeg not found: uploads cannot be transcoded", zap.String("ffmpeg", cfg.FFmpeg))
		}
	}
	return s, nil
}

// Store is the area's store (tests, demo data).
func (s *Service) Store() *postgres.Videos { return s.store }

// Config is the configuration in use, defaults filled.
func (s *Service) Config() Config { return s.cfg }

// CanTranscode reports whether this node has ffmpeg.
func (s *Service) CanTranscode() bool { return s.ffmpeg != "" }

// dir is a video's folder.
func (s *Service) dir(id int64) string { return filepath.Join(s.cfg.Dir, itoa(id)) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// changed tells the Listener about v's current row.
func (s *Service) changed(ctx context.Context, id int64) {
	if s.d.Listener == nil {
		return
	}
	v, err := s.store.Video(ctx, id)
	if errors.Is(err, postgres.ErrVideoNotFound) {
		v, err = postgres.Video{ID: id, State: postgres.VideoDeleted}, nil
	}
	if err != nil {
		s.log.Warn("videos: listener not told", zap.Int64("video", id), zap.Error(err))
		return
	}
	s.d.Listener.VideoChanged(ctx, v)
}

// Query is a public list's filter.
type Query struct {
	GameID  int    // -1: every game
	Kind    string // "": every kind
	MatchID string
	Limit   int
	Offset  int
}

// Kinds are the kinds of video.
var Kinds = []string{postgres.VideoHighlight, postgres.VideoReplay, postgres.VideoClip, postgres.VideoRecording}

func validKind(k string) bool {
	for _, x := range Kinds {
		if x == k {
			return true
		}
	}
	return false
}

// List returns ready videos, newest first.
func (s *Service) List(ctx context.Context, q Query) ([]postgres.Video, int, error) {
	if q.Kind != "" && !validKind(q.Kind) {
		return nil, 0, ErrBadKind
	}
	return s.store.List(ctx, postgres.VideoQuery{GameID: q.GameID, Kind: q.Kind, MatchID: q.MatchID, Limit: q.Limit, Offset: q.Offset})
}

// Hot returns the most watched ready videos of every game (highlights first on the home page are
// the client's choice of kind).
func (s *Service) Hot(ctx context.Context, kind string, limit, offset int) ([]postgres.Video, int, error) {
	if kind != "" && !validKind(kind) {
		return nil, 0, ErrBadKind
	}
	return s.store.List(ctx, postgres.VideoQuery{GameID: -1, Kind: kind, Limit: limit, Offset: offset, ByViews: true})
}

// Watch returns a ready video and counts a view. game, when not negative, must be the video's.
func (s *Service) Watch(ctx context.Context, id int64, game int) (postgres.Video, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return v, storeErr(err)
	}
	if v.State != postgres.VideoReady || (game >= 0 && v.GameID != game) {
		return postgres.Video{}, ErrNotFound
	}
	if err := s.store.AddView(ctx, id); err != nil {
		return v, err
	}
	v.Views++
	return v, nil
}

// Public returns a ready video without counting a view (file access).
func (s *Service) Public(ctx context.Context, id int64) (postgres.Video, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return v, storeErr(err)
	}
	if v.State != postgres.VideoReady {
		return postgres.Video{}, ErrNotFound
	}
	return v, nil
}

// BySessions returns the recordings of live sessions that are not deleted, by session id (the
// streamer centre's and the match page's /liveRecord).
func (s *Service) BySessions(ctx context.Context, sessions []int64) (map[int64]postgres.Video, error) {
	if len(sessions) == 0 {
		return map[int64]postgres.Video{}, nil
	}
	return s.store.BySessions(ctx, sessions)
}

// SetRecordingState lets a streamer hide, show again or delete one of their recordings.
func (s *Service) SetRecordingState(ctx context.Context, uid, id int64, state string) (postgres.Video, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return v, storeErr(err)
	}
	if v.Kind != postgres.VideoRecording || v.OwnerID != uid {
		return postgres.Video{}, ErrNotFound
	}
	return s.move(ctx, v, state)
}

// move applies a visibility change: ready and hidden swap; deleted removes the files.
func (s *Service) move(ctx context.Context, v postgres.Video, state string) (postgres.Video, error) {
	switch state {
	case postgres.VideoHidden, postgres.VideoReady:
		if v.State != postgres.VideoReady && v.State != postgres.VideoHidden {
			return v, ErrState
		}
	case postgres.VideoDeleted:
		if v.State == postgres.VideoProcessing && v.Kind == postgres.VideoRecording {
			return v, ErrState // still live: end the broadcast first
		}
	default:
		return v, ErrInvalid
	}
	if err := s.store.SetState(ctx, v.ID, state, s.cfg.Now()); err != nil {
		return v, storeErr(err)
	}
	if state == postgres.VideoDeleted {
		if err := s.removeFiles(ctx, v.ID); err != nil {
			s.log.Warn("videos: removing files", zap.Int64("video", v.ID), zap.Error(err))
		}
	}
	v.State = state
	s.changed(ctx, v.ID)
	return v, nil
}

// UploadInput is what staff give for a new video.
type UploadInput struct {
	Title   string
	Kind    string
	GameID  int
	MatchID string
}

func (in *UploadInput) check() error {
	in.Title = strings.TrimSpace(in.Title)
	if in.Title == "" || len([]rune(in.Title)) > 200 {
		return ErrTitleRequired
	}
	if in.Kind == "" {
		in.Kind = postgres.VideoHighlight
	}
	if !validKind(in.Kind) || in.Kind == postgres.VideoRecording {
		return ErrBadKind
	}
	return nil
}

// StartUpload creates a video waiting for its file (sent with WriteChunk, closed with
// CompleteUpload).
func (s *Service) StartUpload(ctx context.Context, staff int64, in UploadInput) (postgres.Video, error) {
	if !s.CanTranscode() {
		return postgres.Video{}, ErrNoTranscoder
	}
	if err := in.check(); err != nil {
		return postgres.Video{}, err
	}
	v, err := s.store.CreateVideo(ctx, postgres.Video{Kind: in.Kind, Title: in.Title, GameID: in.GameID, MatchID: in.MatchID,
		OwnerID: staff, State: postgres.VideoUploading}, s.cfg.Now())
	if err != nil {
		return v, err
	}
	return v, os.MkdirAll(s.dir(v.ID), 0o755)
}

func (s *Service) uploadPath(id int64) string { return filepath.Join(s.dir(id), "upload.part") }
func (s *Service) sourcePath(id int64) string { return filepath.Join(s.dir(id), "source.bin") }

// WriteChunk appends one part of an upload at offset (which must be what was received so far) and
// returns the bytes received in all.
func (s *Service) WriteChunk(ctx context.Context, id, offset int64, part io.Reader) (int64, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return 0, storeErr(err)
	}
	if v.State != postgres.VideoUploading {
		return 0, ErrState
	}
	f, err := os.OpenFile(s.uploadPath(id), os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if st.Size() != offset {
		return st.Size(), ErrUpload.WithArgs(st.Size())
	}
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return 0, err
	}
	n, err := io.Copy(f, io.LimitReader(part, s.cfg.MaxUploadBytes-offset+1))
	if err != nil {
		_ = f.Truncate(offset)
		return offset, err
	}
	if offset+n > s.cfg.MaxUploadBytes {
		_ = f.Truncate(offset)
		return offset, ErrUpload.WithArgs(offset)
	}
	return offset + n, nil
}

// CompleteUpload closes an upload: the file is checked to be a video and queued for transcoding.
func (s *Service) CompleteUpload(ctx context.Context, id int64) (postgres.Video, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return v, storeErr(err)
	}
	if v.State != postgres.VideoUploading {
		return v, ErrState
	}
	if err := os.Rename(s.uploadPath(id), s.sourcePath(id)); err != nil {
		return v, ErrUpload.WithArgs(0)
	}
	if _, err := probe(ctx, s.ffprobe(), s.sourcePath(id)); err != nil {
		_ = s.store.SetState(ctx, id, postgres.VideoFailed, s.cfg.Now())
		_ = os.Remove(s.sourcePath(id))
		return v, ErrNotAVideo.Wrap(err)
	}
	return v, s.queue(ctx, v.ID, postgres.JobTranscode, postgres.JobPriorityUpload)
}

// CompleteUpload closes an upload at a given queue priority (demo videos go last).
func (s *Service) completeUpload(ctx context.Context, id int64, priority int) (postgres.Video, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return v, storeErr(err)
	}
	if err := os.Rename(s.uploadPath(id), s.sourcePath(id)); err != nil {
		return v, ErrUpload.WithArgs(0)
	}
	return v, s.queue(ctx, id, postgres.JobTranscode, priority)
}

// queue moves a video to processing and adds its job.
func (s *Service) queue(ctx context.Context, id int64, kind string, priority int) error {
	if err := s.store.SetState(ctx, id, postgres.VideoProcessing, s.cfg.Now()); err != nil {
		return storeErr(err)
	}
	_, err := s.store.Enqueue(ctx, id, kind, priority, s.cfg.MaxAttempts, s.cfg.Now())
	return err
}

// AddFile creates a video from a file already on this node that ffmpeg made (demo data): the file
// is moved into the video's folder and queued behind every upload.
func (s *Service) AddFile(ctx context.Context, staff int64, in UploadInput, path string) (postgres.Video, error) {
	v, err := s.StartUpload(ctx, staff, in)
	if err != nil {
		return v, err
	}
	if err := os.Rename(path, s.uploadPath(v.ID)); err != nil {
		return v, err
	}
	return s.completeUpload(ctx, v.ID, postgres.JobPriorityDemo)
}

// StaffVideo is a video with its newest job, for the back office.
type StaffVideo struct {
	postgres.Video
	Job *postgres.VideoJob
}

// StaffList lists videos of every state but deleted, newest first, with their jobs' progress.
func (s *Service) StaffList(ctx context.Context, kind string, limit, offset int) ([]StaffVideo, int, error) {
	rows, total, err := s.store.List(ctx, postgres.VideoQuery{GameID: -1, Kind: kind, Limit: limit, Offset: offset,
		States: []string{postgres.VideoUploading, postgres.VideoProcessing, postgres.VideoReady, postgres.VideoFailed, postgres.VideoHidden}})
	if err != nil {
		return nil, 0, err
	}
	ids := make([]int64, len(rows))
	for i, v := range rows {
		ids[i] = v.ID
	}
	jobs, err := s.store.LatestJobs(ctx, ids)
	if err != nil {
		return nil, 0, err
	}
	out := make([]StaffVideo, len(rows))
	for i, v := range rows {
		out[i] = StaffVideo{Video: v}
		if j, ok := jobs[v.ID]; ok {
			out[i].Job = &j
		}
	}
	return out, total, nil
}

// StaffVideo returns one video of any state but deleted, with its newest job.
func (s *Service) StaffVideo(ctx context.Context, id int64) (StaffVideo, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return StaffVideo{}, storeErr(err)
	}
	out := StaffVideo{Video: v}
	jobs, err := s.store.LatestJobs(ctx, []int64{id})
	if j, ok := jobs[id]; ok {
		out.Job = &j
	}
	return out, err
}

// Edit changes a video's title, kind, game and match (staff). A recording stays a recording and an
// upload cannot become one.
func (s *Service) Edit(ctx context.Context, id int64, in UploadInput) (postgres.Video, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return v, storeErr(err)
	}
	if v.Kind == postgres.VideoRecording {
		in.Kind = postgres.VideoHighlight // checked as an upload's, then put back
	}
	if err := in.check(); err != nil {
		return v, err
	}
	if v.Kind == postgres.VideoRecording {
		in.Kind = postgres.VideoRecording
	}
	v.Title, v.Kind, v.GameID, v.MatchID = in.Title, in.Kind, in.GameID, in.MatchID
	if err := s.store.UpdateVideo(ctx, v); err != nil {
		return v, storeErr(err)
	}
	s.changed(ctx, id)
	return v, nil
}

// SetState lets staff hide, show again or delete any video.
func (s *Service) SetState(ctx context.Context, id int64, state string) (postgres.Video, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return v, storeErr(err)
	}
	return s.move(ctx, v, state)
}

// Exists tells the site whether /videos/[game/]id is a page: a ready video (of that game when one
// is given; game may be a catalogue abbreviation or id).
func (s *Service) Exists(ctx context.Context, game, id string) (bool, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return false, nil
	}
	v, err := s.Public(ctx, n)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if game == "" {
		return true, nil
	}
	g, ok := feed.FindGame(game)
	return ok && g.ID == v.GameID, nil
}
