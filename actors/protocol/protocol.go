package protocol

import (
	"errors"
	"strconv"
	"unicode/utf8"

	jsoniter "github.com/json-iterator/go"
)

// Version is the protocol version announced in `welcome`.
const Version = 1

var json = jsoniter.ConfigCompatibleWithStandardLibrary

// Client command types.
const (
	TAuth   = "auth"
	TJoin   = "join"
	TLeave  = "leave"
	TChat   = "chat"
	TGift   = "gift"
	TMod    = "mod"
	TMuted  = "muted"
	TReport = "report"
	TSub    = "sub"
	TUnsub  = "unsub"
	TPing   = "ping"
)

// Limits on client fields, checked by Decode.
const (
	MaxTextRunes = 300
	MaxNonceLen  = 64
	MaxIDLen     = 64
	MaxReasonLen = 200
	MaxMuteSecs  = 30 * 24 * 3600
)

// ErrBadMessage is returned for any client message that is not valid protocol.
var ErrBadMessage = errors.New("protocol: bad message")

// ClientMessage is any client command; T says which fields apply (docs/protocol.md).
type ClientMessage struct {
	T       string `json:"t"`
	Token   string `json:"token,omitempty"`
	Lan     string `json:"lan,omitempty"`
	Room    string `json:"room,omitempty"`
	Since   uint64 `json:"since,omitempty"`
	Text    string `json:"text,omitempty"`
	Nonce   string `json:"nonce,omitempty"`
	Gift    string `json:"gift,omitempty"`
	Count   int    `json:"count,omitempty"`
	Op      string `json:"op,omitempty"`
	UID     string `json:"uid,omitempty"`
	Msg     string `json:"msg,omitempty"`
	Secs    int    `json:"secs,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Topic   string `json:"topic,omitempty"`
	DelayMs int    `json:"delayMs,omitempty"`
	// HasSince is true when the client sent a `since` field (0 is a valid since).
	HasSince bool `json:"-"`
	// TargetName is the display name of the user a `mod` command names (UID), set by the REST
	// moderation calls (api/chat) that know it, so the room's event names a user who never chatted
	// there. Never read from the socket (no JSON name).
	TargetName string `json:"-"`
}

// Moderation operations of the `mod` command.
var modOps = map[string]bool{
	"mute": true, "unmute": true, "delete": true, "addMod": true, "removeMod": true,
	"slow": true, "open": true, "close": true, "platformMute": true, "platformUnmute": true,
	"shield": true, "undo": true, // moderation presets (actors/room/presets.go)
}

// ReportReasons are the six report reasons of spec §6.
var ReportReasons = []string{"inappropriate", "attack", "nickname", "ads", "avatar", "spam"}

// Decode parses and validates one client message.
func Decode(b []byte, m *ClientMessage) error {
	*m = ClientMessage{}
	if err := json.Unmarshal(b, m); err != nil {
		return ErrBadMessage
	}
	m.HasSince = json.Get(b, "since").LastError() == nil
	if len(m.Nonce) > MaxNonceLen || len(m.Room) > MaxIDLen || len(m.UID) > MaxIDLen ||
		len(m.Msg) > MaxIDLen || len(m.Reason) > MaxReasonLen || len(m.Token) > 512 || len(m.Lan) > 16 {
		return ErrBadMessage
	}
	switch m.T {
	case TAuth, TPing:
	case TJoin, TLeave, TMuted:
		if !validID(m.Room) {
			return ErrBadMessage
		}
	case TChat:
		n := utf8.RuneCountInString(m.Text)
		if !validID(m.Room) || n == 0 || n > MaxTextRunes || m.Nonce == "" {
			return ErrBadMessage
		}
	case TGift:
		if !validID(m.Room) || m.Gift == "" || m.Count < 1 || m.Count > 9999 || m.Nonce == "" {
			return ErrBadMessage
		}
	case TMod:
		if !validID(m.Room) || !modOps[m.Op] || m.Secs < 0 || m.Secs > MaxMuteSecs {
			return ErrBadMessage
		}
	case TReport:
		if !validID(m.Room) || m.Msg == "" || !validReason(m.Reason) {
			return ErrBadMessage
		}
	case TSub, TUnsub:
		if m.Topic == "" || len(m.Topic) > MaxIDLen || m.DelayMs < 0 || m.DelayMs > 120000 {
			return ErrBadMessage
		}
	default:
		return ErrBadMessage
	}
	return nil
}

func validReason(r string) bool {
	for _, x := range ReportReasons {
		if r == x {
			return true
		}
	}
	return false
}

// validID accepts room ids made of letters, digits, '-' and '_'.
func validID(s string) bool {
	if s == "" || len(s) > MaxIDLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// ValidRoomID reports whether s may name a room.
func ValidRoomID(s string) bool { return validID(s) }

// Event kinds.
const (
	KChat   = "chat"
	KGift   = "gift"
	KDelete = "del"
	KMute   = "mute"
	KUnmute = "unmute"
	KMod    = "mod"
	KUnmod  = "unmod"
	KSys    = "sys"
	KOpen   = "open"
	KClose  = "close"
	KSlow   = "slow"
	// KAccess: the room's access changed (member-only, paid, price): players ask for their
	// playback again, so a viewer who lost access sees the unlock or membership prompt at once.
	KAccess = "access"
	// KPaid is a paid message (issue 25 §4): a chat line with Coins, Color, Pin (its id) and Until
	// (pinned until, unix ms). KUnpin removes pin Pin (a moderator, reason in Key).
	KPaid  = "paid"
	KUnpin = "unpin"
)

// The sender's standing in a room, as chat lines carry it (Event.Role).
const (
	RoleStreamer = "streamer"
	RoleMod      = "mod"
	RoleStaff    = "staff" // a platform administrator
)

// Event is one room event as it goes on the wire.
type Event struct {
	Seq   uint64 `json:"seq"`
	K     string `json:"k"`
	TS    int64  `json:"ts"`
	ID    string `json:"id,omitempty"`
	UID   string `json:"uid,omitempty"`
	Name  string `json:"name,omitempty"`
	Lvl   int    `json:"lvl,omitempty"`
	Text  string `json:"text,omitempty"`
	Gift  string `json:"gift,omitempty"`
	Count int    `json:"count,omitempty"`
	Msg   string `json:"msg,omitempty"`
	By    string `json:"by,omitempty"`
	Until int64  `json:"until,omitempty"`
	Secs  int    `json:"secs,omitempty"`
	Key   string `json:"key,omitempty"`
	// Badge marks the sender's verified status on chat lines: BadgeExpert for an approved expert
	// (the client shows the record on demand). Empty for everybody else, so it costs nothing.
	Badge string `json:"badge,omitempty"`
	// Role is the sender's standing in this room on chat lines (RoleStreamer, RoleMod, RoleStaff),
	// Tier their membership (1 VIP, 2 SVIP): the badges before the name. Empty or 0 for an
	// ordinary viewer, so they cost nothing on most lines.
	Role string `json:"role,omitempty"`
	Tier int    `json:"tier,omitempty"`
	// Paid messages (KPaid, KUnpin): the coins paid, the tier's highlight colour and the pin's id.
	Coins int64  `json:"coins,omitempty"`
	Color string `json:"color,omitempty"`
	Pin   string `json:"pin,omitempty"`
}

// BadgeExpert is the Badge of an approved expert's chat lines.
const BadgeExpert = "expert"

// Priority reports whether e must never be sampled out and goes out without waiting for a tick.
func (e *Event) Priority() bool { return e.K != KChat }

// EncodeEvent returns e as JSON.
func EncodeEvent(e *Event) []byte {
	b, _ := json.Marshal(e) // an Event always encodes
	return b
}

// DecodeEvent parses an encoded event (history replay, tests).
func DecodeEvent(b []byte) (Event, error) {
	var e Event
	err := json.Unmarshal(b, &e)
	return e, err
}

// AppendBatch appends a `batch` frame for room made of already-encoded events.
func AppendBatch(dst []byte, room string, events [][]byte, sampled int) []byte {
	dst = append(dst, `{"t":"batch","room":`...)
	dst = strconv.AppendQuote(dst, room)
	dst = append(dst, `,"ev":[`...)
	for i, ev := range events {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, ev...)
	}
	dst = append(dst, `],"sampled":`...)
	dst = strconv.AppendInt(dst, int64(sampled), 10)
	return append(dst, '}')
}

// batchFrame is a `batch` frame as DecodeBatch reads it back.
type batchFrame struct {
	T       string                `json:"t"`
	Room    string                `json:"room"`
	Ev      []jsoniter.RawMessage `json:"ev"`
	Sampled int                   `json:"sampled"`
}

// DecodeBatch reads back a frame AppendBatch made: its events (still encoded, in order) and the
// sampled count. The relay uses it to drop events a connection already has from a frame that
// overlaps them (a room handed over between nodes); it is off the hot path.
func DecodeBatch(b []byte) (events [][]byte, sampled int, err error) {
	var f batchFrame
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, 0, err
	}
	if f.T != "batch" {
		return nil, 0, errors.New("protocol: not a batch frame")
	}
	events = make([][]byte, len(f.Ev))
	for i, ev := range f.Ev {
		events[i] = ev
	}
	return events, f.Sampled, nil
}

// User is the identity shown to other viewers.
type User struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Guest bool     `json:"guest"`
	Level int      `json:"level"`
	Roles []string `json:"roles"`
}

// Welcome answers auth.
type Welcome struct {
	T    string `json:"t"`
	V    int    `json:"v"`
	SID  string `json:"sid"`
	User User   `json:"user"`
}

// UserUpdate tells a connection its user's rights changed (a mute, a role, a membership): the
// session re-checked them after a revocation or when they were due to end.
type UserUpdate struct {
	T      string `json:"t"`
	User   User   `json:"user"`
	Muted  bool   `json:"muted"`
	Member int    `json:"member"` // 0 none, 1 VIP, 2 SVIP
}

// Joined answers join.
type Joined struct {
	T        string `json:"t"`
	Room     string `json:"room"`
	Seq      uint64 `json:"seq"`
	Open     bool   `json:"open"`
	Presence int    `json:"presence"`
	Gap      bool   `json:"gap"`
	Slow     int    `json:"slow"` // slow mode in seconds, 0 when off
	// MinLevel is the level a viewer needs to chat (absent: none); the room's streamer, moderators
	// and staff are exempt.
	MinLevel int `json:"minLevel,omitempty"`
	You      You `json:"you"`
}

// You says what the joining user may do in the room (administrators learn their role from
// `welcome`).
type You struct {
	Mod      bool `json:"mod"`      // may mute, delete, set slow mode (moderator or streamer)
	Streamer bool `json:"streamer"` // the room's streamer: may also add moderators, open and close
	// MutedUntil is the end of the joiner's mute here or platform-wide (unix ms; absent: not muted).
	MutedUntil int64 `json:"mutedUntil,omitempty"`
}

// Ack answers an accepted command. Ev is the encoded event, if the command made one.
type Ack struct {
	T     string              `json:"t"`
	Nonce string              `json:"nonce"`
	Seq   uint64              `json:"seq,omitempty"`
	Ev    jsoniter.RawMessage `json:"ev,omitempty"`
}

// Error refuses a command. Room names the room the refused command was about, when there is one.
type Error struct {
	T     string `json:"t"`
	Nonce string `json:"nonce,omitempty"`
	Room  string `json:"room,omitempty"`
	Code  Code   `json:"code"`
	Key   string `json:"key"`
	Msg   string `json:"msg"`
	// Level is the level needed, on a refusal for a level too low (chat.levelTooLow).
	Level int `json:"level,omitempty"`
}

// Presence reports viewers in a room.
type Presence struct {
	T     string `json:"t"`
	Room  string `json:"room"`
	Count int    `json:"count"`
}

// MutedEntry is one line of a muted-users list.
type MutedEntry struct {
	UID   string `json:"uid"`
	Name  string `json:"name"`
	Until int64  `json:"until"`
}

// MutedList answers `muted`.
type MutedList struct {
	T     string       `json:"t"`
	Room  string       `json:"room"`
	Nonce string       `json:"nonce"`
	List  []MutedEntry `json:"list"`
}

// Simple answers with only a type and a subject (pong, left, subbed, unsubbed).
type Simple struct {
	T     string `json:"t"`
	Room  string `json:"room,omitempty"`
	Topic string `json:"topic,omitempty"`
}

// Encode marshals a server frame.
func Encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("protocol: encode " + err.Error()) // only our own structs reach here
	}
	return b
}
