package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/api/matches"
	"courtside/storage/postgres"
)

// The living demo's crowd (issue 17): a few demo fans watch each demo room, chat at a modest rate,
// react when the linked match scores, and now and then send a small gift. They are real accounts
// on real WebSocket connections to the node's own gateway, so everything a fan sees (viewer counts,
// chat, gifts, the gift ranking, the rate limits and the word filter) is the real path.

const (
	demoChatMin   = 8 * time.Second // between two lines of one room's crowd
	demoChatMax   = 30 * time.Second
	demoGiftEvery = 40 // one action in this many is a small gift
	demoScorePoll = 4 * time.Second
)

// demoCrowd is the service.
type demoCrowd struct {
	users   func(ctx context.Context, name string) (int64, error)   // a demo fan's user id
	session func(ctx context.Context, userID int64) (string, error) // a session token for a fan
	gateway func(ctx context.Context) (string, error)               // ws://host:port/ws?v=1 once it listens
	site    string                                                  // http://host:port of the node's REST and media
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
	name string
	conn *websocket.Conn
	sent int
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
	// A bigger streamer draws a bigger crowd: 3 fans, and one more per 8 followers.
	size := 3 + demoLiveStreamers[idx].Followers/8
	for k := 0; k < size; k++ {
		name := demoFanNames[(idx*6+k)%len(demoFanNames)]
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
	conn.SetReadLimit(1 << 22)
	f := &demoFan{name: name, conn: conn}
	// As the web client does: sign in, wait for the welcome, join, wait for the room.
	for _, step := range []struct {
		send map[string]any
		want string
	}{{map[string]any{"t": "auth", "token": token, "lan": "en_US"}, "welcome"}, {map[string]any{"t": "join", "room": room}, "joined"}} {
		if err := writeJSON(dctx, conn, step.send); err != nil {
			conn.CloseNow()
			return nil, err
		}
		if err := awaitFrame(dctx, conn, step.want); err != nil {
			conn.CloseNow()
			return nil, err
		}
	}
	go drain(ctx, conn) // the crowd reads nothing more, but a socket that is not read fills its buffers
	go c.watch(ctx, room, token)
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

// watch plays the room's standard source (HLS) as a player does: the playlist every two seconds and
// each new segment once, read and dropped. The fan counts among the stream's viewers.
func (c *demoCrowd) watch(ctx context.Context, room, token string) {
	var playlist *url.URL
	var expires time.Time
	seen := map[string]bool{}
	for ctx.Err() == nil {
		if playlist == nil || time.Now().After(expires.Add(-time.Minute)) {
			playlist, expires = c.playbackSource(ctx, room, token)
		}
		if playlist != nil {
			body, err := c.get(ctx, playlist.String(), token)
			if err != nil {
				playlist = nil
			}
			for _, line := range strings.Split(string(body), "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") || seen[line] {
					continue
				}
				if len(seen) > 256 {
					clear(seen)
				}
				seen[line] = true
				if ref, err := url.Parse(line); err == nil {
					_, _ = c.get(ctx, playlist.ResolveReference(ref).String(), token)
				}
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(2 * time.Second):
		}
	}
}

// playbackSource asks the room's sources as the player does and returns the HLS one (nil when the
// room does not stream now).
func (c *demoCrowd) playbackSource(ctx context.Context, room, token string) (*url.URL, time.Time) {
	body, err := c.get(ctx, c.site+"/java/live/playback?roomId="+url.QueryEscape(room), token)
	if err != nil {
		return nil, time.Time{}
	}
	var env struct {
		Result struct {
			Sources []struct {
				Kind      string `json:"kind"`
				URL       string `json:"url"`
				ExpiresAt int64  `json:"expiresAt"`
			} `json:"sources"`
		} `json:"result"`
	}
	if json.Unmarshal(body, &env) != nil {
		return nil, time.Time{}
	}
	for _, src := range env.Result.Sources {
		if src.Kind == "hls" {
			u, err := url.Parse(c.site + src.URL)
			if err != nil {
				return nil, time.Time{}
			}
			return u, time.UnixMilli(src.ExpiresAt)
		}
	}
	return nil, time.Time{}
}

// get fetches a URL of the node as the fan.
func (c *demoCrowd) get(ctx context.Context, target, token string) ([]byte, error) {
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, target, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("token", token)
	req.Header.Set("lan", "en_US")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil, fmt.Errorf("%s: HTTP %d", target, resp.StatusCode)
	}
	return io.ReadAll(io.LimitReader(resp.Body, 8<<20))
}

func writeJSON(ctx context.Context, conn *websocket.Conn, m map[string]any) error {
	b, _ := json.Marshal(m)
	return conn.Write(ctx, websocket.MessageText, b)
}

// awaitFrame reads frames until one of type want; an error frame before it fails.
func awaitFrame(ctx context.Context, conn *websocket.Conn, want string) error {
	for {
		_, b, err := conn.Read(ctx)
		if err != nil {
			return err
		}
		var m struct {
			T   string `json:"t"`
			Key string `json:"key"`
		}
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		switch m.T {
		case want:
			return nil
		case "error":
			return fmt.Errorf("%s refused: %s", want, m.Key)
		}
	}
}

func drain(ctx context.Context, conn *websocket.Conn) {
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
		"{team}!!! what a moment", "come on {team}!", "{score} now, game on", "did you see that?? {team}", "called it, {team} were due",
		"{score}, unreal", "that's why you never switch off", "{team} fans going wild right now", "replay please!", "ohhh {team} 🔥",
	}
	if isPointsGame(now.GameID) {
		// Basketball, tennis and the like score all the time: fewer exclamation marks.
		lines = []string{"nice run by {team}", "{score}, tight one", "{team} heating up", "good answer from {team}", "momentum swinging to {team}"}
	}
	return strings.NewReplacer("{team}", team, "{score}", score).Replace(lines[rnd.IntN(len(lines))])
}

// chatterLine is an ordinary line: about the match when the room has one, else the studio talk.
func chatterLine(rnd *rand.Rand, m *matches.Item) string {
	if m == nil {
		lines := []string{"evening all 👋", "what's everyone watching later?", "great show as always", "first time here, love the vibe",
			"who do you fancy this weekend?", "any tips for tonight's games?", "the studio looks great", "hi from Lisbon", "saludos desde México",
			"gg yesterday, what a night", "can we get a poll on the next game?", "been following since the start 💪"}
		return lines[rnd.IntN(len(lines))]
	}
	lines := []string{"{home} look sharp today", "{away} need to wake up", "this is a good game", "{score}, anyone's game still",
		"commentary on point as usual", "hi from Manila 👋", "hola a todos", "who are you backing? {home} for me", "{away} will come back, watch",
		"the pace of this 😮", "great stream as always", "first time watching {home}, they're good", "defence is shaky on both sides",
		"just got here, what did I miss?", "ref is having a day", "{away} fans where you at", "this atmosphere 🔥", "lol the chat is lively today",
		"{score} and it feels closer", "need a big play here"}
	score := fmt.Sprintf("%d-%d", m.HomeScore, m.AwayScore)
	return strings.NewReplacer("{home}", m.HomeName, "{away}", m.AwayName, "{score}", score).Replace(lines[rnd.IntN(len(lines))])
}

// isPointsGame reports the games that score points all the time (basketball, tennis and the rally
// sports), by the game's profile.
func isPointsGame(game int) bool {
	switch feed.ProfileOf(game).Family {
	case feed.FamBasketball, feed.FamTennis, feed.FamRally:
		return true
	}
	return false
}

// gatewayURL waits for the node's gateway to listen and returns its URL on loopback.
func gatewayURL(ctx context.Context, addr func() net.Addr) (string, error) {
	for {
		if a := addr(); a != nil {
			return "ws://" + loopback(a) + "/ws?v=1", nil
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// loopback is addr with the host 127.0.0.1 (a node listening on every address is reached there).
func loopback(addr net.Addr) string {
	_, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return net.JoinHostPort("127.0.0.1", port)
}

// demoFanNames are the living demo's fans: handles a sports site's chat would show (usernames are
// letters and digits).
var demoFanNames = strings.Fields(`MikeOnTheWing LunaGG SofiaRojas TheRealDeep KojiTanaka BenchBoss AmaK
	HoopDreamer22 LeaSchmitt NachoFC PixelPanda Ravi11 JulesMoreau BigSam88 MiaInManila CourtVisionCo
	OllieB TomaszK FernandaLima WildcardWes YunaPark DerbyDayDan Chloex3 AhmedSport KwameBoateng
	NordicNils PriyaS SkyBlueSteph TobiRuns ZaraPlaysMid Mateo88 GrannySmithFC`)
