package admin

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"courtside/api/anchor"
	"courtside/api/audit"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// Broadcasts is what the live rooms screen asks of the streamer centre (*anchor.Service implements
// it): the rooms live now, ending a broadcast and who may watch, with the streamer centre's rules.
type Broadcasts interface {
	StaffLiveRooms(ctx context.Context, q string, limit, offset int) ([]anchor.StaffRoom, int, error)
	EndRoom(ctx context.Context, room string) (stopped bool, err error)
	SetRoomAccess(ctx context.Context, room string, in anchor.RoomAccess) (before, after anchor.RoomAccess, err error)
	RoomModerators(ctx context.Context, room string) ([]postgres.ModeratorRow, error)
}

// ChatLog reads a room's recent chat, deleted lines included (the chat history, history.Store).
type ChatLog interface {
	LastSeq(ctx context.Context, room string) (uint64, error)
	Around(ctx context.Context, room string, seq uint64, n int, vis history.Visibility) ([]history.Event, error)
}

// rateWindow is how far back a room's chat rate looks, and rateLines the most lines it reads.
const (
	rateWindow = time.Minute
	rateLines  = 200
)

// RoomCard is one live room on the live rooms screen.
type RoomCard struct {
	Room         string `json:"room"`
	Title        string `json:"title"`
	Streamer     string `json:"streamer"` // "u<id>"
	StreamerName string `json:"streamerName"`
	CoverURL     string `json:"coverUrl"` // the preview picture; "" for none
	Viewers      int    `json:"viewers"`
	ChatPerMin   int    `json:"chatPerMin"` // chat lines in the last minute (at least; see rateLines)
	Up           bool   `json:"up"`         // a stream is pushed now (else started, waiting for OBS)
	MemberOnly   bool   `json:"memberOnly"`
	Paid         bool   `json:"paid"`
	Price        int64  `json:"price"`
	Since        int64  `json:"since"` // unix ms the stream went up; 0 while waiting
}

// RoomPage is a page of live rooms.
type RoomPage struct {
	List  []RoomCard `json:"list"`
	Total int        `json:"total"`
}

// LiveRoomsPage pages through the rooms live now with their viewers and chat rate.
func (s *Service) LiveRoomsPage(ctx context.Context, q string, limit, offset int) (RoomPage, error) {
	if s.d.Broadcasts == nil {
		return RoomPage{}, ErrUnavailable
	}
	rows, total, err := s.d.Broadcasts.StaffLiveRooms(ctx, q, limit, offset)
	if err != nil {
		return RoomPage{}, err
	}
	out := RoomPage{List: make([]RoomCard, 0, len(rows)), Total: total}
	for _, r := range rows {
		c := RoomCard{Room: r.RoomID, Title: r.Title, StreamerName: r.StreamerName, CoverURL: r.CoverURL, Viewers: r.Viewers,
			Up: r.Up, MemberOnly: r.MemberOnly, Paid: r.Paid, Price: r.Price, Since: r.LiveSince.UnixMilli()}
		if r.LiveSince.IsZero() {
			c.Since = 0
		}
		if r.StreamerID != 0 {
			c.Streamer = fmt.Sprintf("u%d", r.StreamerID)
		}
		c.ChatPerMin = s.chatRate(ctx, r.RoomID)
		out.List = append(out.List, c)
	}
	return out, nil
}

// chatRate counts the room's chat lines of the last minute (0 when the history cannot be read: the
// list is still useful without it).
func (s *Service) chatRate(ctx context.Context, room string) int {
	lines, err := s.recent(ctx, room, rateLines)
	if err != nil {
		return 0
	}
	since := s.cfg.Now().Add(-rateWindow).UnixMilli()
	n := 0
	for _, l := range lines {
		if l.Time >= since && (l.Kind == "chat" || l.Kind == "paid") {
			n++
		}
	}
	return n
}

// recent reads up to n of the room's newest events, deleted ones included, oldest first.
func (s *Service) recent(ctx context.Context, room string, n int) ([]history.Event, error) {
	if s.d.Chat == nil {
		return nil, ErrUnavailable
	}
	last, err := s.d.Chat.LastSeq(ctx, room)
	if err != nil || last == 0 {
		return nil, err
	}
	return s.d.Chat.Around(ctx, room, last, n, history.IncludeDeleted)
}

// ChatLine is one line of a room's chat as staff read it: deleted lines are kept and marked.
type ChatLine struct {
	ID      string `json:"id"`
	Seq     uint64 `json:"seq"`
	Kind    string `json:"kind"` // chat, paid, gift
	UserID  string `json:"userId"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	Time    int64  `json:"time"`
	Deleted bool   `json:"deleted"`
}

// RoomDetail is one live room's chat and moderators.
type RoomDetail struct {
	Room       string       `json:"room"`
	Lines      []ChatLine   `json:"lines"` // oldest first
	Moderators []RoomMember `json:"moderators"`
	ChatPerMin int          `json:"chatPerMin"`
}

// RoomMember is a room moderator.
type RoomMember struct {
	UserID  string `json:"userId"`
	Name    string `json:"name"`
	AddedAt int64  `json:"addedAt"`
}

// chatLines is how many of the newest events the room's chat reads.
const chatLines = 100

// Room reads a room's recent chat (deleted lines marked) and its moderators.
func (s *Service) Room(ctx context.Context, room string) (RoomDetail, error) {
	if s.d.Broadcasts == nil {
		return RoomDetail{}, ErrUnavailable
	}
	room = strings.TrimSpace(room)
	if room == "" {
		return RoomDetail{}, ErrBadInput
	}
	out := RoomDetail{Room: room, Lines: []ChatLine{}, Moderators: []RoomMember{}}
	events, err := s.recent(ctx, room, chatLines)
	if err != nil {
		return out, err
	}
	since := s.cfg.Now().Add(-rateWindow).UnixMilli()
	for _, ev := range events {
		if ev.Kind != "chat" && ev.Kind != "paid" && ev.Kind != "gift" {
			continue
		}
		var p struct {
			Name string `json:"name"`
			Text string `json:"text"`
			Gift string `json:"gift"`
		}
		_ = json.Unmarshal(ev.Payload, &p)
		out.Lines = append(out.Lines, ChatLine{ID: ev.ID, Seq: ev.Seq, Kind: ev.Kind, UserID: ev.UserID, Name: p.Name,
			Text: p.Text, Time: ev.Time, Deleted: ev.Deleted})
		if ev.Time >= since && ev.Kind != "gift" {
			out.ChatPerMin++
		}
	}
	mods, err := s.d.Broadcasts.RoomModerators(ctx, room)
	if err != nil {
		return out, err
	}
	for _, m := range mods {
		name := ""
		if id, ok := parseUID(m.UserID); ok {
			if u, err := s.d.Accounts.UserByID(ctx, id); err == nil {
				name = u.Name()
			}
		}
		out.Moderators = append(out.Moderators, RoomMember{UserID: m.UserID, Name: name, AddedAt: m.AddedAt.UnixMilli()})
	}
	return out, nil
}

// EndBroadcast ends a room's broadcast with a reason: the streamer centre stops the key and cuts a
// running stream; the action is audited (room.end).
func (s *Service) EndBroadcast(ctx context.Context, by Staff, room, reason string) (bool, error) {
	if s.d.Broadcasts == nil {
		return false, ErrUnavailable
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return false, ErrReasonRequired
	}
	stopped, err := s.d.Broadcasts.EndRoom(ctx, room)
	if err != nil {
		return false, err
	}
	s.record(ctx, by, audit.Entry{Action: "room.end", TargetKind: "room", TargetID: room,
		Before: map[string]bool{"broadcasting": true}, After: map[string]bool{"broadcasting": false, "streamStopped": stopped}, Reason: reason})
	return stopped, nil
}

// SetRoomAccess sets a room's member-only and paid flags with a reason. The streamer centre stores
// them (its price rule applies) and the running room's chat follows the member-only flag at once.
func (s *Service) SetRoomAccess(ctx context.Context, by Staff, room string, in anchor.RoomAccess, reason string) (anchor.RoomAccess, error) {
	if s.d.Broadcasts == nil {
		return in, ErrUnavailable
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return in, ErrReasonRequired
	}
	before, after, err := s.d.Broadcasts.SetRoomAccess(ctx, room, in)
	if err != nil {
		return before, err
	}
	if (before.MemberOnly != after.MemberOnly || before.Paid != after.Paid || before.Price != after.Price) && s.d.Rooms != nil {
		op := "allViewers"
		if after.MemberOnly {
			op = "membersOnly"
		}
		if err := s.d.Rooms.Moderate(ctx, by.User, room, op, "", "", 0, reason); err != nil {
			// Stored: a room activated later reads the flag; this one keeps the old rule until then.
			s.log.Warn("admin: the running room did not take the member-only flag")
		}
	}
	s.record(ctx, by, audit.Entry{Action: "room.access", TargetKind: "room", TargetID: room, Before: before, After: after, Reason: reason})
	return after, nil
}

// SetModerator makes user id a moderator of room (add) or takes it back, through the room's actor
// (its rules and its own log); audited as room.modAdd or room.modRemove.
func (s *Service) SetModerator(ctx context.Context, by Staff, room string, id int64, add bool, reason string) error {
	if s.d.Rooms == nil {
		return ErrUnavailable
	}
	u, err := s.user(ctx, id)
	if err != nil {
		return err
	}
	op, action := "removeMod", "room.modRemove"
	if add {
		op, action = "addMod", "room.modAdd"
	}
	if err := s.d.Rooms.Moderate(ctx, by.User, room, op, u.UID(), "", 0, strings.TrimSpace(reason)); err != nil {
		return ErrRoomAction.Wrap(err)
	}
	s.record(ctx, by, audit.Entry{Action: action, TargetKind: "room", TargetID: room,
		Before: map[string]any{"user": u.UID(), "moderator": !add}, After: map[string]any{"user": u.UID(), "moderator": add},
		Reason: strings.TrimSpace(reason)})
	return nil
}

// parseUID reads "u<id>".
func parseUID(s string) (int64, bool) {
	var id int64
	if _, err := fmt.Sscanf(s, "u%d", &id); err != nil || id <= 0 {
		return 0, false
	}
	return id, true
}
