package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"courtside/actors/protocol"
)

// ModPresetsRow is one room's moderation presets (migration 1500).
type ModPresetsRow struct {
	GoalSlowSecs     int
	GoalSlowInterval int
	RateThreshold    float64
	RateAction       string
	RateSlowSecs     int
	RateSlowInterval int
	ShieldMins       int
	ShieldWords      []string
	NewAccountDays   int
	FollowersOnly    bool
	MinFollowMins    int
	UpdatedAt        time.Time
}

// DefaultModPresets are a room's presets before its streamer saves any: everything off, with the
// durations and intervals the form starts from.
func DefaultModPresets() ModPresetsRow {
	return ModPresetsRow{GoalSlowInterval: 10, RateAction: "slow", RateSlowSecs: 60, RateSlowInterval: 10,
		ShieldMins: 10, ShieldWords: []string{}, NewAccountDays: 7}
}

// ErrPresetsRoomNotFound: no room with that id.
var ErrPresetsRoomNotFound = errors.New("postgres: room not found")

// ModPresets stores moderation presets and answers what the room actor needs to apply them: who may
// edit them, and a user's standing (account age, follow of the streamer).
type ModPresets struct{ pool *pgxpool.Pool }

// NewModPresets returns the store over pool.
func NewModPresets(pool *pgxpool.Pool) *ModPresets { return &ModPresets{pool: pool} }

// Load reads room's presets (the defaults when none are saved). ErrPresetsRoomNotFound when the room does
// not exist.
func (s *ModPresets) Load(ctx context.Context, room string) (ModPresetsRow, error) {
	p := DefaultModPresets()
	var rate float32
	err := s.pool.QueryRow(ctx, `SELECT goal_slow_secs, goal_slow_interval, rate_threshold, rate_action, rate_slow_secs,
		rate_slow_interval, shield_mins, shield_words, new_account_days, followers_only, min_follow_mins, updated_at
		FROM room_mod_presets WHERE room_id=$1`, room).Scan(&p.GoalSlowSecs, &p.GoalSlowInterval, &rate, &p.RateAction,
		&p.RateSlowSecs, &p.RateSlowInterval, &p.ShieldMins, &p.ShieldWords, &p.NewAccountDays, &p.FollowersOnly,
		&p.MinFollowMins, &p.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		var one int
		if err := s.pool.QueryRow(ctx, `SELECT 1 FROM rooms WHERE id=$1`, room).Scan(&one); errors.Is(err, pgx.ErrNoRows) {
			return p, ErrPresetsRoomNotFound
		} else if err != nil {
			return p, fmt.Errorf("postgres: room %s: %w", room, err)
		}
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("postgres: load presets of %s: %w", room, err)
	}
	p.RateThreshold = float64(rate)
	return p, nil
}

// Save stores room's presets (validated by the caller) as changed by userID at now.
func (s *ModPresets) Save(ctx context.Context, room string, p ModPresetsRow, userID int64, now time.Time) error {
	if p.ShieldWords == nil {
		p.ShieldWords = []string{}
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO room_mod_presets (room_id, goal_slow_secs, goal_slow_interval, rate_threshold,
		rate_action, rate_slow_secs, rate_slow_interval, shield_mins, shield_words, new_account_days, followers_only,
		min_follow_mins, updated_by, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)
		ON CONFLICT (room_id) DO UPDATE SET goal_slow_secs=$2, goal_slow_interval=$3, rate_threshold=$4, rate_action=$5,
		rate_slow_secs=$6, rate_slow_interval=$7, shield_mins=$8, shield_words=$9, new_account_days=$10,
		followers_only=$11, min_follow_mins=$12, updated_by=$13, updated_at=$14`,
		room, p.GoalSlowSecs, p.GoalSlowInterval, float32(p.RateThreshold), p.RateAction, p.RateSlowSecs,
		p.RateSlowInterval, p.ShieldMins, p.ShieldWords, p.NewAccountDays, p.FollowersOnly, p.MinFollowMins, userID, now)
	if err != nil {
		return fmt.Errorf("postgres: save presets of %s: %w", room, err)
	}
	return nil
}

// RoomRole says what userID is in room: "streamer", "moderator" or "" (ErrPresetsRoomNotFound: no room).
func (s *ModPresets) RoomRole(ctx context.Context, room string, userID int64) (string, error) {
	uid := protocol.UserID(userID).String()
	var streamer string
	var mod bool
	err := s.pool.QueryRow(ctx, `SELECT coalesce(r.streamer_id,''),
		EXISTS (SELECT 1 FROM room_moderators m WHERE m.room_id=r.id AND m.user_id=$2)
		FROM rooms r WHERE r.id=$1`, room, uid).Scan(&streamer, &mod)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrPresetsRoomNotFound
	}
	if err != nil {
		return "", fmt.Errorf("postgres: role in %s: %w", room, err)
	}
	switch {
	case streamer == uid:
		return "streamer", nil
	case mod:
		return "moderator", nil
	}
	return "", nil
}

// StreamerRoom is the room of streamer userID ("" when they have none).
func (s *ModPresets) StreamerRoom(ctx context.Context, userID int64) (string, error) {
	var room string
	err := s.pool.QueryRow(ctx, `SELECT id FROM rooms WHERE streamer_id=$1 ORDER BY id LIMIT 1`,
		protocol.UserID(userID).String()).Scan(&room)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return room, err
}

// Standing reads when account uid ("u<id>") was created and since when it follows streamer
// ("u<id>"; zero time: it does not). A guest or unknown id has a zero standing.
func (s *ModPresets) Standing(ctx context.Context, streamer, uid string) (created, followed time.Time, err error) {
	u, err := protocol.ParseUserID(uid)
	if err != nil || strings.HasPrefix(uid, "g-") {
		return time.Time{}, time.Time{}, nil
	}
	st, serr := protocol.ParseUserID(streamer)
	if serr != nil {
		st = 0
	}
	var f *time.Time
	err = s.pool.QueryRow(ctx, `SELECT u.created_at, (SELECT f.created_at FROM follows f WHERE f.follower_id=u.id AND f.followee_id=$2)
		FROM users u WHERE u.id=$1`, int64(u), int64(st)).Scan(&created, &f)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("postgres: standing of %s: %w", uid, err)
	}
	if f != nil {
		followed = *f
	}
	return created, followed, nil
}
