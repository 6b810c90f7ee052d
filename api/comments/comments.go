package comments

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"courtside/actors/protocol"
	"courtside/api/audit"
	"courtside/storage/postgres"
)

// Reasons of a report (spec §6): inappropriate speech, personal attack, nickname violation,
// advertising, avatar violation, malicious spamming — the same names as the chat's reports.
var Reasons = []string{"inappropriate", "attack", "nickname", "ads", "avatar", "spam"}

// Sort orders of a list.
const (
	SortNewest = "newest"
	SortTop    = "top"
)

// Comment is a comment as readers see it. A removed comment keeps its place in its thread with
// its text blanked.
type Comment struct {
	ID       int64     `json:"id"`
	Kind     string    `json:"kind"`
	TargetID string    `json:"targetId"`
	ParentID int64     `json:"parentId,omitempty"`
	UserID   string    `json:"userId"`
	UserName string    `json:"userName"`
	Avatar   string    `json:"avatar"`
	Text     string    `json:"text"`
	Likes    int       `json:"likes"`
	Liked    bool      `json:"liked"`
	Replies  int       `json:"replyCount"`
	Deleted  bool      `json:"deleted"`
	Time     int64     `json:"time"` // unix ms
	Thread   []Comment `json:"replies,omitempty"`
	// Target's title and link, in a user's own list.
	TargetTitle string `json:"targetTitle,omitempty"`
	TargetLink  string `json:"targetLink,omitempty"`
}

// RepliesShown is how many replies a list shows under each comment (the rest: Replies).
const RepliesShown = 3

func view(c postgres.Comment) Comment {
	v := Comment{ID: c.ID, Kind: c.Kind, TargetID: c.Target, ParentID: c.ParentID, UserID: protocol.UserID(c.UserID).String(),
		UserName: c.UserName, Avatar: c.Avatar, Text: c.Text, Likes: c.Likes, Liked: c.Liked, Replies: c.Replies, Deleted: c.Deleted,
		Time: c.Created.UnixMilli()}
	if v.UserName == "" {
		v.UserName = v.UserID
	}
	if c.Deleted {
		v.Text = ""
	}
	return v
}

// Actor is who does a staff action, for the audit log.
type Actor = audit.Actor

func (s *Service) target(ctx context.Context, kind, id string) (TargetInfo, error) {
	t, ok := s.d.Targets[kind]
	if !ok || id == "" {
		return TargetInfo{}, ErrNotFound
	}
	info, ok, err := t.Lookup(ctx, id)
	if err != nil {
		return TargetInfo{}, err
	}
	if !ok {
		return TargetInfo{}, ErrNotFound
	}
	return info, nil
}

// mayComment: the account may comment (not muted or banned by role) and is not under a platform mute.
func (s *Service) mayComment(ctx context.Context, uid int64) error {
	if s.d.Users != nil {
		ok, err := s.d.Users.Can(ctx, uid, "comment")
		if err != nil {
			return err
		}
		if !ok {
			return ErrMuted
		}
	}
	if s.d.Mutes != nil {
		if until, muted := s.d.Mutes.MutedUntil(protocol.UserID(uid).String()); muted && until.After(s.cfg.Now()) {
			return ErrMuted
		}
	}
	return nil
}

// Post adds uid's comment on (kind, target), or a reply to parent (which must be a top-level
// comment of that target: threads are one level deep). The text is trimmed, 1..MaxRunes
// characters, and refused when it holds a banned word.
func (s *Service) Post(ctx context.Context, uid int64, kind, target string, parent int64, text string) (Comment, error) {
	text = strings.TrimSpace(text)
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		return Comment{}, ErrEmpty
	case n > s.cfg.MaxRunes:
		return Comment{}, ErrTooLong.WithArgs(s.cfg.MaxRunes)
	}
	if _, err := s.target(ctx, kind, target); err != nil {
		return Comment{}, err
	}
	if parent != 0 {
		p, err := s.store.Comment(ctx, parent)
		if errors.Is(err, postgres.ErrCommentNotFound) || (err == nil && (p.Kind != kind || p.Target != target)) {
			return Comment{}, ErrNotFound
		}
		if err != nil {
			return Comment{}, err
		}
		if p.ParentID != 0 {
			return Comment{}, ErrTooDeep
		}
		if p.Deleted {
			return Comment{}, ErrDeleted
		}
	}
	if err := s.mayComment(ctx, uid); err != nil {
		return Comment{}, err
	}
	if s.d.Filter != nil {
		if _, bad := s.d.Filter.Match(text); bad {
			return Comment{}, ErrBanned
		}
	}
	c, err := s.store.AddComment(ctx, postgres.Comment{Kind: kind, Target: target, ParentID: parent, UserID: uid, Text: text}, s.cfg.Now())
	if err != nil {
		return Comment{}, err
	}
	return view(c), nil
}

// Page is one page of a list.
type Page struct {
	List  []Comment `json:"list"`
	Total int       `json:"total"`
}

// List is a page of the top-level comments of (kind, target), newest or top (most liked) first,
// each with its first RepliesShown replies; viewer's likes are marked (0: a guest).
func (s *Service) List(ctx context.Context, viewer int64, kind, target, sort string, limit, offset int) (Page, error) {
	if _, err := s.target(ctx, kind, target); err != nil {
		return Page{}, err
	}
	rows, total, err := s.store.Comments(ctx, postgres.CommentQuery{Kind: kind, Target: target, Top: sort == SortTop,
		Viewer: viewer, Limit: limit, Offset: offset})
	if err != nil {
		return Page{}, err
	}
	out := Page{List: make([]Comment, 0, len(rows)), Total: total}
	for _, r := range rows {
		c := view(r)
		if r.Replies > 0 {
			reps, _, err := s.store.Comments(ctx, postgres.CommentQuery{Parent: r.ID, Viewer: viewer, Limit: RepliesShown})
			if err != nil {
				return Page{}, err
			}
			for _, x := range reps {
				c.Thread = append(c.Thread, view(x))
			}
		}
		out.List = append(out.List, c)
	}
	return out, nil
}

// Replies is a page of the replies to comment parent, oldest first.
func (s *Service) Replies(ctx context.Context, viewer, parent int64, limit, offset int) (Page, error) {
	rows, total, err := s.store.Comments(ctx, postgres.CommentQuery{Parent: parent, Viewer: viewer, Limit: limit, Offset: offset})
	if err != nil {
		return Page{}, err
	}
	out := Page{List: make([]Comment, 0, len(rows)), Total: total}
	for _, r := range rows {
		out.List = append(out.List, view(r))
	}
	return out, nil
}

// ByUser is a page of user's comments and replies (not removed ones), newest first, each with its
// target's title and link.
func (s *Service) ByUser(ctx context.Context, user int64, limit, offset int) (Page, error) {
	rows, total, err := s.store.Comments(ctx, postgres.CommentQuery{User: user, Viewer: user, Limit: limit, Offset: offset})
	if err != nil {
		return Page{}, err
	}
	out := Page{List: make([]Comment, 0, len(rows)), Total: total}
	for _, r := range rows {
		c := view(r)
		if t, ok := s.d.Targets[r.Kind]; ok {
			if info, ok, err := t.Lookup(ctx, r.Target); err == nil && ok {
				c.TargetTitle, c.TargetLink = info.Title, info.Link
			}
		}
		out.List = append(out.List, c)
	}
	return out, nil
}

// Like adds (on) or takes back uid's like of comment id: a user likes a comment at most once, so a
// second like changes nothing. It returns the likes after.
func (s *Service) Like(ctx context.Context, uid, id int64, on bool) (int, error) {
	c, err := s.store.Comment(ctx, id)
	if errors.Is(err, postgres.ErrCommentNotFound) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, err
	}
	if c.Deleted {
		return 0, ErrDeleted
	}
	_, likes, err := s.store.Like(ctx, id, uid, on, s.cfg.Now())
	return likes, err
}

// Report records uid's report of comment id with one of Reasons (once per user and comment); it
// goes to the back office's comment reports.
func (s *Service) Report(ctx context.Context, uid, id int64, reason string) error {
	known := false
	for _, r := range Reasons {
		known = known || r == reason
	}
	if !known {
		return ErrReason
	}
	c, err := s.store.Comment(ctx, id)
	if errors.Is(err, postgres.ErrCommentNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if c.Deleted {
		return ErrDeleted
	}
	_, err = s.store.Report(ctx, id, uid, reason, s.cfg.Now())
	return err
}

// Delete removes comment id (staff: the caller's permission is checked by the route), closes its
// reports and records the action in the audit log with the comment as it was.
func (s *Service) Delete(ctx context.Context, a Actor, id int64, reason string) error {
	c, err := s.store.Comment(ctx, id)
	if errors.Is(err, postgres.ErrCommentNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	done, err := s.store.Delete(ctx, id, a.ID, s.cfg.Now())
	if err != nil || !done {
		return err
	}
	s.record(ctx, a, "comment.delete", c, reason)
	return nil
}

// Dismiss closes the open reports of comment id: nothing wrong with it.
func (s *Service) Dismiss(ctx context.Context, a Actor, id int64) error {
	c, err := s.store.Comment(ctx, id)
	if errors.Is(err, postgres.ErrCommentNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if _, err := s.store.Dismiss(ctx, id, a.ID, s.cfg.Now()); err != nil {
		return err
	}
	s.record(ctx, a, "comment.dismiss", c, "")
	return nil
}

func (s *Service) record(ctx context.Context, a Actor, action string, c postgres.Comment, reason string) {
	if s.d.Audit == nil {
		return
	}
	name := ""
	if s.d.Names != nil {
		name = s.d.Names.Username(ctx, a.ID)
	}
	err := s.d.Audit.Record(ctx, audit.Entry{ActorID: a.ID, ActorName: name, Action: action, TargetKind: "comment",
		TargetID: strconv.FormatInt(c.ID, 10), Before: map[string]any{"kind": c.Kind, "target": c.Target, "userId": c.UserID, "text": c.Text},
		Reason: reason, IP: a.IP})
	if err != nil {
		s.log.Warn("comments: audit entry not written")
	}
}

// Reported is one reported comment in the staff queue.
type Reported struct {
	Comment Comment  `json:"comment"`
	Count   int      `json:"count"`
	Reasons []string `json:"reasons"`
	First   int64    `json:"first"`
	Status  string   `json:"status"`
	Target  string   `json:"targetTitle"`
	Link    string   `json:"targetLink"`
}

// Reports is a page of reported comments whose reports are in status (open by default).
func (s *Service) Reports(ctx context.Context, status string, limit, offset int) ([]Reported, int, error) {
	switch status {
	case "":
		status = "open"
	case "open", "actioned", "dismissed":
	default:
		return nil, 0, ErrInvalid
	}
	rows, total, err := s.store.Reports(ctx, status, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Reported, 0, len(rows))
	for _, r := range rows {
		x := Reported{Comment: view(r.Comment), Count: r.Count, Reasons: r.Reasons, First: r.First.UnixMilli(), Status: r.Status}
		x.Comment.Text = r.Comment.Text // staff see what was written
		if t, ok := s.d.Targets[r.Comment.Kind]; ok {
			if info, ok, err := t.Lookup(ctx, r.Comment.Target); err == nil && ok {
				x.Target, x.Link = info.Title, info.Link
			}
		}
		out = append(out, x)
	}
	return out, total, nil
}
