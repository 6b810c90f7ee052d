package engine

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"time"

	"go.uber.org/zap"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/prometheus/client_golang/prometheus"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/api/account"
	"courtside/api/admin"
	"courtside/api/anchor"
	"courtside/api/audit"
	"courtside/storage/postgres"
)

// buildAudit opens the audit log every staff action is written to (before the areas that write it).
func (w *wiring) buildAudit() {
	w.audit = audit.New(audit.Config{Names: func(ctx context.Context, id int64) string {
		u, err := w.accounts.UserByID(ctx, id)
		if err != nil {
			return ""
		}
		return u.Name()
	}}, postgres.NewAuditLog(w.n.pool))
}

// buildAdmin wires the back office (issue 16) on the areas' services: the accounts, the wallet's
// ledger, the chat history, the room actors and the streamer centre's live list. Its Gate covers
// every call under /java/admin/, the other areas' too.
func (w *wiring) buildAdmin() {
	n := w.n
	svc := admin.New(admin.Config{Logger: n.log.Named("admin")}, admin.Deps{
		Accounts: w.accounts,
		Store:    postgres.NewAdminStore(n.pool),
		Audit:    w.audit,
		Wallet:   postgres.NewWalletStore(n.pool),
		Lines:    w.hist,
		Rooms:    roomModeration{system: n.topo.system(), rooms: w.registry, props: n.topo.props},
		Live:     liveRooms{w.anchor},
		// Live rooms, moderation rules, orders and money (issue 16).
		Broadcasts: w.anchor, Chat: w.hist, Ledger: postgres.NewWalletStore(n.pool), Refunds: w.wallet,
		WordsChanged: w.words.reload,
		Metrics:      w.nodeMetrics(),
	})
	svc.Routes(w.api)
	if n.cfg.Demo {
		mod := roomModeration{system: n.topo.system(), rooms: w.registry, props: n.topo.props}
		if err := seedAdminDemo(context.Background(), postgres.NewAnchors(n.pool), w.accounts.Store(), mod); err != nil {
			n.log.Warn("back office demo data", zap.Error(err))
		}
	}
}

// nodeMetrics is the dashboard's view of this node's own metrics registry (the one /metrics serves),
// with gauges of the room and match actors active here added to it.
func (w *wiring) nodeMetrics() *admin.NodeMetrics {
	n := w.n
	rooms, matches := w.registry, w.matches
	n.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: "courtside", Name: "rooms_active",
			Help: "Room actors active on this node."}, func() float64 { return float64(rooms.Len()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: "courtside", Name: "matches_active",
			Help: "Match actors active on this node."}, func() float64 {
			if matches == nil {
				return 0
			}
			return float64(matches.Len())
		}))
	host, _ := os.Hostname()
	return &admin.NodeMetrics{Gatherer: n.reg, Node: n.nodeURL(), Host: host}
}

// demoReportRoom holds the demo's reported lines: the last demo streamer's room, away from room
// 1001 where tests and newcomers chat first.
const demoReportRoom = "1006"

// seedAdminDemo gives a newcomer's back office queues to work on, once per database: three streamer
// applications waiting for review (with ID pictures), and two chat lines of a demo room
// (demoReportRoom) reported by other demo users, through the room like any report.
func seedAdminDemo(ctx context.Context, anchors *postgres.Anchors, accounts *postgres.Accounts, rooms roomModeration) error {
	now := time.Now()
	if _, err := accounts.UserByUsername(ctx, "demoapplicant1", now); err == nil {
		return nil // seeded already
	}
	applicants := []struct{ name, real, id, phone, intro, content string }{
		{"demoapplicant1", "Lin Mei", "110101199003074514", "+8613800000001", "Basketball commentary in Mandarin, CBA and NBA nights.",
			"Live commentary of CBA games three evenings a week, with a tactics board at half-time."},
		{"demoapplicant2", "Carlos Pérez", "110101198811123456", "+8613800000002", "Football analysis before and during La Liga matches.",
			"A pre-match show an hour before kick-off, then a watch-along with the line-ups and the odds."},
		{"demoapplicant3", "Aiko Tanaka", "110101199512254321", "+8613800000003", "Esports casting: League of Legends and Valorant.",
			"Casting of LPL and VCT Pacific matches, replays of the best rounds on weekends."},
	}
	colors := []color.RGBA{{40, 90, 160, 255}, {60, 140, 90, 255}, {170, 110, 40, 255}}
	for i, a := range applicants {
		id, err := accounts.CreateUser(ctx, postgres.NewUser{Username: a.name, AreaCode: "86", Phone: a.phone}, nil)
		if err != nil {
			return err
		}
		var pics [3]int64
		for k, kind := range []string{"idFront", "idBack", "idHand"} {
			img := idPhoto(colors[(i+k)%len(colors)])
			if pics[k], err = anchors.SaveUpload(ctx, postgres.UploadRow{UserID: id, Kind: kind, ContentType: "image/png",
				Width: 320, Height: 200, Data: img}); err != nil {
				return err
			}
		}
		birth, _ := time.Parse("20060102", a.id[6:14])
		if err := anchors.Submit(ctx, postgres.AnchorRow{UserID: id, RealName: a.real, IDNumber: a.id, Phone: a.phone,
			BirthDate: birth, Intro: a.intro, LiveContent: a.content, IDFront: pics[0], IDBack: pics[1], IDHand: pics[2]},
			now.Add(-time.Duration(3-i)*time.Hour)); err != nil {
			return err
		}
	}
	var users []room.Identity
	for _, name := range []string{"demotroll", "demoviewer1", "demoviewer2"} {
		id, err := accounts.CreateUser(ctx, postgres.NewUser{Username: name}, nil)
		if err != nil {
			return err
		}
		users = append(users, room.Identity{ID: protocol.UserID(id).String(), Name: name, Level: 1})
	}
	lines := []struct {
		text    string
		reasons []string
	}{
		{"Follow my channel for free coins, link in my profile!", []string{"ads", "spam"}},
		{"This referee is blind and everyone here is a clown", []string{"attack", "inappropriate"}},
	}
	for i, l := range lines {
		r, err := rooms.ask(users[0], protocol.ClientMessage{T: protocol.TChat, Room: demoReportRoom, Text: l.text, Nonce: fmt.Sprint("demo", i)})
		if err != nil {
			return err
		}
		msgID := fmt.Sprintf("%s-%d", demoReportRoom, r.Seq)
		for k, reporter := range users[1:] {
			if _, err := rooms.ask(reporter, protocol.ClientMessage{T: protocol.TReport, Room: demoReportRoom, Msg: msgID,
				Reason: l.reasons[k], Nonce: fmt.Sprint("demo-report", i, k)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// idPhoto is a plain 320×200 PNG standing for an ID photo.
func idPhoto(c color.RGBA) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 320, 200))
	for y := 0; y < 200; y++ {
		for x := 0; x < 320; x++ {
			if y > 150 || (x > 20 && x < 110 && y > 30 && y < 130) {
				img.Set(x, y, color.RGBA{230, 230, 230, 255})
			} else {
				img.Set(x, y, c)
			}
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}

// roomModeration sends a staff member's moderation to a room's actor as an administrator's command
// and waits for its acknowledgement (the action is stored by then).
type roomModeration struct {
	system *actor.ActorSystem
	rooms  *room.Registry
	props  func(*actor.Props) *actor.Props // the topology's: a room on another node answers through the codec
}

func (m roomModeration) Moderate(ctx context.Context, staff account.User, id, op, target, msg string, secs int, reason string) error {
	if !protocol.ValidRoomID(id) {
		return admin.ErrBadInput
	}
	_, err := m.ask(room.Identity{ID: staff.UID(), Name: staff.Name(), Level: staff.Level, Admin: true},
		protocol.ClientMessage{T: protocol.TMod, Room: id, Op: op, UID: target, Msg: msg, Secs: secs, Reason: reason, Nonce: "backoffice"})
	return err
}

// streamerRoomRules tells a running room that its streamer changed its member-only flag, as the
// streamer (the room's own rules allow its streamer to).
type streamerRoomRules struct{ roomModeration }

func (r streamerRoomRules) SetMemberOnly(_ context.Context, id string, streamer int64, memberOnly bool) error {
	op := "allViewers"
	if memberOnly {
		op = "membersOnly"
	}
	_, err := r.ask(room.Identity{ID: protocol.UserID(streamer).String()},
		protocol.ClientMessage{T: protocol.TMod, Room: id, Op: op, Nonce: "anchorCenter"})
	return err
}

// ask sends a command to the room of msg.Room as who and waits for the room's answer.
func (m roomModeration) ask(who room.Identity, msg protocol.ClientMessage) (*room.Reply, error) {
	r, err := room.Ask(context.Background(), m.system, m.props, m.rooms.Get(msg.Room), who, msg, 5*time.Second)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if r.Code != 0 {
		return r, fmt.Errorf("engine: room %s refused %s %s: code %d", msg.Room, msg.T, msg.Op, r.Code)
	}
	return r, nil
}

// liveRooms lists the streams live now from the streamer centre.
type liveRooms struct{ anchors *anchor.Service }

func (l liveRooms) LiveRooms(ctx context.Context) ([]admin.LiveRoom, error) {
	if l.anchors == nil {
		return nil, nil
	}
	rows, err := l.anchors.List(ctx, true, 50, 0)
	if err != nil {
		return nil, err
	}
	out := make([]admin.LiveRoom, 0, len(rows))
	for _, r := range rows {
		out = append(out, admin.LiveRoom{Room: r.RoomID, Title: r.Title, Streamer: protocol.UserID(r.UserID).String(), Viewers: r.Viewers})
	}
	return out, nil
}
