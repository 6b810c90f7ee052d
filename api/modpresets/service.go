package modpresets

import (
	"context"
	"strings"
	"time"

	"courtside/actors/room"
	"courtside/api/audit"
	"courtside/storage/postgres"
)

// Presets is the JSON shape of a room's presets (see room.Presets for what each does).
type Presets struct {
	Room             string   `json:"room"`
	GoalSlowSecs     int      `json:"goalSlowSecs"`
	GoalSlowInterval int      `json:"goalSlowInterval"`
	RateThreshold    float64  `json:"rateThreshold"`
	RateAction       string   `json:"rateAction"`
	RateSlowSecs     int      `json:"rateSlowSecs"`
	RateSlowInterval int      `json:"rateSlowInterval"`
	ShieldMins       int      `json:"shieldMins"`
	ShieldWords      []string `json:"shieldWords"`
	NewAccountDays   int      `json:"newAccountDays"`
	FollowersOnly    bool     `json:"followersOnly"`
	MinFollowMins    int      `json:"minFollowMins"`
	Role             string   `json:"role"` // the caller's: streamer or moderator
}

// Limits of a preset.
const (
	MaxSlowSecs     = 3600
	MaxInterval     = 600
	MaxShieldMins   = 1440
	MaxWords        = 100
	MaxWordLen      = 40
	MaxAccountDays  = 365
	MaxFollowMins   = 525600
	MaxRateLinesSec = 1000
)

// Store is what the service needs of storage/postgres ModPresets.
type Store interface {
	Load(ctx context.Context, room string) (postgres.ModPresetsRow, error)
	Save(ctx context.Context, room string, p postgres.ModPresetsRow, userID int64, now time.Time) error
	RoomRole(ctx context.Context, room string, userID int64) (string, error)
	StreamerRoom(ctx context.Context, userID int64) (string, error)
}

// Config of the Service.
type Config struct {
	Now func() time.Time // default time.Now
}

// Deps are the service's collaborators.
type Deps struct {
	Store Store
	Audit audit.Recorder // nil: changes are not audited
	// Apply hands saved presets to the room's live actor (nil: rooms pick them up at activation).
	Apply func(room string, p room.Presets)
}

// Service reads and saves presets.
type Service struct {
	cfg Config
	d   Deps
}

// New returns the service.
func New(cfg Config, d Deps) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg, d: d}
}

// roleIn finds the caller's room (when roomID is empty: their own) and their role in it.
func (s *Service) roleIn(ctx context.Context, userID int64, roomID string) (string, string, error) {
	if roomID == "" {
		r, err := s.d.Store.StreamerRoom(ctx, userID)
		if err != nil {
			return "", "", err
		}
		if r == "" {
			return "", "", ErrForbidden
		}
		roomID = r
	}
	role, err := s.d.Store.RoomRole(ctx, roomID, userID)
	if err != nil {
		return "", "", storeErr(err)
	}
	if role == "" {
		return "", "", ErrForbidden
	}
	return roomID, role, nil
}

// Get returns the presets of roomID ("" : the caller's own room) for its streamer or a moderator.
func (s *Service) Get(ctx context.Context, userID int64, roomID string) (Presets, error) {
	roomID, role, err := s.roleIn(ctx, userID, roomID)
	if err != nil {
		return Presets{}, err
	}
	row, err := s.d.Store.Load(ctx, roomID)
	if err != nil {
		return Presets{}, storeErr(err)
	}
	p := fromRow(row)
	p.Room, p.Role = roomID, role
	return p, nil
}

// Save checks and stores in, audits the change and applies it to the live room.
func (s *Service) Save(ctx context.Context, userID int64, roomID string, in Presets) (Presets, error) {
	roomID, role, err := s.roleIn(ctx, userID, roomID)
	if err != nil {
		return Presets{}, err
	}
	if err := Validate(&in); err != nil {
		return Presets{}, err
	}
	before, err := s.d.Store.Load(ctx, roomID)
	if err != nil {
		return Presets{}, storeErr(err)
	}
	row := toRow(in)
	if err := s.d.Store.Save(ctx, roomID, row, userID, s.cfg.Now()); err != nil {
		return Presets{}, err
	}
	in.Room, in.Role = roomID, role
	if s.d.Audit != nil {
		b := fromRow(before)
		b.Room = roomID
		after := in
		after.Role = ""
		_ = s.d.Audit.Record(ctx, audit.Entry{ActorID: userID, Action: "room.presets", TargetKind: "room", TargetID: roomID,
			Before: b, After: after})
	}
	if s.d.Apply != nil {
		s.d.Apply(roomID, ToRoom(row))
	}
	return in, nil
}

// Validate checks in and normalises its word list (trimmed, no empties, no repeats).
func Validate(in *Presets) error {
	switch {
	case in.GoalSlowSecs < 0 || in.GoalSlowSecs > MaxSlowSecs, in.GoalSlowInterval < 1 || in.GoalSlowInterval > MaxInterval,
		in.RateSlowSecs < 1 || in.RateSlowSecs > MaxSlowSecs, in.RateSlowInterval < 1 || in.RateSlowInterval > MaxInterval:
		return ErrBadSlow
	case in.RateThreshold < 0 || in.RateThreshold > MaxRateLinesSec,
		in.RateAction != "slow" && in.RateAction != "shield" && in.RateAction != "followers":
		return ErrBadRate
	case in.ShieldMins < 1 || in.ShieldMins > MaxShieldMins, in.NewAccountDays < 0 || in.NewAccountDays > MaxAccountDays:
		return ErrBadShield
	case in.MinFollowMins < 0 || in.MinFollowMins > MaxFollowMins:
		return ErrBadFollow
	}
	seen := map[string]bool{}
	words := []string{}
	for _, w := range in.ShieldWords {
		w = strings.TrimSpace(w)
		k := strings.ToLower(w)
		if w == "" || seen[k] {
			continue
		}
		if len([]rune(w)) > MaxWordLen {
			return ErrTooManyWords
		}
		seen[k] = true
		words = append(words, w)
	}
	if len(words) > MaxWords {
		return ErrTooManyWords
	}
	in.ShieldWords = words
	return nil
}

func fromRow(r postgres.ModPresetsRow) Presets {
	words := r.ShieldWords
	if words == nil {
		words = []string{}
	}
	return Presets{GoalSlowSecs: r.GoalSlowSecs, GoalSlowInterval: r.GoalSlowInterval, RateThreshold: r.RateThreshold,
		RateAction: r.RateAction, RateSlowSecs: r.RateSlowSecs, RateSlowInterval: r.RateSlowInterval,
		ShieldMins: r.ShieldMins, ShieldWords: words, NewAccountDays: r.NewAccountDays,
		FollowersOnly: r.FollowersOnly, MinFollowMins: r.MinFollowMins}
}

func toRow(p Presets) postgres.ModPresetsRow {
	return postgres.ModPresetsRow{GoalSlowSecs: p.GoalSlowSecs, GoalSlowInterval: p.GoalSlowInterval,
		RateThreshold: p.RateThreshold, RateAction: p.RateAction, RateSlowSecs: p.RateSlowSecs,
		RateSlowInterval: p.RateSlowInterval, ShieldMins: p.ShieldMins, ShieldWords: p.ShieldWords,
		NewAccountDays: p.NewAccountDays, FollowersOnly: p.FollowersOnly, MinFollowMins: p.MinFollowMins}
}

// ToRoom converts stored presets to what the room actor applies.
func ToRoom(r postgres.ModPresetsRow) room.Presets {
	return room.Presets{GoalSlowSecs: r.GoalSlowSecs, GoalSlowInterval: r.GoalSlowInterval, RateThreshold: r.RateThreshold,
		RateAction: r.RateAction, RateSlowSecs: r.RateSlowSecs, RateSlowInterval: r.RateSlowInterval,
		ShieldMins: r.ShieldMins, ShieldWords: r.ShieldWords, NewAccountDays: r.NewAccountDays,
		FollowersOnly: r.FollowersOnly, MinFollowMins: r.MinFollowMins}
}
