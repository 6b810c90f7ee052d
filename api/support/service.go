package support

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"courtside/actors/protocol"
	"courtside/api/audit"
	"courtside/api/notice"
	"courtside/storage/postgres"
)

// Categories are what a message to support is about (the help centre's sections; the web client
// names them in locales/support).
var Categories = []string{"coins", "recharge", "membership", "gifts", "streaming", "chat", "experts", "account", "other"}

// States of a ticket.
const (
	StateOpen     = "open"     // waiting for staff
	StateAnswered = "answered" // staff wrote last
	StateClosed   = "closed"   // no more messages
)

// Store is what the service needs of storage/postgres SupportStore.
type Store interface {
	CreateTicket(ctx context.Context, t postgres.SupportTicketRow, body string, since time.Time, max int) (postgres.SupportTicketRow, error)
	Ticket(ctx context.Context, id int64) (postgres.SupportTicketRow, error)
	Messages(ctx context.Context, ticketID int64) ([]postgres.SupportMessageRow, error)
	UserTickets(ctx context.Context, userID int64, limit int) ([]postgres.SupportTicketRow, error)
	Queue(ctx context.Context, state string, limit, offset int) ([]postgres.SupportTicketRow, int, error)
	AddMessage(ctx context.Context, m postgres.SupportMessageRow, state string, closeIt bool, max int) (postgres.SupportTicketRow, error)
	Close(ctx context.Context, id, by int64, now time.Time) (postgres.SupportTicketRow, bool, error)
}

var _ Store = (*postgres.SupportStore)(nil)

// Config of the Service; New fills zero values with the defaults.
type Config struct {
	Now         func() time.Time // default time.Now
	PerHour     int              // tickets a user may open an hour; default 5
	SubjectMin  int              // characters; default 4
	SubjectMax  int              // default 100
	MessageMin  int              // default 10
	MessageMax  int              // default 2000
	MaxMessages int              // messages in one thread; default 50
	ListMax     int              // a user's tickets listed; default 50
}

func (c *Config) fill() {
	if c.Now == nil {
		c.Now = time.Now
	}
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.PerHour, 5)
	def(&c.SubjectMin, 4)
	def(&c.SubjectMax, 100)
	def(&c.MessageMin, 10)
	def(&c.MessageMax, 2000)
	def(&c.MaxMessages, 50)
	def(&c.ListMax, 50)
}

// Deps are the service's collaborators; only Store is required.
type Deps struct {
	Store   Store
	Notices notice.Sender  // the user's message centre; nil: nobody is told
	Audit   audit.Recorder // staff's answers and closes; nil: not recorded (tests only)
	// Names gives a staff member's name for the back office's thread (nil: ids only).
	Names func(ctx context.Context, userID int64) string
}

// Service holds customer service's rules.
type Service struct {
	cfg Config
	d   Deps
}

// New builds the Service.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Store == nil {
		return nil, errors.New("support: Deps.Store is required")
	}
	cfg.fill()
	return &Service{cfg: cfg, d: d}, nil
}

// Limits are the form's limits, for the client to show before it sends.
type Limits struct {
	Categories []string `json:"categories"`
	SubjectMin int      `json:"subjectMin"`
	SubjectMax int      `json:"subjectMax"`
	MessageMin int      `json:"messageMin"`
	MessageMax int      `json:"messageMax"`
	PerHour    int      `json:"perHour"`
}

// Limits returns the form's limits.
func (s *Service) Limits() Limits {
	return Limits{Categories: Categories, SubjectMin: s.cfg.SubjectMin, SubjectMax: s.cfg.SubjectMax,
		MessageMin: s.cfg.MessageMin, MessageMax: s.cfg.MessageMax, PerHour: s.cfg.PerHour}
}

// Message is one message of a thread.
type Message struct {
	ID    int64 `json:"id"`
	Staff bool  `json:"staff"`
	// Author is the staff member's name in the back office's view ("" in the user's: support
	// answers as one team).
	Author string `json:"author,omitempty"`
	Body   string `json:"body"`
	Time   int64  `json:"time"` // unix ms
}

// Ticket is a ticket as both views show it; Thread is filled when one ticket is read.
type Ticket struct {
	ID         int64     `json:"id"`
	UserID     string    `json:"userId"`
	UserName   string    `json:"userName,omitempty"`
	Category   string    `json:"category"`
	Subject    string    `json:"subject"`
	Lang       string    `json:"lang"`
	State      string    `json:"state"`
	CreateTime int64     `json:"createTime"`
	UpdateTime int64     `json:"updateTime"`
	CloseTime  int64     `json:"closeTime,omitempty"`
	Messages   int       `json:"messages"`
	Thread     []Message `json:"thread,omitempty"`
}

func toTicket(r postgres.SupportTicketRow) Ticket {
	t := Ticket{ID: r.ID, UserID: protocol.UserID(r.UserID).String(), UserName: r.UserName, Category: r.Category,
		Subject: r.Subject, Lang: r.Lang, State: r.State, CreateTime: r.CreatedAt.UnixMilli(),
		UpdateTime: r.UpdatedAt.UnixMilli(), Messages: r.Messages}
	if !r.ClosedAt.IsZero() {
		t.CloseTime = r.ClosedAt.UnixMilli()
	}
	return t
}

// NewTicket is what a user sends.
type NewTicket struct {
	Category string `json:"category"`
	Subject  string `json:"subject"`
	Message  string `json:"message"`
}

// clean trims text, turns CR LF into LF and drops other control characters but tabs and newlines.
func clean(text string) string {
	text = strings.ReplaceAll(strings.TrimSpace(text), "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return -1
	}, text)
}

func (s *Service) checkMessage(text string) (string, error) {
	text = clean(text)
	if n := len([]rune(text)); n < s.cfg.MessageMin || n > s.cfg.MessageMax {
		return "", ErrBadMessage.WithArgs(s.cfg.MessageMin, s.cfg.MessageMax)
	}
	return text, nil
}

// Validate checks a new ticket and returns it cleaned (the subject on one line).
func (s *Service) Validate(in NewTicket) (NewTicket, error) {
	if !slices.Contains(Categories, in.Category) {
		return in, ErrBadCategory
	}
	in.Subject = strings.Join(strings.Fields(clean(in.Subject)), " ")
	if n := len([]rune(in.Subject)); n < s.cfg.SubjectMin || n > s.cfg.SubjectMax {
		return in, ErrBadSubject.WithArgs(s.cfg.SubjectMin, s.cfg.SubjectMax)
	}
	msg, err := s.checkMessage(in.Message)
	if err != nil {
		return in, err
	}
	in.Message = msg
	return in, nil
}

// Create opens a ticket for userID, written in lang, after the checks and the hourly limit.
func (s *Service) Create(ctx context.Context, userID int64, lang string, in NewTicket) (Ticket, error) {
	in, err := s.Validate(in)
	if err != nil {
		return Ticket{}, err
	}
	now := s.cfg.Now()
	row, err := s.d.Store.CreateTicket(ctx, postgres.SupportTicketRow{UserID: userID, Category: in.Category,
		Subject: in.Subject, Lang: lang, CreatedAt: now}, in.Message, now.Add(-time.Hour), s.cfg.PerHour)
	if errors.Is(err, postgres.ErrSupportRateLimited) {
		return Ticket{}, ErrTooMany.WithArgs(s.cfg.PerHour)
	}
	if err != nil {
		return Ticket{}, err
	}
	return s.read(ctx, row, false)
}

// Mine lists userID's tickets, newest first (no threads).
func (s *Service) Mine(ctx context.Context, userID int64) ([]Ticket, error) {
	rows, err := s.d.Store.UserTickets(ctx, userID, s.cfg.ListMax)
	if err != nil {
		return nil, err
	}
	out := make([]Ticket, len(rows))
	for i, r := range rows {
		out[i] = toTicket(r)
	}
	return out, nil
}

// own reads ticket id of userID: another user's ticket is ErrNotFound.
func (s *Service) own(ctx context.Context, userID, id int64) (postgres.SupportTicketRow, error) {
	row, err := s.d.Store.Ticket(ctx, id)
	if err != nil {
		return row, storeErr(err)
	}
	if row.UserID != userID {
		return postgres.SupportTicketRow{}, ErrNotFound
	}
	return row, nil
}

// read is the ticket of row with its thread; staff see who answered.
func (s *Service) read(ctx context.Context, row postgres.SupportTicketRow, staff bool) (Ticket, error) {
	msgs, err := s.d.Store.Messages(ctx, row.ID)
	if err != nil {
		return Ticket{}, err
	}
	t := toTicket(row)
	t.Thread = make([]Message, len(msgs))
	names := map[int64]string{}
	for i, m := range msgs {
		t.Thread[i] = Message{ID: m.ID, Staff: m.Staff, Body: m.Body, Time: m.CreatedAt.UnixMilli()}
		if staff && m.Staff && s.d.Names != nil {
			if _, ok := names[m.AuthorID]; !ok {
				names[m.AuthorID] = s.d.Names(ctx, m.AuthorID)
			}
			t.Thread[i].Author = names[m.AuthorID]
		}
	}
	return t, nil
}

// Get is userID's ticket id with its thread.
func (s *Service) Get(ctx context.Context, userID, id int64) (Ticket, error) {
	row, err := s.own(ctx, userID, id)
	if err != nil {
		return Ticket{}, err
	}
	return s.read(ctx, row, false)
}

// Reply adds the user's message to their ticket: it waits for staff again.
func (s *Service) Reply(ctx context.Context, userID, id int64, text string) (Ticket, error) {
	if _, err := s.own(ctx, userID, id); err != nil {
		return Ticket{}, err
	}
	text, err := s.checkMessage(text)
	if err != nil {
		return Ticket{}, err
	}
	row, err := s.d.Store.AddMessage(ctx, postgres.SupportMessageRow{TicketID: id, AuthorID: userID, Body: text,
		CreatedAt: s.cfg.Now()}, StateOpen, false, s.cfg.MaxMessages)
	if err != nil {
		return Ticket{}, storeErr(err)
	}
	return s.read(ctx, row, false)
}

// Close closes the user's own ticket (their question is solved); closing it again is fine.
func (s *Service) Close(ctx context.Context, userID, id int64) (Ticket, error) {
	if _, err := s.own(ctx, userID, id); err != nil {
		return Ticket{}, err
	}
	row, _, err := s.d.Store.Close(ctx, id, userID, s.cfg.Now())
	if err != nil {
		return Ticket{}, storeErr(err)
	}
	return s.read(ctx, row, false)
}

// Staff is the staff member acting, for the audit log.
type Staff = audit.Actor

// Queue is a page of tickets for staff: state "" or "all" for every state.
func (s *Service) Queue(ctx context.Context, state string, limit, offset int) ([]Ticket, int, error) {
	if state == "all" {
		state = ""
	}
	if state != "" && state != StateOpen && state != StateAnswered && state != StateClosed {
		return nil, 0, ErrBadState
	}
	rows, total, err := s.d.Store.Queue(ctx, state, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Ticket, len(rows))
	for i, r := range rows {
		out[i] = toTicket(r)
	}
	return out, total, nil
}

// StaffGet is any ticket with its thread and who answered.
func (s *Service) StaffGet(ctx context.Context, id int64) (Ticket, error) {
	row, err := s.d.Store.Ticket(ctx, id)
	if err != nil {
		return Ticket{}, storeErr(err)
	}
	return s.read(ctx, row, true)
}

// Answer is staff's reply to a ticket (closeIt: and close it); the user is told in their message
// centre, in the language they wrote in, and the answer is audited.
func (s *Service) Answer(ctx context.Context, by Staff, id int64, text string, closeIt bool) (Ticket, error) {
	text, err := s.checkMessage(text)
	if err != nil {
		return Ticket{}, err
	}
	before, err := s.d.Store.Ticket(ctx, id)
	if err != nil {
		return Ticket{}, storeErr(err)
	}
	row, err := s.d.Store.AddMessage(ctx, postgres.SupportMessageRow{TicketID: id, AuthorID: by.ID, Staff: true, Body: text,
		CreatedAt: s.cfg.Now()}, StateAnswered, closeIt, s.cfg.MaxMessages)
	if err != nil {
		return Ticket{}, storeErr(err)
	}
	s.audit(ctx, by, "support.reply", before, row, "")
	s.notify(ctx, row, "support.notice.answered", fmt.Sprintf("support-%d-%d", row.ID, row.Messages))
	return s.read(ctx, row, true)
}

// StaffClose closes a ticket with a reason for the audit log; the user is told.
func (s *Service) StaffClose(ctx context.Context, by Staff, id int64, reason string) (Ticket, error) {
	before, err := s.d.Store.Ticket(ctx, id)
	if err != nil {
		return Ticket{}, storeErr(err)
	}
	row, changed, err := s.d.Store.Close(ctx, id, by.ID, s.cfg.Now())
	if err != nil {
		return Ticket{}, storeErr(err)
	}
	if changed {
		s.audit(ctx, by, "support.close", before, row, strings.TrimSpace(reason))
		s.notify(ctx, row, "support.notice.closed", fmt.Sprintf("support-%d-closed", row.ID))
	}
	return s.read(ctx, row, true)
}

func (s *Service) audit(ctx context.Context, by Staff, action string, before, after postgres.SupportTicketRow, reason string) {
	if s.d.Audit == nil {
		return
	}
	state := func(r postgres.SupportTicketRow) map[string]any {
		return map[string]any{"state": r.State, "messages": r.Messages, "user": protocol.UserID(r.UserID).String(), "subject": r.Subject}
	}
	_ = s.d.Audit.Record(ctx, audit.Entry{ActorID: by.ID, Action: action, TargetKind: "ticket", TargetID: fmt.Sprint(after.ID),
		Before: state(before), After: state(after), Reason: reason, IP: by.IP})
}

// notify tells the ticket's user (best effort: the thread is the record).
func (s *Service) notify(ctx context.Context, t postgres.SupportTicketRow, key, dedupe string) {
	if s.d.Notices == nil {
		return
	}
	_ = s.d.Notices.Send(ctx, notice.Notice{UserID: t.UserID, Kind: notice.KindSystem, Key: key, Args: []string{t.Subject},
		Link: fmt.Sprintf("/salesmartly?ticket=%d", t.ID), Dedupe: dedupe})
}
