package session

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"sync"
	"time"
	"unique"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/match"
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

// Notice is a server notice for this session's user (a booked match starting, say); Payload is the
// encoded frame.
type Notice struct{ Payload []byte }

// Translator localizes a message key, formatted with args when any are given (locale.Message).
type Translator func(lang, key string, args ...any) string

// Config holds what all sessions of a node share.
type Config struct {
	Relay       *actor.PID
	Rooms       relay.RoomFinder
	Auth        Authenticator // nil: every connection is a guest
	Topics      TopicResolver // nil: `sub` is refused
	Users       Users         // nil: notices are not routed to users
	Watching    Watching      // nil: time in rooms is not reported
	Translate   Translator
	MaxRooms    int           // rooms one connection may be in at once; default 8
	MaxTopics   int           // score topics one connection may follow at once; default 32
	AuthTimeout time.Duration // close 1008 when no auth arrives in time; default 10s
	RatePerSec  float64       // client messages per second one connection may send; default 20
	Log         *zap.Logger

	authDeadlines *authDeadlines // AuthTimeout of every session of this Config
}

// Watching hears how long a signed-in user stayed in a live room (from join to leave or to the
// connection's end); the user area turns it into experience and task progress. Watched is called
// from the session's actor and must not block.
type Watching interface {
	Watched(user, room string, d time.Duration)
}

func (c *Config) fill() {
	if c.MaxRooms == 0 {
		c.MaxRooms = 8
	}
	if c.MaxTopics == 0 {
		c.MaxTopics = 32
	}
	if c.AuthTimeout == 0 {
		c.AuthTimeout = 10 * time.Second
	}
	if c.authDeadlines == nil {
		c.authDeadlines = newAuthDeadlines(c.AuthTimeout)
	}
	if c.RatePerSec == 0 {
		c.RatePerSec = 20
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
	if c.Translate == nil {
		c.Translate = func(_, key string, _ ...any) string { return key }
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

// reauthResult is the answer of a re-check of the token (Reauthorize, or the identity's Until).
type reauthResult struct {
	user room.Identity
	err  error
}

// reauthDue fires at the identity's Until; gen tells a timer of an earlier identity apart.
type reauthDue struct{ gen int32 }

// maxHeld bounds the room commands a session holds while it re-checks its rights; more are refused.
const maxHeld = 32

// Actor is one connection's session.
//
// It is kept to 160 bytes, a size class of Go's allocator, because every open connection has one
// (issue 24: an idle connection's memory): the flags share a word, what only a signed-in session
// needs is behind signedIn, and times are nanoseconds on the process's monotonic clock.
type Actor struct {
	cfg  *Config
	conn Conn
	lang unique.Handle[string] // a handle, not a string: 8 bytes, and one copy of each language name

	authed   bool
	authing  bool
	released bool // release ran: the connection's subscriptions and place are given back
	// A re-check of the rights in flight: room commands wait in signedIn.held until it answers,
	// so a room never sees a command under rights that were revoked before it was sent.
	reauthing   bool
	reauthAgain bool // another Reauthorize came during the re-check

	user     room.Identity
	signedIn *tokenRights // nil for a guest
	rooms    roomList
	topics   map[string]string // client topic -> relay name

	reauthGen int32   // tells the Until timer of the current identity from earlier ones
	tokens    float32 // token bucket for client messages
	lastFill  int64   // monoNow of the last refill
}

// tokenRights is what a session signed in with a token keeps to re-check its rights (Reauthorize,
// or the identity's Until): the token, and the room commands that wait for the answer.
type tokenRights struct {
	token string
	held  []protocol.ClientMessage
}

// epoch is the origin of monoNow.
var epoch = time.Now()

// monoNow is nanoseconds since the process started, on the monotonic clock: a time in 8 bytes
// where a time.Time takes 24.
func monoNow() int64 { return int64(time.Since(epoch)) }

// inboundMsgs holds the messages that client commands are decoded into, shared by every session
// and borrowed only while one command is handled: a session that kept its own (about 260 bytes,
// and the strings of its last command, a sign-in token among them) paid for it all the time it
// sat idle (issue 24: an idle connection's memory).
var inboundMsgs = sync.Pool{New: func() any { return new(protocol.ClientMessage) }}

// Props returns the props every session of cfg is spawned from: make them once (the engine does,
// when it wires the gateway) and start each session with Spawn. The producer captures nothing of a
// connection, so one Props serves them all; a Props and producer closure per connection cost about
// 280 bytes of an idle connection's heap (issue 24).
func Props(cfg *Config) *actor.Props {
	cfg.fill()
	return actor.PropsFromProducer(func() actor.Actor {
		// The maps are made on first use: most sessions join one room and many none (an idle
		// connection's memory, issue 24).
		return &Actor{cfg: cfg, tokens: float32(2 * cfg.RatePerSec)}
	}, actor.WithMailbox(newMailbox), actor.WithGuardian(stopOnFailure))
}

// stopOnFailure supervises sessions: one that panics is stopped, never restarted. A restarted
// session would start without its connection (Open is its first message, sent once) and without
// its sign-in and rooms; stopped, it releases what it held and closes the connection, and the
// client reconnects and resumes like after any drop.
var stopOnFailure = actor.NewOneForOneStrategy(0, 0, func(any) actor.Directive { return actor.StopDirective })

// Open is a session's first message: the connection it serves and the language it speaks until
// the client says otherwise. Spawn sends it.
type Open struct {
	Conn Conn
	Lang string
}

// Spawn starts a session for conn from props (Props, perhaps equipped for a cluster) and hands it
// its connection. Open is posted before anyone else knows the PID, so it is the session's first
// message; every later one (Inbound, Closed, answers) finds the connection set.
func Spawn(root *actor.RootContext, props *actor.Props, conn Conn, lang string) *actor.PID {
	pid := root.Spawn(props)
	root.Send(pid, &Open{Conn: conn, Lang: lang})
	return pid
}

// Receive is the session's mailbox loop.
func (a *Actor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Open:
		a.conn, a.lang = m.Conn, unique.Make(m.Lang)
	case *actor.Started:
		a.cfg.authDeadlines.add(ctx.ActorSystem(), ctx.Self())
	case *Inbound:
		a.onInbound(ctx, m.Data)
	case *authResult:
		a.onAuthResult(ctx, m)
	case *authTimeout:
		if !a.authed {
			a.conn.Close(protocol.ClosePolicy, "auth required")
		}
	case *Reauthorize:
		a.reauthorize(ctx)
	case *reauthDue:
		if m.gen == a.reauthGen {
			a.reauthorize(ctx)
		}
	case *reauthResult:
		a.onReauth(ctx, m)
	case *room.Reply:
		a.onReply(m)
	case *relay.JoinFailed:
		a.rooms.forget(m.Room)
		a.sendRoomError("", m.Room, m.Code)
	case *Notice:
		a.conn.SendText(m.Payload)
	case *Closed:
		a.release(ctx)
		ctx.Stop(ctx.Self())
	case *actor.Stopped:
		if !a.released && a.conn != nil {
			// Stopped without its connection closing first: it failed (stopOnFailure).
			a.release(ctx)
			a.conn.Close(protocol.CloseInternalError, "session failed")
		}
	}
}

// release gives back what the session holds for its connection: its rooms' and topics'
// subscriptions, its viewing time and its place among the user's sessions. Once.
func (a *Actor) release(ctx actor.Context) {
	if a.released {
		return
	}
	a.released = true
	for _, r := range a.rooms {
		if r.in {
			ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: r.id.Value(), ConnID: a.conn.ID()})
		}
		if r.at != 0 { // set only while Watching is on
			a.cfg.Watching.Watched(a.user.ID, r.id.Value(), time.Duration(monoNow()-r.at))
		}
	}
	a.rooms = nil
	for _, name := range a.topics {
		ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: name, ConnID: a.conn.ID()})
	}
	if a.authed && !a.user.Guest && a.cfg.Users != nil {
		a.cfg.Users.Remove(a.user.ID, ctx.Self())
	}
}

// watched reports the time a signed-in user spent in room since joining it.
func (a *Actor) watched(room string) {
	at, ok := a.rooms.takeTime(room)
	if !ok {
		return
	}
	a.cfg.Watching.Watched(a.user.ID, room, time.Duration(monoNow()-at))
}

func (a *Actor) allow() bool {
	now := monoNow()
	a.tokens += float32(time.Duration(now-a.lastFill).Seconds() * a.cfg.RatePerSec)
	if max := float32(2 * a.cfg.RatePerSec); a.tokens > max {
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
	m := inboundMsgs.Get().(*protocol.ClientMessage)
	defer func() {
		*m = protocol.ClientMessage{} // keep no client's strings alive in the pool
		inboundMsgs.Put(m)
	}()
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
		if !a.rooms.has(m.Room) && a.rooms.count() >= a.cfg.MaxRooms {
			a.sendError(m.Nonce, protocol.CodeFailed)
			return
		}
		uid, at := "", int64(0)
		if !a.user.Guest {
			uid = a.user.ID
			if a.cfg.Watching != nil {
				at = monoNow()
			}
		}
		a.rooms.join(m.Room, at)
		ctx.Send(a.cfg.Relay, &relay.Subscribe{Room: m.Room, UserID: uid, Conn: a.conn, Since: m.Since, HasSince: m.HasSince, Session: ctx.Self()})
	case protocol.TLeave:
		a.rooms.leave(m.Room)
		a.watched(m.Room)
		ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: m.Room, ConnID: a.conn.ID()})
		a.send(&protocol.Simple{T: "left", Room: m.Room})
	case protocol.TChat, protocol.TGift, protocol.TMod, protocol.TMuted, protocol.TReport:
		if !a.rooms.has(m.Room) && m.T != protocol.TMod {
			a.sendError(m.Nonce, protocol.CodeRoomClosed)
			return
		}
		if a.reauthing {
			if len(a.signedIn.held) >= maxHeld {
				a.sendError(m.Nonce, protocol.CodeFailed)
				return
			}
			a.signedIn.held = append(a.signedIn.held, *m)
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
	old, ok := a.topics[m.Topic]
	if !ok && len(a.topics) >= a.cfg.MaxTopics {
		a.sendError(m.Nonce, protocol.CodeTooManyTopics)
		return
	}
	name, err := a.cfg.Topics.Resolve(m.Topic, m.DelayMs)
	switch {
	case errors.Is(err, match.ErrNoSuchMatch):
		a.sendError(m.Nonce, protocol.CodeTopicNotFound)
		return
	case errors.Is(err, match.ErrBadTopic):
		a.sendError(m.Nonce, protocol.CodeBadMessage)
		return
	case err != nil:
		a.sendError(m.Nonce, protocol.CodeFailed)
		return
	}
	if ok && old != name {
		ctx.Send(a.cfg.Relay, &relay.Unsubscribe{Room: old, ConnID: a.conn.ID()})
	}
	if a.topics == nil {
		a.topics = map[string]string{}
	}
	a.topics[m.Topic] = name
	ctx.Send(a.cfg.Relay, &relay.Subscribe{Room: name, Conn: a.conn, Session: ctx.Self()})
}

func (a *Actor) startAuth(ctx actor.Context, token, lan string) {
	if lan != "" {
		a.lang = unique.Make(lan)
	}
	if token == "" || a.cfg.Auth == nil {
		a.onAuthResult(ctx, &authResult{user: guest()})
		return
	}
	a.authing, a.signedIn = true, &tokenRights{token: token}
	a.authenticate(ctx, func(u room.Identity, err error) any { return &authResult{user: u, err: err} })
}

// authenticate checks the session's token off the actor and posts wrap's message with the answer.
func (a *Actor) authenticate(ctx actor.Context, wrap func(room.Identity, error) any) {
	self, sys, auth, token := ctx.Self(), ctx.ActorSystem(), a.cfg.Auth, a.signedIn.token
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		u, err := auth.Authenticate(c, token)
		sys.Root.Send(self, wrap(u, err))
	}()
}

// reauthorize re-checks the token and the user's rights now (a revocation somewhere, or the
// identity's Until reached). Room commands wait until the answer.
func (a *Actor) reauthorize(ctx actor.Context) {
	if !a.authed || a.user.Guest || a.signedIn == nil || a.cfg.Auth == nil {
		return
	}
	if a.reauthing {
		a.reauthAgain = true
		return
	}
	a.reauthing = true
	a.authenticate(ctx, func(u room.Identity, err error) any { return &reauthResult{user: u, err: err} })
}

// onReauth takes the user's new rights, or ends the session with a clear close code when the token
// or the account is no longer valid; then forwards the held commands under the new rights.
func (a *Actor) onReauth(ctx actor.Context, m *reauthResult) {
	if m.err == nil && m.user.ID != a.user.ID {
		m.err = errors.New("session: the token now names another user")
	}
	if m.err != nil {
		for _, h := range a.signedIn.held {
			a.sendError(h.Nonce, protocol.CodeAuthRequired)
		}
		a.signedIn.held, a.reauthing = nil, false
		a.sendError("", protocol.CodeAuthRequired)
		a.conn.Close(protocol.CloseSessionEnded, "session ended")
		return
	}
	a.user = m.user
	a.send(&protocol.UserUpdate{T: "user", User: a.wireUser(), Muted: a.user.Muted, Member: a.user.Member})
	a.scheduleReauth(ctx)
	if a.reauthAgain {
		a.reauthAgain, a.reauthing = false, false
		a.reauthorize(ctx) // the commands keep waiting for the latest rights
		return
	}
	held := a.signedIn.held
	a.signedIn.held, a.reauthing = nil, false
	for i := range held {
		ctx.Send(a.cfg.Rooms.Get(held[i].Room), &room.Command{User: a.user, Msg: held[i], ReplyTo: ctx.Self()})
	}
}

// scheduleReauth re-checks the rights when the identity says they may end (a membership or the
// session expiring); a newer identity's timer replaces an older one's.
func (a *Actor) scheduleReauth(ctx actor.Context) {
	a.reauthGen++
	if a.user.Until == 0 {
		return
	}
	gen, self, sys := a.reauthGen, ctx.Self(), ctx.ActorSystem()
	time.AfterFunc(max(time.Until(time.Unix(0, a.user.Until)), 0)+time.Millisecond, func() { sys.Root.Send(self, &reauthDue{gen: gen}) })
}

// wireUser is the identity as the client sees it.
func (a *Actor) wireUser() protocol.User {
	roles := []string{}
	if a.user.Admin {
		roles = append(roles, "admin")
	}
	if a.user.Expert {
		roles = append(roles, "expert") // the client offers an expert to link a plan in chat
	}
	return protocol.User{ID: a.user.ID, Name: a.user.Name, Guest: a.user.Guest, Level: a.user.Level, Roles: roles}
}

func (a *Actor) onAuthResult(ctx actor.Context, m *authResult) {
	a.authing = false
	if m.err != nil {
		a.sendError("", protocol.CodeAuthRequired)
		a.conn.Close(protocol.ClosePolicy, "authentication failed")
		return
	}
	a.authed, a.user = true, m.user
	if !a.user.Guest && a.cfg.Users != nil {
		a.cfg.Users.Add(a.user.ID, ctx.Self())
	}
	a.scheduleReauth(ctx)
	a.send(&protocol.Welcome{T: "welcome", V: protocol.Version, SID: randomHex(8), User: a.wireUser()})
}

func (a *Actor) onReply(r *room.Reply) {
	switch {
	case r.Code != 0:
		if r.Code == protocol.CodeRoomNotFound {
			a.rooms.leave(r.Room)
		}
		if r.Code == protocol.CodeLevelTooLow && r.Level > 0 {
			a.sendLevelError(r.Nonce, r.Room, r.Level)
			return
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

// language is the session's language; "" (the translator's default) before Open sets it, where a
// zero handle's Value would panic.
func (a *Actor) language() string {
	if a.lang == (unique.Handle[string]{}) {
		return ""
	}
	return a.lang.Value()
}

func (a *Actor) sendRoomError(nonce, room string, code protocol.Code) {
	a.send(&protocol.Error{T: "error", Nonce: nonce, Room: room, Code: code, Key: code.Key(), Msg: a.cfg.Translate(a.language(), code.Key())})
}

// sendLevelError refuses a chat line for a level too low, naming the level needed: "Level too low:
// level 5 needed" in the session's language, and the level as a field for the client's own text.
func (a *Actor) sendLevelError(nonce, room string, level int) {
	code := protocol.CodeLevelTooLow
	a.send(&protocol.Error{T: "error", Nonce: nonce, Room: room, Code: code, Key: code.Key(),
		Msg: a.cfg.Translate(a.language(), "chat.levelNeeded", level), Level: level})
}

// guest makes an identity for a visitor without a token.
func guest() room.Identity {
	id := randomHex(4)
	// One string holds both (one allocation of every guest connection instead of two).
	both := "g-" + id + "Guest" + strings.ToUpper(id[:4])
	return room.Identity{ID: both[:2+len(id)], Name: both[2+len(id):], Guest: true}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
