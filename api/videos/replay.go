package videos

// Replay with the match's timeline (issue 25 §2): a recording's chat replayed by time window, and
// the timeline of its match's events with their offsets from the recording's start. Highlights
// (highlights.go) are cut around the major ones.

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"courtside/actors/protocol"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// ChatHistory is the part of the rooms' chat history a replay reads (storage/history.Store).
type ChatHistory interface {
	Window(ctx context.Context, room string, from, to time.Time, limit int) ([]history.Event, error)
	After(ctx context.Context, room string, since uint64, limit int) ([]history.Event, error)
}

// Replay limits.
const (
	// MaxReplayWindow is the longest chat window served by one call.
	MaxReplayWindow = 10 * time.Minute
	// MaxReplayLines caps the lines of one call; the answer's Next says where to go on.
	MaxReplayLines = 1000
	// MuteGrace is how long after a recording's end a room mute still hides the user's lines
	// (a moderator acting on a report after the broadcast).
	MuteGrace = 24 * time.Hour
	// mutedTTL is how long a recording's set of muted users is kept in memory.
	mutedTTL = time.Minute
	// historyPage is the page size of history reads.
	historyPage = 500
)

// ReplayLine is one chat line (or gift) of a replay.
type ReplayLine struct {
	Seq    uint64 `json:"seq"`
	Offset int64  `json:"offsetMs"` // from the recording's start
	Kind   string `json:"kind"`     // chat or gift
	ID     string `json:"id"`
	UID    string `json:"uid"`
	Name   string `json:"name"`
	Level  int    `json:"lvl,omitempty"`
	Text   string `json:"text,omitempty"`
	Gift   string `json:"gift,omitempty"`
	Count  int    `json:"count,omitempty"`
	Badge  string `json:"badge,omitempty"`
}

// ReplayChat is one window of a replay's chat.
type ReplayChat struct {
	VideoID int64        `json:"videoId"`
	From    int64        `json:"fromMs"`
	To      int64        `json:"toMs"`
	Lines   []ReplayLine `json:"lines"`
	// Next is where to ask for the rest when the window held more than MaxReplayLines lines; -1
	// when the window is complete.
	Next int64 `json:"nextMs"`
}

// replayable returns the ready recording id with a room, or ErrReplayUnavailable.
func (s *Service) replayable(ctx context.Context, id int64) (postgres.Video, error) {
	v, err := s.store.Video(ctx, id)
	if err != nil {
		return v, storeErr(err)
	}
	if v.State != postgres.VideoReady {
		return v, ErrNotFound
	}
	if v.Kind != postgres.VideoRecording || v.RoomID == "" {
		return v, ErrReplayUnavailable
	}
	return v, nil
}

// Replay returns the chat lines of recording id sent in [from, to) from its start, in order, each
// with its offset. Deleted lines never come back; lines of users muted in the room from the
// recording's start to MuteGrace after its end, and of users the platform bans or mutes, are left
// out.
func (s *Service) Replay(ctx context.Context, id int64, from, to time.Duration) (ReplayChat, error) {
	if from < 0 || to <= from {
		return ReplayChat{}, ErrReplayRange
	}
	if to-from > MaxReplayWindow {
		return ReplayChat{}, ErrReplayTooLong
	}
	v, err := s.replayable(ctx, id)
	if err != nil {
		return ReplayChat{}, err
	}
	out := ReplayChat{VideoID: id, From: from.Milliseconds(), To: to.Milliseconds(), Lines: []ReplayLine{}, Next: -1}
	if s.d.History == nil {
		return out, nil
	}
	start := v.CreatedAt
	muted, err := s.mutedIn(ctx, v)
	if err != nil {
		return out, err
	}
	end := start.Add(to)
	evs, err := s.d.History.Window(ctx, v.RoomID, start.Add(from), end, historyPage)
	if err != nil {
		return out, err
	}
	var authors []int64
	seen := map[int64]bool{}
	for len(evs) > 0 {
		for _, ev := range evs {
			if ev.Time >= end.UnixMilli() {
				evs = nil
				break
			}
			if ev.Kind != protocol.KChat && ev.Kind != protocol.KGift || muted[ev.UserID] {
				continue
			}
			if len(out.Lines) == MaxReplayLines {
				out.Next = ev.Time - start.UnixMilli()
				evs = nil
				break
			}
			p, err := protocol.DecodeEvent(ev.Payload)
			if err != nil {
				continue
			}
			out.Lines = append(out.Lines, ReplayLine{Seq: ev.Seq, Offset: ev.Time - start.UnixMilli(), Kind: ev.Kind, ID: ev.ID, UID: ev.UserID,
				Name: p.Name, Level: p.Lvl, Text: p.Text, Gift: p.Gift, Count: p.Count, Badge: p.Badge})
			if uid, err := protocol.ParseUserID(ev.UserID); err == nil && !seen[int64(uid)] {
				seen[int64(uid)] = true
				authors = append(authors, int64(uid))
			}
		}
		if len(evs) < historyPage {
			break
		}
		if evs, err = s.d.History.After(ctx, v.RoomID, evs[len(evs)-1].Seq, historyPage); err != nil {
			return out, err
		}
	}
	if len(authors) == 0 {
		return out, nil
	}
	banned, err := s.store.HiddenAuthors(ctx, authors, s.cfg.Now())
	if err != nil {
		return out, err
	}
	if len(banned) > 0 {
		kept := out.Lines[:0]
		for _, l := range out.Lines {
			if uid, err := protocol.ParseUserID(l.UID); err == nil && banned[int64(uid)] {
				continue
			}
			kept = append(kept, l)
		}
		out.Lines = kept
	}
	return out, nil
}

// mutedSet is a recording's users muted in its room, kept for mutedTTL.
type mutedSet struct {
	users map[string]bool
	until time.Time
}

// mutedCache holds the mutedSet of each (Service, recording).
var mutedCache sync.Map

// mutedIn returns the users muted in v's room from its start to MuteGrace after its end (or now),
// read from the room's history (its "mute" events) and kept for a minute.
func (s *Service) mutedIn(ctx context.Context, v postgres.Video) (map[string]bool, error) {
	now := s.cfg.Now()
	key := mutedKey{s, v.ID}
	if c, ok := mutedCache.Load(key); ok && now.Before(c.(mutedSet).until) {
		return c.(mutedSet).users, nil
	}
	to := v.CreatedAt.Add(v.Duration + MuteGrace)
	if now.Before(to) {
		to = now.Add(time.Millisecond)
	}
	users := map[string]bool{}
	evs, err := s.d.History.Window(ctx, v.RoomID, v.CreatedAt, to, historyPage)
	for err == nil && len(evs) > 0 {
		done := false
		for _, ev := range evs {
			if ev.Time >= to.UnixMilli() {
				done = true
				break
			}
			if ev.Kind == protocol.KMute && ev.UserID != "" {
				users[ev.UserID] = true
			}
		}
		if done || len(evs) < historyPage {
			break
		}
		evs, err = s.d.History.After(ctx, v.RoomID, evs[len(evs)-1].Seq, historyPage)
	}
	if err != nil {
		return nil, err
	}
	mutedCache.Store(key, mutedSet{users: users, until: now.Add(mutedTTL)})
	return users, nil
}

type mutedKey struct {
	s  *Service
	id int64
}

// TimelineEvent is one match event during a recording.
type TimelineEvent struct {
	Seq      int64  `json:"seq"`
	Type     string `json:"type"`     // the incident's type: goal, redCard, baron, mapWin...
	Category string `json:"category"` // goal, card, kill, objective, mapEnd, other: the icon
	Team     int    `json:"team"`     // 0 home, 1 away, -1 neither
	TeamName string `json:"teamName,omitempty"`
	Name     string `json:"name,omitempty"`
	Minute   string `json:"minute,omitempty"`
	Offset   int64  `json:"offsetMs"` // from the recording's start
	// Seek is where the player jumps when the event is clicked: SeekBefore earlier, not before 0.
	Seek      int64 `json:"seekMs"`
	Highlight int64 `json:"highlightId,omitempty"` // its highlight clip, once it is ready
}

// SeekBefore is how much earlier than an event the player starts when it is clicked.
const SeekBefore = 5 * time.Second

// Timeline is a recording's timeline: its match's events while it was recorded.
type Timeline struct {
	VideoID     int64           `json:"videoId"`
	MatchID     string          `json:"matchId,omitempty"`
	StartedAt   int64           `json:"startedAt"`
	DurationSec float64         `json:"durationSec"`
	Events      []TimelineEvent `json:"events"`
	Highlights  []View          `json:"highlights"` // the ready highlight clips cut from it
}

// Timeline returns recording id's timeline: the key incidents of its match between its start and
// its end, in time order, with their offsets, and the highlight clips cut from it.
func (s *Service) Timeline(ctx context.Context, id int64) (Timeline, error) {
	v, err := s.replayable(ctx, id)
	if err != nil {
		return Timeline{}, err
	}
	out := Timeline{VideoID: id, MatchID: v.MatchID, StartedAt: v.CreatedAt.UnixMilli(), DurationSec: float64(v.Duration.Milliseconds()) / 1000,
		Events: []TimelineEvent{}, Highlights: []View{}}
	if v.MatchID == "" {
		return out, nil
	}
	incs, err := s.store.MatchIncidents(ctx, v.MatchID, v.CreatedAt, v.CreatedAt.Add(v.Duration))
	if err != nil {
		return out, err
	}
	hs, err := s.store.Highlights(ctx, id)
	if err != nil {
		return out, err
	}
	clips := map[int64]int64{}
	var ids []int64
	for _, h := range hs {
		clips[h.EventSeq] = h.ClipID
		ids = append(ids, h.ClipID)
	}
	ready := map[int64]bool{}
	for _, cid := range ids {
		c, err := s.store.Video(ctx, cid)
		if err == nil && c.State == postgres.VideoReady {
			ready[cid] = true
			out.Highlights = append(out.Highlights, ViewOf(c))
		}
	}
	for _, in := range incs {
		cat := category(in.Type)
		if !in.Key && !major(in.Type) {
			continue
		}
		off := in.At.Sub(v.CreatedAt)
		ev := TimelineEvent{Seq: in.Seq, Type: in.Type, Category: cat, Team: in.Team, TeamName: in.TeamName, Name: in.Name, Minute: in.Minute,
			Offset: off.Milliseconds(), Seek: max(off-SeekBefore, 0).Milliseconds()}
		if c := clips[in.Seq]; ready[c] {
			ev.Highlight = c
		}
		out.Events = append(out.Events, ev)
	}
	// Feed order is time order, except for corrections a provider sends late.
	slices.SortStableFunc(out.Events, func(a, b TimelineEvent) int { return cmp.Compare(a.Offset, b.Offset) })
	return out, nil
}

// category is an incident type's icon on the timeline.
func category(t string) string {
	switch t {
	case "goal", "ownGoal", "penaltyScored", "touchdown", "fieldGoal", "homeRun", "threePointer", "century", "hundred", "fifty", "wicket":
		return "goal"
	case "yellowCard", "secondYellow", "redCard":
		return "card"
	case "firstBlood", "knockdown", "finish", "teamEliminated":
		return "kill"
	case "firstTower", "firstDragon", "firstBaron", "firstRoshan", "firstTyrant", "firstOverlord", "dragon", "herald", "baron", "roshan",
		"tyrant", "overlord", "turtle", "lord", "abyssalDragon", "darkSlayer", "bombPlant", "bombDefuse", "spikePlant", "spikeDefuse",
		"defuserPlant", "defuserDisable":
		return "objective"
	case "mapWin", "gameWin", "setWon", "frameWon":
		return "mapEnd"
	}
	return "other"
}

// major reports whether an incident type gets an automatic highlight: goals, red cards, decisive
// kills and objectives, map ends.
func major(t string) bool {
	switch t {
	case "goal", "ownGoal", "penaltyScored", "touchdown", "redCard", "secondYellow", "firstBlood", "knockdown", "finish", "teamEliminated",
		"baron", "roshan", "abyssalDragon", "darkSlayer", "lord", "mapWin", "gameWin":
		return true
	}
	return false
}
