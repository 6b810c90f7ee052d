package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"courtside/storage/postgres"
)

// Entry is one staff action.
type Entry struct {
	ActorID   int64  // the staff member; 0 for an automatic action of the system
	ActorName string // their username at the time
	// Action names what was done, area.verb: user.ban, user.mute, anchor.approve, order.refund,
	// report.dismiss, product.update, ...
	Action     string
	TargetKind string // user, room, application, order, report, plan, product, article, ...
	TargetID   string
	// Before and After are the target's state around the action (any value that encodes as JSON;
	// nil: not applicable).
	Before, After any
	Reason        string
	IP            string
}

// Actor is the staff member doing an action and the address they did it from, as an area's
// service takes it and copies it into Entry.ActorID and Entry.IP. The areas' handlers build it from
// the request: audit.Actor{ID: uid, IP: r.IP()}.
type Actor struct {
	ID int64
	IP string
}

// Record is an entry as read back.
type Record struct {
	ID         int64           `json:"id"`
	At         time.Time       `json:"-"`
	Time       int64           `json:"time"` // unix ms
	ActorID    int64           `json:"actorId"`
	ActorName  string          `json:"actorName"`
	Action     string          `json:"action"`
	TargetKind string          `json:"targetKind"`
	TargetID   string          `json:"targetId"`
	Before     json.RawMessage `json:"before,omitempty"`
	After      json.RawMessage `json:"after,omitempty"`
	Reason     string          `json:"reason"`
	IP         string          `json:"ip,omitempty"`
}

// Filter narrows a read; zero fields do not filter. Action may be a prefix ending in "." (user.).
type Filter struct {
	ActorID    int64
	Action     string
	TargetKind string
	TargetID   string
	From, To   time.Time
	BeforeID   int64 // pages backwards: entries older than this id
	Limit      int   // 1..200, default 50
}

// Recorder is what an area needs to write the log; *Service implements it.
type Recorder interface {
	Record(ctx context.Context, e Entry) error
}

// Config of the Service.
type Config struct {
	Now func() time.Time // default time.Now
	// Names fills ActorName when an area records an entry with the actor's id alone (the streamer
	// centre knows no usernames); nil: left empty.
	Names func(ctx context.Context, userID int64) string
}

// Service writes and reads the audit log.
type Service struct {
	now   func() time.Time
	names func(ctx context.Context, userID int64) string
	store *postgres.AuditLog
}

var _ Recorder = (*Service)(nil)

// New makes the log over store.
func New(cfg Config, store *postgres.AuditLog) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{now: cfg.Now, names: cfg.Names, store: store}
}

// Record appends e, stamped with the service's clock.
func (s *Service) Record(ctx context.Context, e Entry) error {
	if e.Action == "" {
		return fmt.Errorf("audit: an entry needs an action")
	}
	if e.ActorName == "" && e.ActorID != 0 && s.names != nil {
		e.ActorName = s.names(ctx, e.ActorID)
	}
	before, err := encode(e.Before)
	if err != nil {
		return err
	}
	after, err := encode(e.After)
	if err != nil {
		return err
	}
	_, err = s.store.Append(ctx, postgres.AuditEntry{At: s.now(), ActorID: e.ActorID, ActorName: e.ActorName,
		Action: e.Action, TargetKind: e.TargetKind, TargetID: e.TargetID, Before: before, After: after,
		Reason: e.Reason, IP: e.IP})
	return err
}

// List reads the entries f selects, newest first.
func (s *Service) List(ctx context.Context, f Filter) ([]Record, error) {
	rows, err := s.store.List(ctx, postgres.AuditFilter{ActorID: f.ActorID, Action: f.Action, TargetKind: f.TargetKind,
		TargetID: f.TargetID, From: f.From, To: f.To, BeforeID: f.BeforeID, Limit: f.Limit})
	if err != nil {
		return nil, err
	}
	out := make([]Record, len(rows))
	for i, r := range rows {
		out[i] = Record{ID: r.ID, At: r.At, Time: r.At.UnixMilli(), ActorID: r.ActorID, ActorName: r.ActorName,
			Action: r.Action, TargetKind: r.TargetKind, TargetID: r.TargetID, Before: r.Before, After: r.After,
			Reason: r.Reason, IP: r.IP}
	}
	return out, nil
}

func encode(v any) (json.RawMessage, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("audit: encode state: %w", err)
	}
	return b, nil
}
