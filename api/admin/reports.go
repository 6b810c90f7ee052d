package admin

import (
	"context"
	"errors"
	"strings"

	jsoniter "github.com/json-iterator/go"

	"courtside/actors/protocol"
	"courtside/api/audit"
	"courtside/storage/history"
	"courtside/storage/postgres"
)

// ContextLines is how many lines on each side of a reported line the queue shows.
const ContextLines = 3

// Report is one reported chat line with every open report of it (grouped), the line itself, the lines
// around it, who reported it and who wrote it.
type Report struct {
	Room      string   `json:"room"`
	MessageID string   `json:"messageId"`
	Count     int      `json:"count"`   // reports of this line
	Reasons   []string `json:"reasons"` // spec §6 reasons, most frequent first
	Reporters []Person `json:"reporters"`
	Reported  *Person  `json:"reported"` // the line's author (nil: the line is not in the history)
	Line      *Line    `json:"line"`
	Context   []Line   `json:"context"` // the line and ContextLines on each side, oldest first
	First     int64    `json:"first"`   // unix ms of the first report
	Last      int64    `json:"last"`
	Status    string   `json:"status"` // open, actioned, dismissed
	Result    string   `json:"result,omitempty"`
	HandledBy string   `json:"handledBy,omitempty"`
	Handled   int64    `json:"handled,omitempty"`
}

// Person is a user as the queue names them.
type Person struct {
	UserID string `json:"userId"`
	Name   string `json:"name"`
}

// Line is one chat line.
type Line struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	UserID   string `json:"userId"`
	Name     string `json:"name"`
	Text     string `json:"text"`
	Time     int64  `json:"time"`
	Deleted  bool   `json:"deleted"`
	Reported bool   `json:"reported"`
}

// ReportPage is one page of the queue.
type ReportPage struct {
	List  []Report `json:"list"`
	Total int      `json:"total"`
}

func lineOf(ev history.Event) Line {
	var e protocol.Event
	_ = jsoniter.Unmarshal(ev.Payload, &e)
	return Line{ID: ev.ID, Kind: ev.Kind, UserID: e.UID, Name: e.Name, Text: e.Text, Time: ev.Time, Deleted: ev.Deleted}
}

// person names user id ("u<id>"; a guest or an unknown account keeps its id as its name).
func (s *Service) person(ctx context.Context, id string) Person {
	p := Person{UserID: id, Name: id}
	if uid, err := protocol.ParseUserID(id); err == nil {
		if u, err := s.d.Accounts.UserByID(ctx, int64(uid)); err == nil {
			p.Name = u.Name()
		}
	}
	return p
}

// Reports is a page of the queue: reported lines whose reports are in status (open by default,
// actioned, dismissed), the oldest waiting first.
func (s *Service) Reports(ctx context.Context, status string, limit, offset int) (ReportPage, error) {
	switch status {
	case "":
		status = "open"
	case "open", "actioned", "dismissed":
	default:
		return ReportPage{}, ErrBadInput
	}
	groups, total, err := s.d.Store.ReportGroups(ctx, status, limit, offset)
	if err != nil {
		return ReportPage{}, err
	}
	page := ReportPage{List: make([]Report, 0, len(groups)), Total: total}
	for _, g := range groups {
		page.List = append(page.List, s.report(ctx, g))
	}
	return page, nil
}

func (s *Service) report(ctx context.Context, g postgres.ReportGroup) Report {
	r := Report{Room: g.Room, MessageID: g.MessageID, Count: g.Count, Reasons: g.Reasons, Reporters: []Person{},
		Context: []Line{}, First: g.First.UnixMilli(), Last: g.Last.UnixMilli(), Status: g.Status, Result: g.Result,
		HandledBy: g.HandledBy}
	if !g.Handled.IsZero() {
		r.Handled = g.Handled.UnixMilli()
	}
	for i, id := range g.Reporters {
		if i == 10 {
			break
		}
		r.Reporters = append(r.Reporters, s.person(ctx, id))
	}
	if s.d.Lines == nil {
		return r
	}
	ev, err := s.d.Lines.Get(ctx, g.Room, g.MessageID, history.IncludeDeleted)
	if err != nil {
		return r
	}
	line := lineOf(ev)
	line.Reported = true
	r.Line = &line
	author := s.person(ctx, line.UserID)
	if line.Name != "" {
		author.Name = line.Name
	}
	r.Reported = &author
	around, err := s.d.Lines.Around(ctx, g.Room, ev.Seq, ContextLines, history.IncludeDeleted)
	if err == nil {
		for _, e := range around {
			l := lineOf(e)
			l.Reported = e.Seq == ev.Seq
			r.Context = append(r.Context, l)
		}
	}
	return r
}

// Report actions.
const (
	ActDismiss      = "dismiss"      // nothing wrong: close the reports
	ActDelete       = "delete"       // delete the line in its room
	ActMuteRoom     = "muteRoom"     // delete the line and mute its author in the room
	ActMutePlatform = "mutePlatform" // delete the line and mute its author everywhere
	ActBan          = "ban"          // delete the line and ban its author
)

// ReportAction is a staff member's decision on a reported line.
type ReportAction struct {
	Room      string
	MessageID string
	Action    string // one of the Act* constants
	Hours     int    // mute length (muteRoom, mutePlatform)
	Reason    string // required except to dismiss
}

// HandleReport applies a decision on every open report of one line and closes them. The actions go
// through the room actor (delete, room mute) and the accounts module (platform mute, ban) with their
// own rules; the decision and each action are in the audit log. ErrReportNotFound when the line has
// no open report.
func (s *Service) HandleReport(ctx context.Context, by Staff, in ReportAction, canBan bool) error {
	in.Reason = strings.TrimSpace(in.Reason)
	switch in.Action {
	case ActDismiss:
	case ActDelete, ActMuteRoom, ActMutePlatform, ActBan:
		if in.Reason == "" {
			return ErrReasonRequired
		}
	default:
		return ErrBadInput
	}
	if in.Action == ActBan && !canBan {
		return ErrForbidden
	}
	if (in.Action == ActMuteRoom || in.Action == ActMutePlatform) && (in.Hours < MinMuteHours || in.Hours > MaxMuteHours) {
		return ErrDuration
	}
	if in.Action == ActMuteRoom && in.Hours*3600 > protocol.MaxMuteSecs {
		return ErrDuration
	}
	g, found, err := s.d.Store.ReportsOf(ctx, in.Room, in.MessageID)
	if err != nil {
		return err
	}
	if !found {
		return ErrReportNotFound
	}
	rep := s.report(ctx, g)
	status := "actioned"
	if in.Action == ActDismiss {
		status = "dismissed"
	} else {
		if rep.Line == nil {
			return ErrReportNotFound // nothing to act on: the line is not in the history
		}
		if err := s.act(ctx, by, rep, in); err != nil {
			return err
		}
	}
	if _, err := s.d.Store.CloseReports(ctx, in.Room, in.MessageID, status, in.Action, by.User.UID(), s.cfg.Now()); err != nil {
		return err
	}
	before := map[string]any{"status": "open", "reports": g.Count, "reasons": g.Reasons}
	after := map[string]any{"status": status, "action": in.Action}
	if rep.Line != nil {
		before["line"], before["author"] = rep.Line.Text, rep.Line.UserID
	}
	s.record(ctx, by, audit.Entry{Action: "report." + in.Action, TargetKind: "report", TargetID: in.Room + "/" + in.MessageID,
		Before: before, After: after, Reason: in.Reason})
	return nil
}

// act applies a decision other than dismiss: the line goes, and its author is muted or banned.
func (s *Service) act(ctx context.Context, by Staff, rep Report, in ReportAction) error {
	if s.d.Rooms == nil {
		return errors.New("admin: no room moderation wired")
	}
	if !rep.Line.Deleted {
		if err := s.d.Rooms.Moderate(ctx, by.User, in.Room, "delete", "", in.MessageID, 0, in.Reason); err != nil {
			return err
		}
		s.record(ctx, by, audit.Entry{Action: "chat.delete", TargetKind: "line", TargetID: in.Room + "/" + in.MessageID,
			Before: map[string]string{"text": rep.Line.Text, "author": rep.Line.UserID}, After: map[string]bool{"deleted": true},
			Reason: in.Reason})
	}
	author := rep.Line.UserID
	uid, perr := protocol.ParseUserID(author)
	switch in.Action {
	case ActMuteRoom:
		if err := s.d.Rooms.Moderate(ctx, by.User, in.Room, "mute", author, "", in.Hours*3600, in.Reason); err != nil {
			return err
		}
		s.record(ctx, by, audit.Entry{Action: "room.mute", TargetKind: "user", TargetID: author,
			After: map[string]any{"room": in.Room, "hours": in.Hours}, Reason: in.Reason})
	case ActMutePlatform:
		if perr != nil {
			return ErrBadInput // a guest: mute them in the room instead
		}
		return s.MutePlatform(ctx, by, int64(uid), in.Hours, in.Reason)
	case ActBan:
		if perr != nil {
			return ErrBadInput
		}
		return s.Ban(ctx, by, int64(uid), in.Reason)
	}
	return nil
}
