package engine

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/zap"

	"courtside/api/account"
	"courtside/api/matches"
	"courtside/storage/postgres"
)

// demoLiveStreamer is one streamer of the living demo: the demo room they host, the games they
// commentate (first preferred), their title for a match, their intro and colours, and how many demo
// fans follow them.
type demoLiveStreamer struct {
	Room, User string
	Games      []int
	Title      string // fmt with the home and away team names
	Studio     string // the title while no match of theirs is in play
	Tag        string // a custom tag instead of a match: the room never links one (a talk show)
	Intro      string
	Followers  int
	From, To   color.NRGBA
}

// demoLiveStreamers host the demo rooms 1001-1006 (engine/demo.go), each linked to a live demo match,
// and 1007, a talk show with a custom tag instead of a match (/customLive/Talk%20show).
var demoLiveStreamers = []demoLiveStreamer{
	{Room: "1001", User: "HoopsHannah", Games: []int{201, 22}, Title: "%s vs %s: courtside watch-along", Studio: "Hoops talk: your questions, tonight's games",
		Intro: "Basketball every night: live reactions, play breakdowns and a friendly chat.", Followers: 31,
		From: color.NRGBA{0xf5, 0x7c, 0x00, 0xff}, To: color.NRGBA{0xb7, 0x1c, 0x1c, 0xff}},
	{Room: "1002", User: "CornerFlagCarl", Games: []int{202, 9}, Title: "%s v %s, full match commentary", Studio: "Matchday studio: team news and predictions",
		Intro: "Football commentary with the numbers behind every chance.", Followers: 27,
		From: color.NRGBA{0x2e, 0x7d, 0x32, 0xff}, To: color.NRGBA{0x1b, 0x5e, 0x20, 0xff}},
	{Room: "1003", User: "PixelPundit", Games: []int{1, 4, 2, 14, 7, 3}, Title: "%s vs %s | esports desk analysis", Studio: "Esports desk: drafts, patches and picks",
		Intro: "Drafts, rotations and teamfights explained as they happen.", Followers: 22,
		From: color.NRGBA{0x5e, 0x35, 0xb1, 0xff}, To: color.NRGBA{0x1a, 0x23, 0x7e, 0xff}},
	{Room: "1004", User: "BaselineBeth", Games: []int{203, 208, 207, 206}, Title: "%s vs %s: point by point", Studio: "Baseline: the week in tennis",
		Intro: "Tennis and racket sports, every rally called live.", Followers: 15,
		From: color.NRGBA{0x00, 0x89, 0x7b, 0xff}, To: color.NRGBA{0x00, 0x4d, 0x40, 0xff}},
	{Room: "1005", User: "DugoutDan", Games: []int{205, 210, 209}, Title: "%s at %s: pitch by pitch", Studio: "The dugout: box scores and stories",
		Intro: "Baseball, cricket and gridiron with a stats sheet always open.", Followers: 11,
		From: color.NRGBA{0x15, 0x65, 0xc0, 0xff}, To: color.NRGBA{0x0d, 0x47, 0xa1, 0xff}},
	{Room: "1006", User: "MidfieldMaya", Games: []int{202, 201}, Title: "%s vs %s: tactics cam", Studio: "Tactics board: how the big games were won",
		Intro: "Shape, pressing and substitutions: the game behind the game.", Followers: 8,
		From: color.NRGBA{0xc2, 0x18, 0x5b, 0xff}, To: color.NRGBA{0x88, 0x0e, 0x4f, 0xff}},
	{Room: "1007", User: "SofaTalkSam", Tag: "Talk show", Studio: "Sofa talk: the week's big talking points",
		Intro: "A talk show about everything around the games: stories, rumours and your questions.", Followers: 19,
		From: color.NRGBA{0x6d, 0x4c, 0x41, 0xff}, To: color.NRGBA{0x3e, 0x27, 0x23, 0xff}},
}

// demoFans follow the demo streamers (the first Followers of them follow each streamer).
const demoFans = 32

// buildLiveDemo seeds the living demo (`make run`): the demo streamers with avatars, covers and
// followers as approved streamers of rooms 1001-1006, live, and a loop that keeps each room linked
// to a demo match in play (a finished match is replaced by another, and the title follows).
func (w *wiring) buildLiveDemo() error {
	n := w.n
	if !n.cfg.Demo {
		return nil
	}
	anchors := postgres.NewAnchors(n.pool)
	ctx := context.Background()
	if err := w.seedLiveDemo(ctx, anchors); err != nil {
		return fmt.Errorf("live demo: %w", err)
	}
	log := n.log.Named("live-demo")
	if n.cfg.DemoStreams {
		// The demo's streamers and fans by username (seeded above).
		userID := func(ctx context.Context, name string) (int64, error) {
			u, err := w.accounts.Store().UserByUsername(ctx, name, time.Now())
			return u.ID, err
		}
		if ffmpeg, err := exec.LookPath(n.cfg.FFmpeg); err == nil && n.cfg.FFmpeg != "-" {
			hub := w.media
			n.services = append(n.services, namedService{"demo-streams", &demoStreams{
				ffmpeg: ffmpeg, cache: demoClipCache(n.cfg.DataDir), anchors: anchors, log: log.Named("streams"),
				users:  userID,
				ingest: func(ctx context.Context) (string, error) { return rtmpBase(ctx, hub) },
			}})
		} else {
			log.Info("no ffmpeg: the demo rooms stay without video", zap.String("ffmpeg", n.cfg.FFmpeg))
		}
		n.services = append(n.services, namedService{"demo-crowd", &demoCrowd{
			users: userID,
			session: func(ctx context.Context, id int64) (string, error) {
				return w.accounts.OpenTrustedSession(ctx, id, account.Client{IP: "127.0.0.1", UserAgent: "Courtside living demo", Lang: "en_US"})
			},
			gateway: func(ctx context.Context) (string, error) { return gatewayURL(ctx, n.WSAddr) },
			site:    "http://" + loopback(n.HTTPAddr()),
			anchors: anchors, scores: w.matchAPI, log: log.Named("crowd"),
		}})
	}
	n.services = append(n.services, namedService{"live-demo", ServiceFunc(func(ctx context.Context) error {
		for {
			if err := linkDemoRooms(ctx, anchors, w.matchAPI, time.Now()); err != nil && ctx.Err() == nil {
				log.Warn("linking demo rooms to live matches", zap.Error(err))
			}
			wait := 20 * time.Second
			if len(w.matchAPI.InPlay()) == 0 {
				wait = 2 * time.Second // the matches index is still loading
			}
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(wait):
			}
		}
	})})
	return nil
}

// seedLiveDemo makes (once) the demo streamers, their fans, avatars and covers, and puts the rooms live.
func (w *wiring) seedLiveDemo(ctx context.Context, anchors *postgres.Anchors) error {
	store := w.accounts.Store()
	now := time.Now()
	userID := func(name string) (int64, bool, error) {
		u, err := store.UserByUsername(ctx, name, now)
		if errors.Is(err, postgres.ErrUserNotFound) {
			id, err := store.CreateUser(ctx, postgres.NewUser{Username: name}, nil)
			return id, true, err
		}
		return u.ID, false, err
	}
	fans := make([]int64, demoFans)
	for i := range fans {
		id, _, err := userID(demoFanNames[i%len(demoFanNames)])
		if err != nil {
			return err
		}
		fans[i] = id
		// The registration bonus, once ever (as a real sign-up gets it): the crowd's small gifts.
		if err := pgx.BeginFunc(ctx, w.n.pool, func(tx pgx.Tx) error { return postgres.GrantWelcome(ctx, tx, id) }); err != nil {
			return err
		}
	}
	for i, s := range demoLiveStreamers {
		id, _, err := userID(s.User)
		if err != nil {
			return err
		}
		a, err := anchors.Anchor(ctx, id)
		if errors.Is(err, postgres.ErrAnchorNotFound) || err == nil && a.RoomID != s.Room {
			var key [32]byte
			_, _ = rand.Read(key[:]) // nobody pushes to a demo room: the key is never shown
			if err := anchors.SeedApproved(ctx, id, s.User, s.Room, key[:]); err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
		u, err := w.accounts.UserByID(ctx, id)
		if err != nil {
			return err
		}
		// An avatar whose file is gone (a data directory wiped under a kept database) is drawn again.
		if name, ok := strings.CutPrefix(u.Avatar, "/java/user/avatar/"); ok {
			if _, _, err := w.accounts.Avatar(ctx, name); err != nil {
				u.Avatar = ""
			}
		}
		if u.Avatar == "" {
			if _, err := w.accounts.SetAvatar(ctx, u, demoPicture(256, 256, s.From, s.To, i, true)); err != nil {
				return err
			}
		}
		for _, fan := range fans[:min(s.Followers, len(fans))] {
			if _, err := store.Follow(ctx, fan, id, now); err != nil {
				return err
			}
		}
		l, err := anchors.LiveRoom(ctx, s.Room)
		if err != nil {
			return err
		}
		cover := l.Cover
		if cover == 0 {
			pic := demoPicture(640, 360, s.From, s.To, i, false)
			if cover, err = anchors.SaveUpload(ctx, postgres.UploadRow{UserID: id, Kind: "cover", ContentType: "image/jpeg",
				Width: 640, Height: 360, Data: pic}); err != nil {
				return err
			}
		}
		title := l.Title
		if l.MatchID == "" || title == "" || title == s.User {
			title = s.Studio
		}
		if err := anchors.SetDemoLive(ctx, postgres.DemoLive{Room: s.Room, Title: title, Intro: s.Intro, Cover: cover,
			MatchID: l.MatchID, GameID: l.GameID, CustomTag: s.Tag}, now); err != nil {
			return err
		}
	}
	return nil
}

// demoScores is what linking needs of the matches module (*matches.Service).
type demoScores interface {
	Items(ids []string) []matches.Item
	InPlay() []matches.Item
}

// linkDemoRooms keeps every demo room linked to a match in play: a room whose match still plays
// keeps it; the others take a free match of their games, else any free match in play, else the studio
// title with no match.
func linkDemoRooms(ctx context.Context, anchors *postgres.Anchors, scores demoScores, now time.Time) error {
	inPlay := scores.InPlay()
	playing := map[string]matches.Item{}
	for _, m := range inPlay {
		playing[m.ID] = m
	}
	used := map[string]bool{}
	rooms := make([]postgres.LiveRoomRow, len(demoLiveStreamers))
	keep := make([]bool, len(demoLiveStreamers))
	for i, s := range demoLiveStreamers {
		l, err := anchors.LiveRoom(ctx, s.Room)
		if err != nil {
			return err
		}
		rooms[i] = l
		if s.Tag != "" {
			continue // a talk show takes no match
		}
		if _, ok := playing[l.MatchID]; ok && !used[l.MatchID] {
			used[l.MatchID], keep[i] = true, true
		}
	}
	// First every room takes a match of its own games, then the rooms left take any free match.
	picks := make([]*matches.Item, len(demoLiveStreamers))
	for i, s := range demoLiveStreamers {
		for _, g := range s.Games {
			for j := range inPlay {
				if m := &inPlay[j]; !keep[i] && picks[i] == nil && m.GameID == g && !used[m.ID] {
					picks[i], used[m.ID] = m, true
				}
			}
		}
	}
	for i := range demoLiveStreamers {
		for j := range inPlay {
			if m := &inPlay[j]; !keep[i] && picks[i] == nil && !used[m.ID] && demoLiveStreamers[i].Tag == "" {
				picks[i], used[m.ID] = m, true
			}
		}
	}
	for i, s := range demoLiveStreamers {
		if keep[i] {
			continue
		}
		// The studio programme is about the streamer's first game: the category shows it, not a blank.
		d := postgres.DemoLive{Room: s.Room, Title: s.Studio, Intro: rooms[i].DetailIntro, Cover: rooms[i].Cover, CustomTag: s.Tag}
		if len(s.Games) > 0 {
			d.GameID = s.Games[0]
		}
		if m := picks[i]; m != nil {
			title := s.Title
			if !slices.Contains(s.Games, m.GameID) {
				title = "%s vs %s: live watch-along" // not their usual game
			}
			d.MatchID, d.GameID, d.Title = m.ID, m.GameID, fmt.Sprintf(title, m.HomeName, m.AwayName)
		}
		if d.MatchID == rooms[i].MatchID && d.Title == rooms[i].Title && d.GameID == rooms[i].GameID && d.CustomTag == rooms[i].CustomTag && rooms[i].Live {
			continue
		}
		if err := anchors.SetDemoLive(ctx, d, now); err != nil {
			return err
		}
	}
	return nil
}

// demoPicture draws a diagonal gradient from one colour to another with a few soft circles placed
// by seed: round makes it an avatar, a PNG with transparent corners; otherwise it is a cover, a
// JPEG as a streamer's screenshot would be (9–10 KB where the PNG was 16–25: the streamer list's
// first screen loads three, issue 19).
func demoPicture(w, h int, from, to color.NRGBA, seed int, round bool) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	mix := func(a, b uint8, t float64) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t) }
	type circle struct{ x, y, r float64 }
	var cs []circle
	for k := 0; k < 4; k++ {
		a := float64(seed*7+k*5) * 0.9
		cs = append(cs, circle{float64(w) * (0.5 + 0.35*math.Cos(a)), float64(h) * (0.5 + 0.35*math.Sin(a*1.3)), float64(min(w, h)) * (0.12 + 0.06*float64(k%3))})
	}
	cx, cy, rr := float64(w)/2, float64(h)/2, float64(min(w, h))/2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := (float64(x)/float64(w) + float64(y)/float64(h)) / 2
			c := color.NRGBA{mix(from.R, to.R, t), mix(from.G, to.G, t), mix(from.B, to.B, t), 0xff}
			for _, k := range cs {
				if d := math.Hypot(float64(x)-k.x, float64(y)-k.y); d < k.r {
					c.R, c.G, c.B = mix(c.R, 0xff, 0.18), mix(c.G, 0xff, 0.18), mix(c.B, 0xff, 0.18)
				}
			}
			if round && math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy) > rr {
				c.A = 0
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if round {
		_ = png.Encode(&buf, img)
	} else {
		_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	}
	return buf.Bytes()
}

// CreateUsers is the bootstrap behind `courtside user create <name> <password> [count]`: plain
// signed-in accounts with that password (name, or name1..name<count>), created or their password
// set. The load harness makes its chat senders with it: guests may not chat (spec §6). It returns
// the users' public ids.
func CreateUsers(ctx context.Context, cfg Config, name, password string, count int) ([]string, error) {
	pool, err := postgres.Open(ctx, postgres.Config{URL: cfg.DatabaseURL, MaxConns: 2})
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	if _, err := postgres.Migrate(ctx, pool); err != nil {
		return nil, err
	}
	names := []string{name}
	if count > 0 {
		names = names[:0]
		for i := 1; i <= count; i++ {
			names = append(names, fmt.Sprintf("%s%d", name, i))
		}
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		u, err := account.CreateUser(ctx, pool, n, password)
		if err != nil {
			return out, fmt.Errorf("%s: %w", n, err)
		}
		out = append(out, u.UID())
	}
	return out, nil
}
