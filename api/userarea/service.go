package userarea

import (
	"context"
	"errors"
	"strconv"
	"time"

	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/api/account"
	"courtside/api/notice"
	"courtside/storage/postgres"
)

// Activities: what a user does that earns experience and moves tasks.
const (
	ActWatch  = "watch"  // minutes watched in a live room
	ActChat   = "chat"   // chat lines sent
	ActGift   = "gift"   // gifts sent
	ActFollow = "follow" // streamers followed (read from follows)
	ActBook   = "book"   // matches booked (read from sport_reservations)
)

// Earning is the experience an activity gives per unit and its daily cap.
type Earning struct {
	PerUnit  int64 `json:"perUnit"`
	DailyCap int64 `json:"dailyCap"`
}

// Users loads accounts (the accounts module).
type Users interface {
	UserByID(ctx context.Context, id int64) (account.User, error)
}

// Config of the Service. Zero values are filled by New.
type Config struct {
	Now      func() time.Time // default time.Now
	Location *time.Location   // days and weeks of experience caps and tasks; default UTC+8
	// Earnings per activity (watch, chat, gift); default watch 1/minute up to 60 a day, chat 2/line
	// up to 20, gift 5/gift up to 100.
	Earnings map[string]Earning
	// InviteCoins rewards the inviter (default 50); InviteDailyLimit rewarded invitations per inviter
	// and day (default 5); InviteWindow how old an invitee's account may be (default 7 days).
	InviteCoins      int64
	InviteDailyLimit int64
	InviteWindow     time.Duration
	Queue            int // activity reports waiting for Run; default 4096, more are dropped
	Logger           *zap.Logger
}

// Deps of the Service.
type Deps struct {
	Store   *postgres.UserArea // required
	Users   Users              // required
	Notices notice.Sender      // level-ups and rewards; nil: nobody is told
}

// Service holds the user area's rules. Safe for concurrent use.
type Service struct {
	cfg   Config
	d     Deps
	log   *zap.Logger
	queue chan activity
	spent spentSet
}

type activity struct {
	user int64
	kind string
	n    int64
}

// New builds the Service.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Store == nil || d.Users == nil {
		return nil, errors.New("userarea: a store and the accounts are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = time.FixedZone("UTC+8", 8*3600)
	}
	if cfg.Earnings == nil {
		cfg.Earnings = map[string]Earning{ActWatch: {1, 60}, ActChat: {2, 20}, ActGift: {5, 100}}
	}
	if cfg.InviteCoins == 0 {
		cfg.InviteCoins = 50
	}
	if cfg.InviteDailyLimit == 0 {
		cfg.InviteDailyLimit = 5
	}
	if cfg.InviteWindow == 0 {
		cfg.InviteWindow = 7 * 24 * time.Hour
	}
	if cfg.Queue == 0 {
		cfg.Queue = 4096
	}
	if cfg.Logger == nil {
		cfg.Logger = zap.NewNop()
	}
	return &Service{cfg: cfg, d: d, log: cfg.Logger, queue: make(chan activity, cfg.Queue)}, nil
}

// Activity reports that user (wire form "u<id>") did n units of kind. It never blocks: it is called
// from the realtime path; when the queue is full the report is dropped (experience is best effort).
func (s *Service) Activity(user, kind string, n int64) {
	id, err := protocol.ParseUserID(user)
	if err != nil || n <= 0 {
		return
	}
	select {
	case s.queue <- activity{user: int64(id), kind: kind, n: n}:
	default:
	}
}

// Run applies the reported activity until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case a := <-s.queue:
			c, cancel := context.WithTimeout(ctx, 5*time.Second)
			if err := s.Record(c, a.user, a.kind, a.n); err != nil {
				s.log.Warn("userarea: activity", zap.Int64("user", a.user), zap.String("kind", a.kind), zap.Error(err))
			}
			cancel()
		}
	}
}

// Record applies n units of an activity: experience within the day's cap, and progress of the
// tasks counting it. Once a user has reached the day's cap of an activity and every task counting it
// is at its target, further reports of it that day change nothing: they are answered from memory
// (spent), so a busy chatter costs the database nothing after a few lines.
func (s *Service) Record(ctx context.Context, userID int64, kind string, n int64) error {
	now := s.cfg.Now()
	periods, targets := map[string]string{}, map[string]int64{}
	for _, t := range Tasks {
		if t.Activity == kind {
			periods[t.ID], targets[t.ID] = s.period(t.Period, now), t.Target
		}
	}
	day := s.day(now)
	key := spentKey{user: userID, kind: kind, periods: periodsKey(periods)}
	if s.spent.has(day, key) {
		return nil
	}
	_, capped, err := s.earn(ctx, userID, kind, n, day)
	if err != nil {
		return err
	}
	allDone, err := s.d.Store.AddTaskProgress(ctx, userID, periods, targets, n)
	if err != nil {
		return err
	}
	if capped && allDone {
		s.spent.add(day, key)
	}
	return nil
}

// Earn grants the experience of n units of kind, within the day's cap, and tells the user of a new
// level. It returns the experience granted (0 once the cap is reached).
func (s *Service) Earn(ctx context.Context, userID int64, kind string, n int64) (int64, error) {
	granted, _, err := s.earn(ctx, userID, kind, n, s.day(s.cfg.Now()))
	return granted, err
}

// earn is Earn on a given day; capped: the activity earns nothing more that day (its cap is reached,
// or it earns no experience at all).
func (s *Service) earn(ctx context.Context, userID int64, kind string, n int64, day time.Time) (granted int64, capped bool, err error) {
	e, ok := s.cfg.Earnings[kind]
	if !ok || n <= 0 {
		return 0, true, nil
	}
	points := n * e.PerUnit
	granted, total, err := s.d.Store.AwardExperience(ctx, userID, day, kind, points, e.DailyCap)
	if err != nil {
		return 0, false, err
	}
	if granted > 0 {
		s.levelUp(ctx, userID, total-granted, total)
	}
	return granted, granted < points, nil
}

// levelUp sends a notice for each level reached between two totals (once per level: Dedupe).
func (s *Service) levelUp(ctx context.Context, userID, before, after int64) {
	from, to := account.Level(before), account.Level(after)
	if s.d.Notices == nil || to <= from {
		return
	}
	lv := strconv.Itoa(to)
	if err := s.d.Notices.Send(ctx, notice.Notice{UserID: userID, Kind: notice.KindTask, Key: "userarea.levelUp", Args: []string{lv},
		Link: "/userInfo/levalPower", Dedupe: "level:" + lv}); err != nil {
		s.log.Warn("userarea: level-up notice", zap.Int64("user", userID), zap.Error(err))
	}
}

// day is the calendar day of t in the area's time zone, as a UTC midnight (a date column).
func (s *Service) day(t time.Time) time.Time {
	y, m, d := t.In(s.cfg.Location).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Today is what each activity earned the user today, beside its cap.
type Today struct {
	Source   string `json:"source"`
	Earned   int64  `json:"earned"`
	DailyCap int64  `json:"dailyCap"`
	PerUnit  int64  `json:"perUnit"`
}

// EarnedToday lists today's experience per activity.
func (s *Service) EarnedToday(ctx context.Context, userID int64) ([]Today, error) {
	got, err := s.d.Store.ExperienceToday(ctx, userID, s.day(s.cfg.Now()))
	if err != nil {
		return nil, err
	}
	out := make([]Today, 0, 3)
	for _, k := range []string{ActWatch, ActChat, ActGift} {
		e := s.cfg.Earnings[k]
		out = append(out, Today{Source: k, Earned: got[k], DailyCap: e.DailyCap, PerUnit: e.PerUnit})
	}
	return out, nil
}

// StreamerLive tells the followers of room's streamer, through the message centre, that the room
// went live (once per room and hour: a stream that drops and comes back is one notice). It runs off
// the caller's goroutine.
func (s *Service) StreamerLive(room string) {
	if s.d.Notices == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		name, followers, err := s.d.Store.RoomFollowers(ctx, room, 10000)
		if err != nil {
			s.log.Warn("userarea: followers of a live room", zap.String("room", room), zap.Error(err))
			return
		}
		hour := s.cfg.Now().UTC().Format("2006-01-02T15")
		for _, uid := range followers {
			if err := s.d.Notices.Send(ctx, notice.Notice{UserID: uid, Kind: notice.KindLive, Key: "userarea.streamerLive", Args: []string{name},
				Link: "/live/" + room, Dedupe: "live:" + room + ":" + hour}); err != nil {
				s.log.Warn("userarea: live notice", zap.Int64("user", uid), zap.Error(err))
			}
		}
	}()
}

// MatchStarting tells the users who booked a match, through the message centre, that it started
// (the match actors also tell their open sessions). title is "home vs away"; link the match page.
func (s *Service) MatchStarting(ctx context.Context, users []int64, matchID, home, away, link string) {
	if s.d.Notices == nil {
		return
	}
	for _, uid := range users {
		if err := s.d.Notices.Send(ctx, notice.Notice{UserID: uid, Kind: notice.KindMatch, Key: "userarea.matchStarting", Args: []string{home, away},
			Link: link, Dedupe: "match-start:" + matchID}); err != nil {
			s.log.Warn("userarea: match notice", zap.Int64("user", uid), zap.Error(err))
		}
	}
}
