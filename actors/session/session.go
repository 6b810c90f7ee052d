package session

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/actors/relay"
	"courtside/actors/room"
)

// Conn is the connection a session writes to.
type Conn interface {
	relay.Conn
	SendText(payload []byte) bool // a one-off frame that is never dropped as ordinary chat
	Close(code uint16, reason string)
}

// Authenticator turns a REST session token into an identity.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (room.Identity, error)
}

// TopicResolver turns a client topic and its spoiler-free delay into the name the relay serves.
type TopicResolver interface {
	Resolve(topic string, delayMs int) (string, error)
}

// Directory learns which sessions belong to which signed-in user, so notices can find them.
type Directory interface {
	Add(uid string, pid *actor.PID)
	Remove(uid string, pid *actor.PID)
}

// Notice is a server notice for this session's user (a booked match starting, say); Payload is the
// encoded frame.
type Notice struct{ Payload []byte }

// Translator localizes a message key.
type Translator func(lang, key string) string

// Config holds what all sessions of a node share.
type Config struct {
	Relay       *actor.PID
	Rooms       relay.RoomFinder
	Auth        Authenticator // nil: every connection is a guest
	Topics      TopicResolver // nil: `sub` is refused
	Directory   Directory     // nil: notices are not routed to users
	Translate   Translator
	MaxRooms    int           // rooms one connection may be in at once; default 8
	AuthTimeout time.Duration // close 1008 when no auth arrives in time; default 10s
	RatePerSec  float64       // client messages per second one connection may send; default 20
	Log         *zap.Logger
}

func (c *Config) fill() {
	if c.MaxRooms == 0 {
		c.MaxRooms = 8
	}
	if c.AuthTimeout == 0 {
		c.AuthTimeout = 10 * time.Second
	}
	if c.RatePerSec == 0 {
		c.RatePerSec = 20
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
	if c.Translate == nil {
		c.Translate = func(_, key string) string { return key }
	}
}

// Inbound is one complete client message (the session owns Data).
type Inbound struct{ Data []byte }

// Closed says the connection is gone.
type Closed struct{}

type authTimeout struct{}

type authResult struct {
	user room.Identity
	err  error
}

// Actor is one connection's session.
type Actor struct {
	cfg  *Config
	conn Conn
	lang string

	authed  bool
	authing bool
	user    room.Identity
	sid     string
	rooms   map[string]bool
	topics  map[string]string // client topic -> relay name

	tokens   float64 // token bucket for client messages
	lastFill time.Time
	msg      protocol.ClientMessage
}

// Props returns the props of a session for conn, speaking lang until the client says otherwise.
func Props(cfg *Config, conn Conn, lang string) *actor.Props {
	cfg.fill()
	return actor.PropsFromProducer(func() actor.Actor {
		return &Actor{cfg: cfg, conn: conn, lang: lang, rooms: map[string]bool{}, topics: map[string]string{}, tokens: 2 * cfg.RatePerSec}
	})
}

// Receive is the session's mailbox loop.
func (a *Actor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		self, sys := ctx.Self(), ctx.ActorSystem()
		time.AfterFunc(a.cfg.AuthTimeout, func() { sys.Root.Send(self, &authTimeout{}) })
	case *Inbound:
		a.onInbound(ctx, m.Data)
	case *authResult:
		a.onAuthResult(ctx, m)
	case *authTimeout:
		if !a.authed {
			a.conn.Close(protocol.ClosePolicy, "auth required")
		}
	case *room.Reply:
		a.onReply(m)
	case *relay.JoinFailed:
		delete(a.rooms, m.Room)
		a.sendRoomError("", m.Room, m.Code)
	case *Notice:
		a.conn.SendText(m.Payload)
	case *Closed:
		for id := range a.rooms {
			ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: id, ConnID: a.conn.ID()})
		}
		for _, name := range a.topics {
			ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: name, ConnID: a.conn.ID()})
		}
		if a.authed && !a.user.Guest && a.cfg.Directory != nil {
			a.cfg.Directory.Remove(a.user.ID, ctx.Self())
		}
		ctx.Stop(ctx.Self())
	}
}

func (a *Actor) allow() bool {
	now := time.Now()
	a.tokens += now.Sub(a.lastFill).Seconds() * a.cfg.RatePerSec
	if max := 2 * a.cfg.RatePerSec; a.tokens > max {
		a.tokens = max
	}
	a.lastFill = now
	if a.tokens < 1 {
		return false
	}
	a.tokens--
	return true
}

func (a *Actor) onInbound(ctx actor.Context, data []byte) {
	m := &a.msg
	if err := protocol.Decode(data, m); err != nil {
		a.sendError("", protocol.CodeBadMessage)
		return
	}
	if !a.allow() {
		a.sendError(m.Nonce, protocol.CodeRateLimited)
		return
	}
	if m.T == protocol.TPing {
		a.send(&protocol.Simple{T: "pong"})
		return
	}
	if !a.authed {
		if m.T != protocol.TAuth || a.authing {
			a.sendError(m.Nonce, protocol.CodeAuthRequired)
			return
		}
		a.startAuth(ctx, m.Token, m.Lan)
		return
	}
	switch m.T {
	case protocol.TAuth:
		a.sendError(m.Nonce, protocol.CodeBadMessage) // one identity per connection
	case protocol.TJoin:
		if !a.rooms[m.Room] && len(a.rooms) >= a.cfg.MaxRooms {
			a.sendError(m.Nonce, protocol.CodeFailed)
			return
		}
		a.rooms[m.Room] = true
		uid := ""
		if !a.user.Guest {
			uid = a.user.ID
		}
		ctx.Send(a.cfg.Relay, &relay.Subscribe{Room: m.Room, UserID: uid, Conn: a.conn, Since: m.Since, HasSince: m.HasSince, Session: ctx.Self()})
	case protocol.TLeave:
		delete(a.rooms, m.Room)
		ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: m.Room, ConnID: a.conn.ID()})
		a.send(&protocol.Simple{T: "left", Room: m.Room})
	case protocol.TChat, protocol.TGift, protocol.TMod, protocol.TMuted, protocol.TReport:
		if !a.rooms[m.Room] && m.T != protocol.TMod {
			a.sendError(m.Nonce, protocol.CodeRoomClosed)
			return
		}
		ctx.Send(a.cfg.Rooms.Get(m.Room), &room.Command{User: a.user, Msg: *m, ReplyTo: ctx.Self()})
	case protocol.TSub:
		a.subscribe(ctx, m)
	case protocol.TUnsub:
		if name, ok := a.topics[m.Topic]; ok {
			delete(a.topics, m.Topic)
			ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: name, ConnID: a.conn.ID()})
		}
		a.send(&protocol.Simple{T: "unsubbed", Topic: m.Topic})
	}
}

// subscribe follows a match or a game's scoreboard, at the delay class the client asked for. A new
// delay for the same topic replaces the old subscription.
func (a *Actor) subscribe(ctx actor.Context, m *protocol.ClientMessage) {
	if a.cfg.Topics == nil {
		a.sendError(m.Nonce, protocol.CodeFailed)
		return
	}
	name, err := a.cfg.Topics.Resolve(m.Topic, m.DelayMs)
	if err != nil {
		a.sendError(m.Nonce, protocol.CodeBadMessage)
		return
	}
	if old, ok := a.topics[m.Topic]; ok && old != name {
		ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: old, ConnID: a.conn.ID()})
	} else if !ok && len(a.topics) >= 4*a.cfg.MaxRooms {
		a.sendError(m.Nonce, protocol.CodeFailed)
		return
	}
	a.topics[m.Topic] = name
	ctx.Send(a.cfg.Relay, &relay.Subscribe{Room: name, Conn: a.conn, Session: ctx.Self()})
}

func (a *Actor) startAuth(ctx actor.Context, token, lan string) {
	if lan != "" {
		a.lang = lan
	}
	if token == "" || a.cfg.Auth == nil {
		a.onAuthResult(ctx, &authResult{user: guest()})
		return
	}
	a.authing = true
	self, sys, auth := ctx.Self(), ctx.ActorSystem(), a.cfg.Auth
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		u, err := auth.Authenticate(c, token)
		sys.Root.Send(self, &authResult{user: u, err: err})
	}()
}

func (a *Actor) onAuthResult(ctx actor.Context, m *authResult) {
	a.authing = false
	if m.err != nil {
		a.sendError("", protocol.CodeAuthRequired)
		a.conn.Close(protocol.ClosePolicy, "authentication failed")
		return
	}
	a.authed, a.user, a.sid = true, m.user, randomHex(8)
	if !a.user.Guest && a.cfg.Directory != nil {
		a.cfg.Directory.Add(a.user.ID, ctx.Self())
	}
	roles := []string{}
	if m.user.Admin {
		roles = append(roles, "admin")
	}
	a.send(&protocol.Welcome{T: "welcome", V: protocol.Version, SID: a.sid, User: protocol.User{
		ID: a.user.ID, Name: a.user.Name, Guest: a.user.Guest, Level: a.user.Level, Roles: roles,
	}})
}

func (a *Actor) onReply(r *room.Reply) {
	switch {
	case r.Code != 0:
		if r.Code == protocol.CodeRoomNotFound {
			delete(a.rooms, r.Room)
		}
		a.sendRoomError(r.Nonce, r.Room, r.Code)
	case r.List:
		a.send(&protocol.MutedList{T: "mutedList", Room: r.Room, Nonce: r.Nonce, List: r.Muted})
	default:
		a.send(&protocol.Ack{T: "ack", Nonce: r.Nonce, Seq: r.Seq, Ev: r.Event})
	}
}

func (a *Actor) send(v any) { a.conn.SendText(protocol.Encode(v)) }

func (a *Actor) sendError(nonce string, code protocol.Code) { a.sendRoomError(nonce, "", code) }

func (a *Actor) sendRoomError(nonce, room string, code protocol.Code) {
	a.send(&protocol.Error{T: "error", Nonce: nonce, Room: room, Code: code, Key: code.Key(), Msg: a.cfg.Translate(a.lang, code.Key())})
}

// guest makes an identity for a visitor without a token.
func guest() room.Identity {
	id := randomHex(4)
	return room.Identity{ID: "g-" + id, Name: "Guest" + strings.ToUpper(id[:4]), Guest: true}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
