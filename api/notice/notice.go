package notice

import (
	"context"
	"errors"
	"time"

	"courtside/actors/protocol"
	"courtside/actors/session"
	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// Kinds of notices (what the message centre's tabs filter on).
const (
	KindSystem = "system" // announcements, account events
	KindOrder  = "order"  // shop orders, recharges, refunds
	KindReview = "review" // applications and plans reviewed, posts approved
	KindReply  = "reply"  // replies to one's comments
	KindMatch  = "match"  // a booked match starting
	KindLive   = "live"   // a followed streamer going live, a reserved broadcast starting
	KindTask   = "task"   // a task done, a level reached, an invitation rewarded
)

// Notice is one notice for one user. Key is a message key of api/locale with its Args (strings, so
// the message can be formatted in any language when listed); Link is where it leads on the site.
type Notice struct {
	UserID int64
	Kind   string
	Key    string
	Args   []string
	Link   string
	// Dedupe, when set, makes Send idempotent for this user: a retried sender stores one notice.
	Dedupe string
}

// Sender is what another area needs to send notices; *Service implements it.
type Sender interface {
	Send(ctx context.Context, n Notice) error
}

// Pusher reaches a user's open connections on every node (session.Users).
type Pusher interface {
	Notify(uid string, n *session.Notice)
}

// Translator formats a message key in a language (locale.Message).
type Translator func(lang, key string, args ...any) string

// Config of the Service.
type Config struct {
	Now func() time.Time // default time.Now
}

// Quiet tells whether a user turned off live pushes of a kind of notice (their notification
// settings, /userInfo/preferences). A quiet notice is stored and counted, not pushed.
type Quiet func(ctx context.Context, userID int64, kind string) bool

// Deps of the Service.
type Deps struct {
	Store     *postgres.Notices // required
	Push      Pusher            // nil: notices are only listed
	Translate Translator        // required
	Quiet     Quiet             // nil: every notice is pushed
}

// Service is the message centre.
type Service struct {
	cfg Config
	d   Deps
}

var _ Sender = (*Service)(nil)

// ErrBadNotice: a notice without a user, a kind or a key (a programming error of the sender).
var ErrBadNotice = errors.New("notice: a notice needs a user, a kind and a key")

// New builds the message centre.
func New(cfg Config, d Deps) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg, d: d}
}

// pushFrame is the `notice` frame of the message centre (docs/protocol.md): a new notice, and how
// many are unread now.
type pushFrame struct {
	T      string `json:"t"`
	Key    string `json:"key"`
	Kind   string `json:"kind"`
	ID     int64  `json:"id"`
	Unread int    `json:"unread"`
	Link   string `json:"link,omitempty"`
}

// Send stores n (once per Dedupe key) and pushes it to the user's open connections.
func (s *Service) Send(ctx context.Context, n Notice) error {
	if n.UserID <= 0 || n.Kind == "" || n.Key == "" {
		return ErrBadNotice
	}
	id, added, err := s.d.Store.Add(ctx, postgres.NoticeRow{UserID: n.UserID, Kind: n.Kind, Key: n.Key, Args: n.Args,
		Link: n.Link, CreatedAt: s.cfg.Now()}, n.Dedupe)
	if err != nil || !added {
		return err
	}
	if s.d.Quiet != nil && s.d.Quiet(ctx, n.UserID, n.Kind) {
		return nil
	}
	s.push(ctx, n.UserID, pushFrame{T: "notice", Key: "inbox.new", Kind: n.Kind, ID: id, Link: n.Link})
	return nil
}

// push tells the user's connections, with the unread count (best effort: the list is the record).
func (s *Service) push(ctx context.Context, userID int64, f pushFrame) {
	if s.d.Push == nil {
		return
	}
	if n, err := s.d.Store.Unread(ctx, userID); err == nil {
		f.Unread = n
	}
	s.d.Push.Notify(protocol.UserID(userID).String(), &session.Notice{Payload: protocol.Encode(&f)})
}

// Item is a notice as the message centre lists it, in the reader's language.
type Item struct {
	ID     int64  `json:"id"`
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	Link   string `json:"link,omitempty"`
	Time   int64  `json:"time"` // unix ms
	Unread bool   `json:"unread"`
}

// Page is one page of the message centre.
type Page struct {
	List   []Item `json:"list"`
	Unread int    `json:"unread"`
	// Next is the cursor of the following page (the last id listed), 0 when this is the last.
	Next int64 `json:"next"`
}

// List is a page of userID's notices in lang, newest first, older than before (0: from the newest).
func (s *Service) List(ctx context.Context, userID int64, lang string, before int64, size int, unreadOnly bool) (Page, error) {
	if size <= 0 || size > 100 {
		size = 20
	}
	if before < 0 {
		return Page{}, errcode.New(errcode.Format)
	}
	rows, err := s.d.Store.List(ctx, userID, before, size+1, unreadOnly)
	if err != nil {
		return Page{}, err
	}
	p := Page{List: make([]Item, 0, min(len(rows), size))}
	for i, r := range rows {
		if i == size {
			p.Next = rows[size-1].ID
			break
		}
		args := make([]any, len(r.Args))
		for j, a := range r.Args {
			args[j] = a
		}
		p.List = append(p.List, Item{ID: r.ID, Kind: r.Kind, Text: s.d.Translate(lang, r.Key, args...), Link: r.Link,
			Time: r.CreatedAt.UnixMilli(), Unread: r.ReadAt.IsZero()})
	}
	if p.Unread, err = s.d.Store.Unread(ctx, userID); err != nil {
		return Page{}, err
	}
	return p, nil
}

// Unread counts userID's unread notices (the header's badge).
func (s *Service) Unread(ctx context.Context, userID int64) (int, error) {
	return s.d.Store.Unread(ctx, userID)
}

// MarkRead marks ids (all, when empty) read for userID and tells every device, so a badge cleared
// on one clears on all.
func (s *Service) MarkRead(ctx context.Context, userID int64, ids []int64) (int, error) {
	if len(ids) > 500 {
		return 0, errcode.New(errcode.Format)
	}
	if _, err := s.d.Store.MarkRead(ctx, userID, ids, s.cfg.Now()); err != nil {
		return 0, err
	}
	n, err := s.d.Store.Unread(ctx, userID)
	if err != nil {
		return 0, err
	}
	if s.d.Push != nil {
		s.d.Push.Notify(protocol.UserID(userID).String(), &session.Notice{Payload: protocol.Encode(&pushFrame{T: "notice", Key: "inbox.read", Unread: n})})
	}
	return n, nil
}
