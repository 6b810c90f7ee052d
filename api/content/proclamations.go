package content

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"courtside/api/audit"
	"courtside/api/locale"
	"courtside/storage/postgres"
)

// Proclamation states, judged against the clock.
const (
	StateScheduled = "scheduled" // its start is still to come
	StateActive    = "active"    // shown now
	StateEnded     = "ended"     // its end has passed
	StateWithdrawn = "withdrawn" // taken down by staff
)

// Levels of a proclamation: how the banner looks.
const (
	LevelInfo    = "info"
	LevelWarning = "warning"
)

// Limits of a proclamation.
const (
	MaxProclamationRunes = 500
	MaxTitleRunes        = 100
	MaxLinkLen           = 500
)

// Proclamation is a proclamation as staff and users see it. Times are unix ms; EndTime 0: until
// withdrawn.
type Proclamation struct {
	ID        int64  `json:"id"`
	Lang      string `json:"lang"` // "" for every language
	Title     string `json:"title"`
	Content   string `json:"content"`
	Link      string `json:"link"`
	Level     string `json:"level"`
	StartTime int64  `json:"startTime"`
	EndTime   int64  `json:"endTime"`
	State     string `json:"state,omitempty"` // staff views only
	Withdrawn int64  `json:"withdrawnTime,omitempty"`
	UpdatedBy int64  `json:"-"`
}

// ProclamationInput is what staff send to create (ID 0) or change a proclamation.
type ProclamationInput struct {
	ID      int64
	Lang    string // "" for every language
	Title   string
	Content string
	Link    string
	Level   string    // "" is info
	Start   time.Time // zero: now
	End     time.Time // zero: until withdrawn
}

// StateAt is the state of p at now.
func StateAt(p postgres.Proclamation, now time.Time) string {
	switch {
	case !p.WithdrawnAt.IsZero():
		return StateWithdrawn
	case p.StartsAt.After(now):
		return StateScheduled
	case !p.EndsAt.IsZero() && !p.EndsAt.After(now):
		return StateEnded
	}
	return StateActive
}

func view(p postgres.Proclamation, state string) Proclamation {
	v := Proclamation{ID: p.ID, Lang: p.Lang, Title: p.Title, Content: p.Body, Link: p.Link, Level: p.Level,
		StartTime: p.StartsAt.UnixMilli(), State: state, UpdatedBy: p.UpdatedBy}
	if !p.EndsAt.IsZero() {
		v.EndTime = p.EndsAt.UnixMilli()
	}
	if !p.WithdrawnAt.IsZero() {
		v.Withdrawn = p.WithdrawnAt.UnixMilli()
	}
	return v
}

// ValidLink reports whether a proclamation may link to l: a path of this site ("/live/1001", not
// "//host") or an https address. Anything else (javascript:, http:, data:) is refused, so a banner
// can never run script or send readers to an unencrypted page.
func ValidLink(l string) bool {
	if l == "" {
		return true
	}
	if len(l) > MaxLinkLen || strings.ContainsAny(l, " \t\r\n\\<>\"'") {
		return false
	}
	if strings.HasPrefix(l, "/") {
		return !strings.HasPrefix(l, "//")
	}
	u, err := url.Parse(l)
	return err == nil && u.Scheme == "https" && u.Host != ""
}

// checkProclamation applies the rules to in at now; it returns the row to store (start filled).
func checkProclamation(in ProclamationInput, now time.Time) (postgres.Proclamation, error) {
	p := postgres.Proclamation{ID: in.ID, Lang: in.Lang, Title: strings.TrimSpace(in.Title), Body: strings.TrimSpace(in.Content),
		Link: strings.TrimSpace(in.Link), Level: in.Level, StartsAt: in.Start, EndsAt: in.End}
	if p.Lang != "" && !locale.Supported(p.Lang) {
		return p, ErrLang
	}
	if n := utf8.RuneCountInString(p.Body); n == 0 || n > MaxProclamationRunes {
		return p, ErrText.WithArgs(MaxProclamationRunes)
	}
	if utf8.RuneCountInString(p.Title) > MaxTitleRunes {
		return p, ErrTitle.WithArgs(MaxTitleRunes)
	}
	if !ValidLink(p.Link) {
		return p, ErrLink
	}
	switch p.Level {
	case "":
		p.Level = LevelInfo
	case LevelInfo, LevelWarning:
	default:
		return p, ErrLevel
	}
	if p.StartsAt.IsZero() {
		p.StartsAt = now
	}
	// Stored to the millisecond, as the client sends and reads times.
	p.StartsAt = p.StartsAt.Truncate(time.Millisecond)
	if !p.EndsAt.IsZero() {
		p.EndsAt = p.EndsAt.Truncate(time.Millisecond)
		// An end must follow the start and be still to come: a proclamation that would never show is a
		// mistake, not a schedule.
		if !p.EndsAt.After(p.StartsAt) || !p.EndsAt.After(now) {
			return p, ErrWindow
		}
	}
	return p, nil
}

func proclSummary(p *postgres.Proclamation, now time.Time) any {
	if p == nil {
		return nil
	}
	m := map[string]any{"lang": p.Lang, "title": p.Title, "content": p.Body, "link": p.Link, "level": p.Level,
		"start": p.StartsAt.UTC(), "state": StateAt(*p, now)}
	if !p.EndsAt.IsZero() {
		m["end"] = p.EndsAt.UTC()
	}
	return m
}

// SaveProclamation creates a proclamation (in.ID 0) or changes one that is scheduled or active; a
// withdrawn or ended one answers ErrState (publish a new one instead, so what readers saw stays on
// record).
func (s *Service) SaveProclamation(ctx context.Context, a Actor, in ProclamationInput) (Proclamation, error) {
	now := s.Now()
	p, err := checkProclamation(in, now)
	if err != nil {
		return Proclamation{}, err
	}
	p.UpdatedBy, p.UpdatedAt = a.ID, now
	var before *postgres.Proclamation
	action := "proclamation.create"
	if in.ID != 0 {
		old, err := s.store.Proclamation(ctx, in.ID)
		if err != nil {
			return Proclamation{}, storeErr(err)
		}
		if st := StateAt(old, now); st == StateWithdrawn || st == StateEnded {
			return Proclamation{}, ErrState
		}
		before, action = &old, "proclamation.update"
	}
	out, err := s.store.SaveProclamation(ctx, p)
	if err != nil {
		return Proclamation{}, storeErr(err)
	}
	s.record(ctx, a, audit.Entry{Action: action, TargetKind: "proclamation", TargetID: strconv.FormatInt(out.ID, 10),
		Before: proclSummary(before, now), After: proclSummary(&out, now)})
	return view(out, StateAt(out, now)), nil
}

// WithdrawProclamation takes a scheduled or active proclamation down at once; reason is required
// (it is the audit log's). One withdrawn already or ended answers ErrState.
func (s *Service) WithdrawProclamation(ctx context.Context, a Actor, id int64, reason string) (Proclamation, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > 500 {
		return Proclamation{}, ErrReason
	}
	now := s.Now()
	old, err := s.store.Proclamation(ctx, id)
	if err != nil {
		return Proclamation{}, storeErr(err)
	}
	if StateAt(old, now) == StateEnded {
		return Proclamation{}, ErrState
	}
	out, done, err := s.store.WithdrawProclamation(ctx, id, a.ID, now)
	if err != nil {
		return Proclamation{}, storeErr(err)
	}
	if !done {
		return Proclamation{}, ErrState
	}
	s.record(ctx, a, audit.Entry{Action: "proclamation.withdraw", TargetKind: "proclamation", TargetID: strconv.FormatInt(id, 10),
		Before: proclSummary(&old, now), After: proclSummary(&out, now), Reason: reason})
	return view(out, StateWithdrawn), nil
}

// ProclamationQuery narrows the staff's list.
type ProclamationQuery struct {
	State  string // "", or one of the states
	Lang   string // "": any; "all": those for every language; else a locale
	Limit  int
	Offset int
}

// Proclamations lists proclamations for staff, newest first, with their state now.
func (s *Service) Proclamations(ctx context.Context, q ProclamationQuery) ([]Proclamation, int, error) {
	switch q.State {
	case "", StateScheduled, StateActive, StateEnded, StateWithdrawn:
	default:
		return nil, 0, ErrInvalid
	}
	lang := "-"
	switch {
	case q.Lang == "":
	case q.Lang == "all":
		lang = ""
	case locale.Supported(q.Lang):
		lang = q.Lang
	default:
		return nil, 0, ErrLang
	}
	now := s.Now()
	rows, total, err := s.store.ListProclamations(ctx, postgres.ProclamationFilter{State: q.State, Lang: lang, At: now, Limit: q.Limit, Offset: q.Offset})
	if err != nil {
		return nil, 0, err
	}
	out := make([]Proclamation, len(rows))
	for i, r := range rows {
		out[i] = view(r, StateAt(r, now))
	}
	return out, total, nil
}

// Current is the proclamation shown now to a reader of lang: the active one of that language or of
// every language that started last. For a signed-in user (userID > 0) the ones they dismissed are
// skipped, so an older one still active shows instead; skip are more ids to leave out (a guest's
// dismissals, kept in their browser). ok false: nothing to show.
func (s *Service) Current(ctx context.Context, lang string, userID int64, skip ...int64) (p Proclamation, ok bool, err error) {
	if !locale.Supported(lang) {
		lang = locale.Fallback
	}
	const look = 20 // active at once is a handful; a reader dismissing more than this sees nothing
	rows, err := s.store.LiveProclamations(ctx, []string{lang, ""}, s.Now(), look)
	if err != nil || len(rows) == 0 {
		return Proclamation{}, false, err
	}
	gone := map[int64]bool{}
	if userID > 0 {
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		if gone, err = s.store.Dismissed(ctx, userID, ids); err != nil {
			return Proclamation{}, false, err
		}
	}
	for _, id := range skip {
		gone[id] = true
	}
	for _, r := range rows {
		if !gone[r.ID] {
			v := view(r, "")
			return v, true, nil
		}
	}
	return Proclamation{}, false, nil
}

// Dismiss records that a signed-in user closed proclamation id: it no longer shows to them on any
// device. Closing it again is fine; an unknown id answers ErrNotFound.
func (s *Service) Dismiss(ctx context.Context, userID, id int64) error {
	if id <= 0 {
		return ErrNotFound
	}
	return storeErr(s.store.Dismiss(ctx, userID, id, s.Now()))
}
