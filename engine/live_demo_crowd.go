package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"strings"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/zap"

	"courtside/api/matches"
	"courtside/storage/postgres"
)

// The living demo's crowd (issue 17): a few demo fans watch each demo room, chat at a modest rate,
// react when the linked match scores, and now and then send a small gift. They are real accounts
// on real WebSocket connections to the node's own gateway, so everything a fan sees (viewer counts,
// chat, gifts, the gift ranking, the rate limits and the word filter) is the real path.

const (
	demoCrowdPerRoom = 5
	demoChatMin      = 8 * time.Second // between two lines of one room's crowd
	demoChatMax      = 30 * time.Second
	demoGiftEvery    = 40 // one action in this many is a small gift
	demoScorePoll    = 4 * time.Second
)

// demoCrowd is the service.
type demoCrowd struct {
	users   func(ctx context.Context, name string) (int64, error)   // a demo fan's user id
	session func(ctx context.Context, userID int64) (string, error) // a session token for a fan
	gateway func(ctx context.Context) (string, error)               // ws://host:port/ws?v=1 once it listens
	anchors *postgres.Anchors
	scores  demoScores
	log     *zap.Logger
}

// Run keeps a crowd in every demo room until ctx ends.
func (c *demoCrowd) Run(ctx context.Context) error {
	url, err := c.gateway(ctx)
	if err != nil {
		return nil // the node stopped before its gateway listened
	}
	done := make(chan struct{}, len(demoLiveStreamers))
	for i, s := range demoLiveStreamers {
		go func() {
			defer func() { done <- struct{}{} }()
			c.roomCrowd(ctx, url, s.Room, i)
		}()
	}
	for range demoLiveStreamers {
		<-done
	}
	return nil
}

// demoFan is one fan's connection.
type demoFan struct {
	name  string
	conn  *websocket.Conn
	sent  int
	token string
}

// roomCrowd connects the room's fans (each room its own slice of the demo fans), then talks.
func (c *demoCrowd) roomCrowd(ctx context.Context, url, room string, idx int) {
	log := c.log.With(zap.String("room", room))
	rnd := rand.New(rand.NewPCG(uint64(idx)+1, uint64(time.Now().UnixNano())))
	var fans []*demoFan
	defer func() {
		for _, f := range fans {
			f.conn.Close(websocket.StatusGoingAway, "demo ends")
		}
	}()
	for k := 0; k < demoCrowdPerRoom; k++ {
		name := demoFanNames[(idx*demoCrowdPerRoom+k)%len(demoFanNames)]
		f, err := c.connect(ctx, url, room, name)
		if err != nil {
			if ctx.Err() == nil {
				log.Warn("demo crowd: a fan could not join", zap.String("fan", name), zap.Error(err))
			}
			continue
		}
		fans = append(fans, f)
	}
	if len(fans) == 0 {
		return
	}
	log.Debug("demo crowd joined", zap.Int("fans", len(fans)))
	var last matches.Item
	next := time.Now().Add(randDuration(rnd, 2*time.Second, demoChatMax))
	poll := time.NewTicker(demoScorePoll)
	defer poll.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-poll.C:
		}
		m, ok := c.linkedMatch(ctx, room)
		if ok && last.ID == m.ID && (m.HomeScore != last.HomeScore || m.AwayScore != last.AwayScore) {
			// The match scored: two or three fans react at once, as a real chat does.
			for _, f := range pickFans(rnd, fans, 2+rnd.IntN(2)) {
				c.say(ctx, f, room, scoreReaction(rnd, last, m))
			}
			next = time.Now().Add(randDuration(rnd, demoChatMin, demoChatMax))
		}
		if ok {
			last = m
		}
		if time.Now().Before(next) {
			continue
		}
		next = time.Now().Add(randDuration(rnd, demoChatMin, demoChatMax))
		f := fans[rnd.IntN(len(fans))]
		if rnd.IntN(demoGiftEvery) == 0 {
			c.gift(ctx, f, room, rnd)
			continue
		}
		var item *matches.Item
		if ok {
			item = &m
		}
		c.say(ctx, f, room, chatterLine(rnd, item))
	}
}

// connect signs fan in over the gateway and joins room.
func (c *demoCrowd) connect(ctx context.Context, url, room, name string) (*demoFan, error) {
	fan, err := c.users(ctx, name)
	if err != nil {
		return nil, err
	}
	token, err := c.session(ctx, fan)
	if err != nil {
		return nil, err
	}
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(dctx, url, nil)
	if err != nil {
		return nil, err
	}
	f := &demoFan{name: name, conn: conn, token: token}
	go drain(ctx, conn) // the crowd reads nothing, but a socket that is not read fills its buffers
	for _, m := range []map[string]any{{"t": "auth", "token": token, "lan": "en_US"}, {"t": "join", "room": room}} {
		if err := writeJSON(dctx, conn, m); err != nil {
			conn.CloseNow()
			return nil, err
		}
	}
	return f, nil
}

func (c *demoCrowd) say(ctx context.Context, f *demoFan, room, text string) {
	f.sent++
	c.send(ctx, f, map[string]any{"t": "chat", "room": room, "text": text, "nonce": fmt.Sprintf("demo-%d-%d", time.Now().UnixNano(), f.sent)})
}

func (c *demoCrowd) gift(ctx context.Context, f *demoFan, room string, rnd *rand.Rand) {
	f.sent++
	gift := []string{"1", "1", "2", "3", "4", "5"}[rnd.IntN(6)] // Applause, Whistle, Scarf, a ball: small coin gifts
	c.send(ctx, f, map[string]any{"t": "gift", "room": room, "gift": gift, "count": 1 + rnd.IntN(3),
		"nonce": fmt.Sprintf("demo-gift-%d-%d", time.Now().UnixNano(), f.sent)})
}

func (c *demoCrowd) send(ctx context.Context, f *demoFan, m map[string]any) {
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := writeJSON(wctx, f.conn, m); err != nil && ctx.Err() == nil {
		c.log.Debug("demo crowd: send failed", zap.String("fan", f.name), zap.Error(err))
	}
}

func (c *demoCrowd) linkedMatch(ctx context.Context, room string) (matches.Item, bool) {
	l, err := c.anchors.LiveRoom(ctx, room)
	if err != nil || l.MatchID == "" {
		return matches.Item{}, false
	}
	items := c.scores.Items([]string{l.MatchID})
	if len(items) == 0 {
		return matches.Item{}, false
	}
	return items[0], true
}

func writeJSON(ctx context.Context, conn *websocket.Conn, m map[string]any) error {
	b, _ := json.Marshal(m)
	return conn.Write(ctx, websocket.MessageText, b)
}

func drain(ctx context.Context, conn *websocket.Conn) {
	conn.SetReadLimit(1 << 22)
	for {
		if _, _, err := conn.Read(ctx); err != nil {
			return
		}
	}
}

func randDuration(rnd *rand.Rand, lo, hi time.Duration) time.Duration {
	return lo + time.Duration(rnd.Int64N(int64(hi-lo)))
}

func pickFans(rnd *rand.Rand, fans []*demoFan, n int) []*demoFan {
	order := rnd.Perm(len(fans))
	out := make([]*demoFan, 0, n)
	for _, i := range order[:min(n, len(order))] {
		out = append(out, fans[i])
	}
	return out
}

// scoreReaction is a line about the score change from before to now.
func scoreReaction(rnd *rand.Rand, before, now matches.Item) string {
	team := now.HomeName
	if now.AwayScore > before.AwayScore {
		team = now.AwayName
	}
	score := fmt.Sprintf("%d-%d", now.HomeScore, now.AwayScore)
	lines := []string{
		"%[1]s!!! what a moment", "come on %[1]s!", "%[2]s now, game on", "did you see that?? %[1]s", "called it, %[1]s were due",
		"%[2]s, unreal", "that's why you never switch off", "%[1]s fans going wild right now", "replay please!", "ohhh %[1]s 🔥",
	}
	if isPointsGame(now.GameID) {
		// Basketball, tennis and the like score all the time: fewer exclamation marks.
		lines = []string{"nice run by %[1]s", "%[2]s, tight one", "%[1]s heating up", "good answer from %[1]s", "momentum swinging to %[1]s"}
	}
	return fmt.Sprintf(lines[rnd.IntN(len(lines))], team, score)
}

// chatterLine is an ordinary line: about the match when the room has one, else the studio talk.
func chatterLine(rnd *rand.Rand, m *matches.Item) string {
	if m == nil {
		lines := []string{"evening all 👋", "what's everyone watching later?", "great show as always", "first time here, love the vibe",
			"who do you fancy this weekend?", "any tips for tonight's games?", "the studio looks great", "hi from Lisbon", "saludos desde México",
			"gg yesterday, what a night", "can we get a poll on the next game?", "been following since the start 💪"}
		return lines[rnd.IntN(len(lines))]
	}
	lines := []string{"%[1]s look sharp today", "%[2]s need to wake up", "this is a good game", "%[3]s, anyone's game still",
		"commentary on point as usual", "hi from Manila 👋", "hola a todos", "who are you backing? %[1]s for me", "%[2]s will come back, watch",
		"the pace of this 😮", "great stream as always", "first time watching %[1]s, they're good", "defence is shaky on both sides",
		"just got here, what did I miss?", "ref is having a day", "%[2]s fans where you at", "this atmosphere 🔥", "lol the chat is lively today",
		"%[3]s and it feels closer", "need a big play here"}
	score := fmt.Sprintf("%d-%d", m.HomeScore, m.AwayScore)
	return fmt.Sprintf(lines[rnd.IntN(len(lines))], m.HomeName, m.AwayName, score)
}

// isPointsGame reports the games that score points all the time (basketball, tennis, volleyball,
// table tennis, badminton), by the spec's game ids.
func isPointsGame(game int) bool {
	switch game {
	case 201, 203, 206, 207, 208, 22:
		return true
	}
	return false
}

// gatewayURL waits for the node's gateway to listen and returns its URL on loopback.
func gatewayURL(ctx context.Context, addr func() net.Addr) (string, error) {
	for {
		if a := addr(); a != nil {
			_, port, err := net.SplitHostPort(a.String())
			if err != nil {
				return "", err
			}
			if port != "0" {
				return "ws://" + net.JoinHostPort("127.0.0.1", port) + "/ws?v=1", nil
			}
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// demoFanNames are the living demo's fans: handles a sports site's chat would show (usernames are
// letters and digits).
var demoFanNames = strings.Fields(`MikeOnTheWing LunaGG SofiaRojas TheRealDeep KojiTanaka BenchBoss AmaK
	HoopDreamer22 LeaSchmitt NachoFC PixelPanda Ravi11 JulesMoreau BigSam88 MiaInManila CourtVisionCo
	OllieB TomaszK FernandaLima WildcardWes YunaPark DerbyDayDan Chloex3 AhmedSport KwameBoateng
	NordicNils PriyaS SkyBlueSteph TobiRuns ZaraPlaysMid Mateo88 GrannySmithFC`)
