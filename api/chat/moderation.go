package chat

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// The REST forms of live-room moderation (spec §7, issue 17): Delete (GET /chatroom/delete),
// Operate (POST /chatroom/operate: mute, unmute, add or remove a moderator) and UserInfo
// (GET /chatroom/userInfo: the chatter card). Each is a Command to the room's actor through
// RoomAsker, exactly what a moderator's socket sends: the room checks the rights (the streamer,
// the room's moderators, platform staff), applies the change in its mailbox and writes the same
// moderation record, on whichever node the room lives. Nothing here decides a right; the service
// checks the input, asks, and turns the room's answer into the area's errors.

// RoomAsker sends a command to a room's actor, wherever it lives, and waits for its answer (a
// refusal included: Reply.Code).
type RoomAsker interface {
	Ask(ctx context.Context, who room.Identity, msg protocol.ClientMessage) (*room.Reply, error)
}

// Chatters says who users are: Identity exactly as a real-time session would present the user to a
// room (roles, level, membership), Profile what others may see of them. Both return
// ErrUserNotFound for an unknown user.
type Chatters interface {
	Identity(ctx context.Context, userID int64) (room.Identity, error)
	Profile(ctx context.Context, userID int64) (Profile, error)
}

// Profile is the public face of a user on the chatter card: never a real name, a phone or an
// e-mail.
type Profile struct {
	Name   string
	Avatar string
	Level  int
	Member int  // 0 none, 1 VIP, 2 SVIP
	Expert bool // an approved expert
	Staff  bool // a platform administrator
}

// Records reads a user's past in a room (the moderation record and the reports the room writes).
type Records interface {
	ChatterRecord(ctx context.Context, room, user string) (postgres.ChatterRecord, error)
}

// Mute lengths of Operate (seconds).
const (
	DefaultMuteSecs = 600
	MinMuteSecs     = 60
	MaxMuteSecs     = 30 * 24 * 3600
)

// Operations of Operate.
var operateOps = map[string]bool{"mute": true, "unmute": true, "addMod": true, "removeMod": true}

// Operation is one POST /chatroom/operate.
type Operation struct {
	Room string `json:"roomId"`
	UID  string `json:"uid"` // the chatter, as the chat lines name them ("u123")
	Op   string `json:"op"`  // mute, unmute, addMod, removeMod
	// Secs is a mute's length, MinMuteSecs..MaxMuteSecs (0: DefaultMuteSecs).
	Secs   int    `json:"secs"`
	Reason string `json:"reason"`
	// Confirm is, for addMod and removeMod, the chatter's member id typed again (spec §5: "Member ID
	// of a new moderator must be confirmed"); "u123" and "123" are the same id.
	Confirm string `json:"confirm"`
}

// Operated is what an accepted operation did.
type Operated struct {
	Op    string `json:"op"`
	Until int64  `json:"until,omitempty"` // a mute's end, unix ms
	Seq   uint64 `json:"seq"`             // the room event that announced it
}

// Deleted is what an accepted deletion did.
type Deleted struct {
	MsgID string `json:"msgId"`
	Seq   uint64 `json:"seq"`
}

// Chatter is the chatter card. Moderation is filled only for a caller who moderates the room.
type Chatter struct {
	Name   string   `json:"name"`
	Avatar string   `json:"avatar,omitempty"`
	Level  int      `json:"level"`
	Badges []string `json:"badges"` // streamer, moderator, staff, svip or vip, expert
	Self   bool     `json:"self"`   // the caller's own card
	// You says what the caller may do to this chatter here (the room's rules, as the room will
	// apply them: asking is still the room's decision).
	You        CardRights  `json:"you"`
	Moderation *Moderation `json:"moderation,omitempty"`
	Now        int64       `json:"now"` // the server's clock, unix ms, for the time left of a mute
}

// CardRights are the actions the card offers.
type CardRights struct {
	Moderate bool `json:"moderate"` // delete lines, see the moderation record
	Mute     bool `json:"mute"`     // mute and unmute this chatter
	Appoint  bool `json:"appoint"`  // make or remove this chatter as a moderator
}

// Moderation is the moderators' part of the card.
type Moderation struct {
	MutedUntil    int64 `json:"mutedUntil"`    // mute in this room, unix ms (0: none)
	PlatformUntil int64 `json:"platformUntil"` // platform-wide mute, unix ms (0: none)
	Mutes         int   `json:"mutes"`         // times muted in this room, the current one included
	Reports       int   `json:"reports"`       // reports of the chatter's lines in this room
}

func (s *Service) now() time.Time {
	if s.d.Now != nil {
		return s.d.Now()
	}
	return time.Now()
}

func (s *Service) moderationReady() error {
	if s.d.Actors == nil || s.d.Chatters == nil {
		return ErrFailed
	}
	return nil
}

// parseTarget checks a room id and a chatter's id.
func parseTarget(roomID, uid string) (int64, error) {
	if !protocol.ValidRoomID(roomID) {
		return 0, ErrInvalid.WithKey("chatroom.badRoom")
	}
	id, err := protocol.ParseUserID(strings.TrimSpace(uid))
	if err != nil || id <= 0 {
		return 0, ErrInvalid.WithKey("chatroom.badUser")
	}
	return int64(id), nil
}

// ask sends msg to its room as caller and maps a failure to ask; a refusal stays in Reply.Code.
func (s *Service) ask(ctx context.Context, caller int64, msg protocol.ClientMessage) (room.Identity, *room.Reply, error) {
	who, err := s.d.Chatters.Identity(ctx, caller)
	if err != nil {
		return who, nil, err
	}
	msg.Nonce = "rest"
	r, err := s.d.Actors.Ask(ctx, who, msg)
	if err != nil {
		return who, nil, ErrFailed.Wrap(err)
	}
	return who, r, nil
}

// refusal turns the room's refusal of op into the area's error. A forbidden operation is named
// more precisely from the caller's rank (asked of the room: its answer, not a second rule here).
func (s *Service) refusal(ctx context.Context, who room.Identity, roomID, op, uid string, code protocol.Code) error {
	switch code {
	case protocol.CodeForbidden:
		rank := 0
		if r, err := s.d.Actors.Ask(ctx, who, protocol.ClientMessage{T: room.TCard, Room: roomID, UID: uid, Nonce: "rest"}); err == nil && r.Card != nil {
			rank = r.Card.CallerRank
		}
		switch {
		case rank == 0:
			return ErrModForbidden
		case op == "addMod" || op == "removeMod":
			return ErrModForbidden.WithKey("chatroom.streamerOnly")
		case op == "mute":
			return ErrModForbidden.WithKey("chatroom.outranked")
		}
		return ErrModForbidden
	case protocol.CodeRoomNotFound:
		return ErrNoRoom
	case protocol.CodeBadMessage:
		return ErrInvalid
	}
	return ErrFailed.Wrap(fmt.Errorf("room refused with code %d", code))
}

// Operate mutes or unmutes a chatter, or makes or removes them as a moderator of the room, as
// caller (the room checks that caller may).
func (s *Service) Operate(ctx context.Context, caller int64, in Operation) (Operated, error) {
	if err := s.moderationReady(); err != nil {
		return Operated{}, err
	}
	target, err := parseTarget(in.Room, in.UID)
	if err != nil {
		return Operated{}, err
	}
	if !operateOps[in.Op] {
		return Operated{}, ErrInvalid.WithKey("chatroom.badOp")
	}
	if len(in.Reason) > protocol.MaxReasonLen {
		return Operated{}, ErrInvalid
	}
	uid := protocol.UserID(target).String()
	secs := 0
	if in.Op == "mute" {
		secs = in.Secs
		if secs == 0 {
			secs = DefaultMuteSecs
		}
		if secs < MinMuteSecs || secs > MaxMuteSecs {
			return Operated{}, ErrInvalid.WithKey("chatroom.badSecs").WithArgs(MinMuteSecs/60, MaxMuteSecs/86400)
		}
	}
	if (in.Op == "addMod" || in.Op == "removeMod") && !sameMember(in.Confirm, target) {
		return Operated{}, ErrInvalid.WithKey("chatroom.confirm")
	}
	p, err := s.d.Chatters.Profile(ctx, target)
	if err != nil {
		return Operated{}, err
	}
	if err := s.roomExists(ctx, in.Room); err != nil {
		return Operated{}, err
	}
	start := s.now()
	who, r, err := s.ask(ctx, caller, protocol.ClientMessage{T: protocol.TMod, Room: in.Room, Op: in.Op, UID: uid, Secs: secs, Reason: in.Reason,
		TargetName: p.Name})
	if err != nil {
		return Operated{}, err
	}
	if r.Code != 0 {
		return Operated{}, s.refusal(ctx, who, in.Room, in.Op, uid, r.Code)
	}
	out := Operated{Op: in.Op, Seq: r.Seq}
	if in.Op == "mute" {
		// The room's own end of the mute (its event), so the answer, the chatter card and every
		// viewer's notice agree to the millisecond; the service's clock is the fallback only.
		out.Until = start.Add(time.Duration(secs) * time.Second).UnixMilli()
		if ev, err := protocol.DecodeEvent(r.Event); err == nil && ev.Until != 0 {
			out.Until = ev.Until
		}
	}
	return out, nil
}

// sameMember reports whether typed names member id (with or without its "u").
func sameMember(typed string, id int64) bool {
	typed = strings.TrimSpace(typed)
	if typed == "" {
		return false
	}
	if !strings.HasPrefix(typed, "u") && !strings.HasPrefix(typed, "U") {
		typed = "u" + typed
	}
	n, err := protocol.ParseUserID(strings.ToLower(typed))
	return err == nil && int64(n) == id
}

func (s *Service) roomExists(ctx context.Context, roomID string) error {
	if s.d.Rooms == nil {
		return nil
	}
	ok, err := s.d.Rooms.RoomExists(ctx, roomID)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNoRoom
	}
	return nil
}

// Delete removes chat line msgID of the room for everyone, as caller (the room checks that caller
// may). The line must exist and not be deleted already.
func (s *Service) Delete(ctx context.Context, caller int64, roomID, msgID string) (Deleted, error) {
	if err := s.moderationReady(); err != nil {
		return Deleted{}, err
	}
	if !protocol.ValidRoomID(roomID) {
		return Deleted{}, ErrInvalid.WithKey("chatroom.badRoom")
	}
	if msgID == "" || len(msgID) > protocol.MaxIDLen || !strings.HasPrefix(msgID, roomID+"-") {
		return Deleted{}, ErrInvalid.WithKey("chatroom.badMessage")
	}
	if err := s.roomExists(ctx, roomID); err != nil {
		return Deleted{}, err
	}
	if _, err := s.d.History.Get(ctx, roomID, msgID, history.ExcludeDeleted); errors.Is(err, history.ErrNotFound) {
		return Deleted{}, ErrNoMessage
	} else if err != nil {
		return Deleted{}, err
	}
	who, r, err := s.ask(ctx, caller, protocol.ClientMessage{T: protocol.TMod, Room: roomID, Op: "delete", Msg: msgID})
	if err != nil {
		return Deleted{}, err
	}
	if r.Code != 0 {
		return Deleted{}, s.refusal(ctx, who, roomID, "delete", "", r.Code)
	}
	return Deleted{MsgID: msgID, Seq: r.Seq}, nil
}

// UserInfo is the chatter card of uid in the room for caller: name, level and badges for every
// signed-in viewer; for the room's moderators also the current mutes with their end, how often the
// chatter was muted here and the reports against them.
func (s *Service) UserInfo(ctx context.Context, caller int64, roomID, uid string) (Chatter, error) {
	if err := s.moderationReady(); err != nil {
		return Chatter{}, err
	}
	target, err := parseTarget(roomID, uid)
	if err != nil {
		return Chatter{}, err
	}
	uid = protocol.UserID(target).String()
	p, err := s.d.Chatters.Profile(ctx, target)
	if err != nil {
		return Chatter{}, err
	}
	if err := s.roomExists(ctx, roomID); err != nil {
		return Chatter{}, err
	}
	who, r, err := s.ask(ctx, caller, protocol.ClientMessage{T: room.TCard, Room: roomID, UID: uid})
	if err != nil {
		return Chatter{}, err
	}
	if r.Code != 0 || r.Card == nil {
		return Chatter{}, s.refusal(ctx, who, roomID, "card", uid, r.Code)
	}
	card := r.Card
	out := Chatter{Name: p.Name, Avatar: p.Avatar, Level: p.Level, Badges: badges(p, card.Rank), Self: target == caller,
		Now: s.now().UnixMilli()}
	if card.CallerRank >= 1 {
		// The room's own rules (actors/room moderation.go): moderators mute whom they outrank,
		// the streamer and staff name moderators; nobody acts on themselves.
		out.You = CardRights{Moderate: true, Mute: !out.Self && card.CallerRank > card.Rank,
			Appoint: !out.Self && card.CallerRank >= 2 && card.Rank < 2}
		m := &Moderation{MutedUntil: card.MutedUntil, PlatformUntil: card.PlatformUntil}
		if s.d.Records != nil {
			rec, err := s.d.Records.ChatterRecord(ctx, roomID, uid)
			if err != nil {
				return Chatter{}, err
			}
			m.Mutes, m.Reports = rec.Mutes, rec.Reports
		}
		out.Moderation = m
	}
	return out, nil
}

// badges lists a chatter's badges, the room's role first.
func badges(p Profile, rank int) []string {
	out := []string{}
	switch rank {
	case 2:
		out = append(out, "streamer")
	case 1:
		out = append(out, "moderator")
	}
	if p.Staff {
		out = append(out, "staff")
	}
	switch p.Member {
	case 2:
		out = append(out, "svip")
	case 1:
		out = append(out, "vip")
	}
	if p.Expert {
		out = append(out, "expert")
	}
	return out
}
