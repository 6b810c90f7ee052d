package videos

import (
	"os"
	"time"

	"go.uber.org/zap"
)

// Config configures the videos area. Zero values get the defaults of New; README.md lists every knob.
type Config struct {
	// Dir is where video files are kept, one folder per video (<Dir>/<id>/). Required. With S3 set
	// it is only the working area of uploads, transcodes and live recordings.
	Dir string `json:"dir"`
	// S3 keeps finished videos' and recordings' files in an S3-compatible store instead of Dir.
	S3 S3 `json:"s3"`
	// FFmpeg is the ffmpeg binary. Default "ffmpeg" on PATH; "-" turns transcoding off.
	FFmpeg string `json:"ffmpeg"`
	// Renditions are the HLS qualities of an upload, smallest first. Default 360p and 720p.
	Renditions []Rendition `json:"renditions"`
	// Workers is how many jobs this node transcodes at once. Default 1.
	Workers int `json:"workers"`
	// Lease is how long a claimed job stays a worker's without a heartbeat; a crashed worker's job
	// is taken again after it. Default 30 s (heartbeats every Lease/3).
	Lease time.Duration `json:"lease"`
	// Poll is how often an idle worker looks for a job. Default 2 s.
	Poll time.Duration `json:"poll"`
	// MaxAttempts is how many times a job is tried. Default 3.
	MaxAttempts int `json:"maxAttempts"`
	// Retention is how long recordings of broadcasts are kept; 0 keeps them forever. Default 30 days.
	Retention time.Duration `json:"retention"`
	// SweepEvery is how often expired recordings are deleted. Default 1 hour.
	SweepEvery time.Duration `json:"sweepEvery"`
	// MaxUploadBytes caps one uploaded file. Default 2 GiB.
	MaxUploadBytes int64 `json:"maxUploadBytes"`
	// Worker names this node's workers in the queue. Default the host name and process id.
	Worker string `json:"worker"`
	// Now is the clock. Default time.Now.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

// Rendition is one HLS quality: its name (the folder and the label), frame height and bitrates.
type Rendition struct {
	Name      string `json:"name"`
	Height    int    `json:"height"`
	VideoKbps int    `json:"videoKbps"`
	AudioKbps int    `json:"audioKbps"`
}

// Defaults.
const (
	DefaultLease          = 30 * time.Second
	DefaultPoll           = 2 * time.Second
	DefaultMaxAttempts    = 3
	DefaultRetention      = 30 * 24 * time.Hour
	DefaultSweepEvery     = time.Hour
	DefaultMaxUploadBytes = 2 << 30
)

// DefaultRenditions are 360p and 720p.
var DefaultRenditions = []Rendition{
	{Name: "360p", Height: 360, VideoKbps: 800, AudioKbps: 96},
	{Name: "720p", Height: 720, VideoKbps: 2800, AudioKbps: 128},
}

func (c *Config) fill() {
	if c.FFmpeg == "" {
		c.FFmpeg = "ffmpeg"
	}
	if len(c.Renditions) == 0 {
		c.Renditions = DefaultRenditions
	}
	if c.Workers <= 0 {
		c.Workers = 1
	}
	if c.Lease <= 0 {
		c.Lease = DefaultLease
	}
	if c.Poll <= 0 {
		c.Poll = DefaultPoll
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.Retention < 0 {
		c.Retention = 0
	}
	if c.SweepEvery <= 0 {
		c.SweepEvery = DefaultSweepEvery
	}
	if c.MaxUploadBytes <= 0 {
		c.MaxUploadBytes = DefaultMaxUploadBytes
	}
	if c.Worker == "" {
		h, _ := os.Hostname()
		c.Worker = h + "/" + itoa(int64(os.Getpid()))
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
