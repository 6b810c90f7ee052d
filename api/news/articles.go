package news

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"courtside/actors/match/feed"
	"courtside/api/audit"
	"courtside/api/locale"
	"courtside/storage/postgres"
)

// Article is an article as stored.
type Article = postgres.Article

// Types of articles: the lists of GET /{game}/{type}/{pageIndex} ("all" lists every type).
var Types = []string{"news", "preview", "analysis", "interview", "transfer"}

// TypeAll lists every type.
const TypeAll = "all"

// States (postgres.News*), and what readers call a scheduled article whose time has come.
const (
	StateDraft       = postgres.NewsDraft
	StateScheduled   = postgres.NewsScheduled
	StatePublished   = postgres.NewsPublished
	StateUnpublished = postgres.NewsUnpublished
	StatePending     = postgres.NewsPending
	StateRejected    = postgres.NewsRejected
)

// Limits of an article (spec §5: an article title is 5 to 300 characters).
const (
	MinTitle   = 5
	MaxTitle   = 300
	MaxSummary = 500
	MaxTags    = 10
	MaxLinks   = 20
)

// Visible reports whether readers see a at now: scheduled or published, its publish time come.
func Visible(a Article, now time.Time) bool {
	return (a.State == StatePublished || a.State == StateScheduled) && !a.PublishAt.IsZero() && !a.PublishAt.After(now)
}

// State is a's state as shown at now: a scheduled article whose time has come is published.
func State(a Article, now time.Time) string {
	if a.State == StateScheduled && Visible(a, now) {
		return StatePublished
	}
	return a.State
}

// Slug is the game's slug in page paths ("soccer", "lol"; the web client's GAME_SLUGS), or its id.
func Slug(game int) string {
	if g, ok := feed.GameByID(game); ok && g.Abbr != "" {
		return strings.ReplaceAll(strings.ToLower(g.Abbr), ":", "")
	}
	return strconv.Itoa(game)
}

// Link is the article's page: /news/<game>/<id>.
func Link(a Article) string { return "/news/" + Slug(a.Game) + "/" + strconv.FormatInt(a.ID, 10) }

// GameOf finds a game by catalogue id, abbreviation, slug or name.
func GameOf(s string) (feed.Game, bool) {
	if id, err := strconv.Atoi(s); err == nil {
		return feed.GameByID(id)
	}
	for _, g := range feed.Games() {
		if strings.EqualFold(g.Abbr, s) || strings.EqualFold(g.Name, s) || Slug(g.ID) == strings.ToLower(s) {
			return g, true
		}
	}
	return feed.Game{}, false
}

// Draft is what an editor (or a user, for a post) writes.
type Draft struct {
	ID      int64 // 0: a new article
	Game    int
	Type    string
	Title   string
	Summary string
	Body    json.RawMessage
	Cover   string
	Tags    []string
	Matches []string
	Teams   []string
	Players []string
	Lang    string
}

func cleanList(in []string, max int) ([]string, error) {
	out := []string{}
	for _, s := range in {
		s = strings.TrimSpace(s)
		if s == "" || slices.Contains(out, s) {
			continue
		}
		if utf8.RuneCountInString(s) > 100 {
			return nil, ErrTooLong
		}
		out = append(out, s)
	}
	if len(out) > max {
		return nil, ErrTooLong
	}
	return out, nil
}

// check validates d into an article's fields (spec §5 and the body format).
func check(d Draft) (Article, error) {
	a := Article{ID: d.ID, Game: d.Game, Type: d.Type, Title: strings.TrimSpace(d.Title), Summary: strings.TrimSpace(d.Summary),
		Cover: strings.TrimSpace(d.Cover), Lang: d.Lang}
	if n := utf8.RuneCountInString(a.Title); n < MinTitle || n > MaxTitle {
		return a, ErrTitle
	}
	if utf8.RuneCountInString(a.Summary) > MaxSummary {
		return a, ErrTooLong
	}
	if _, ok := feed.GameByID(a.Game); !ok {
		return a, ErrGame
	}
	if a.Type == "" {
		a.Type = "news"
	}
	if !slices.Contains(Types, a.Type) {
		return a, ErrType
	}
	if a.Lang == "" {
		a.Lang = locale.Default
	}
	if !slices.Contains(locale.All, a.Lang) {
		return a, ErrInvalid
	}
	if a.Cover != "" && !OwnPicture(a.Cover) {
		return a, ErrPicture
	}
	blocks, err := ParseBody(d.Body)
	if err != nil {
		return a, err
	}
	if len(blocks) == 0 {
		return a, ErrBody
	}
	a.Body, _ = json.Marshal(blocks)
	if a.Tags, err = cleanList(d.Tags, MaxTags); err != nil {
		return a, err
	}
	if a.Matches, err = cleanList(d.Matches, MaxLinks); err != nil {
		return a, err
	}
	if a.Teams, err = cleanList(d.Teams, MaxLinks); err != nil {
		return a, err
	}
	if a.Players, err = cleanList(d.Players, MaxLinks); err != nil {
		return a, err
	}
	return a, nil
}

// Actor is who does a staff action, for the audit log.
type Actor = audit.Actor

func (s *Service) name(ctx context.Context, id int64) string {
	if s.d.Names == nil {
		return ""
	}
	return s.d.Names.Username(ctx, id)
}

func (s *Service) record(ctx context.Context, a Actor, action string, before, after *Article, reason string) {
	if s.d.Audit == nil {
		return
	}
	e := audit.Entry{ActorID: a.ID, ActorName: s.name(ctx, a.ID), Action: action, TargetKind: "article", Reason: reason, IP: a.IP}
	sum := func(x *Article) any {
		if x == nil {
			return nil
		}
		return map[string]any{"title": x.Title, "state": x.State, "publishAt": x.PublishAt, "game": x.Game, "type": x.Type}
	}
	if after != nil {
		e.TargetID = strconv.FormatInt(after.ID, 10)
	} else if before != nil {
		e.TargetID = strconv.FormatInt(before.ID, 10)
	}
	e.Before, e.After = sum(before), sum(after)
	if err := s.d.Audit.Record(ctx, e); err != nil {
		s.log.Warn("news: audit entry not written")
	}
}

// Save writes an editor's article: a new one starts as a draft by the actor; an edit keeps the
// article's state and publish time (a published article's fix is live at once). A user's post is
// edited by staff the same way.
func (s *Service) Save(ctx context.Context, actor Actor, d Draft) (Article, error) {
	a, err := check(d)
	if err != nil {
		return Article{}, err
	}
	var before *Article
	if a.ID != 0 {
		old, err := s.store.Article(ctx, a.ID)
		if err != nil {
			return Article{}, storeErr(err)
		}
		before = &old
		a.State, a.PublishAt, a.ReviewNote = old.State, old.PublishAt, old.ReviewNote
	} else {
		a.State, a.AuthorID, a.AuthorName = StateDraft, actor.ID, s.name(ctx, actor.ID)
	}
	out, err := s.store.SaveArticle(ctx, a, s.now())
	if err != nil {
		return Article{}, storeErr(err)
	}
	action := "article.create"
	if before != nil {
		action = "article.update"
	}
	s.record(ctx, actor, action, before, &out, "")
	s.changed(ctx, out)
	return out, nil
}

// Publish publishes article id at at: zero (or a time not after now) publishes it now, a later time
// schedules it (it appears then, by the clock). From draft, scheduled or unpublished; a published
// article must be unpublished first.
func (s *Service) Publish(ctx context.Context, actor Actor, id int64, at time.Time) (Article, error) {
	now := s.now()
	old, err := s.store.Article(ctx, id)
	if err != nil {
		return Article{}, storeErr(err)
	}
	if old.UserPost && (old.State == StatePending || old.State == StateRejected) {
		return Article{}, ErrState
	}
	state := StatePublished
	if at.IsZero() || !at.After(now) {
		at = now
	} else {
		state = StateScheduled
	}
	from := []string{StateDraft, StateScheduled, StateUnpublished}
	if State(old, now) == StatePublished {
		return Article{}, ErrState
	}
	out, err := s.store.SetArticleState(ctx, id, from, state, at, old.ReviewNote, now)
	if err != nil {
		return Article{}, stateErr(err)
	}
	action := "article.publish"
	if state == StateScheduled {
		action = "article.schedule"
	}
	s.record(ctx, actor, action, &old, &out, "")
	s.changed(ctx, out)
	return out, nil
}

// Unpublish takes article id off the site (published, or scheduled before its time).
func (s *Service) Unpublish(ctx context.Context, actor Actor, id int64, reason string) (Article, error) {
	old, err := s.store.Article(ctx, id)
	if err != nil {
		return Article{}, storeErr(err)
	}
	out, err := s.store.SetArticleState(ctx, id, []string{StatePublished, StateScheduled}, StateUnpublished, time.Time{}, old.ReviewNote, s.now())
	if err != nil {
		return Article{}, stateErr(err)
	}
	s.record(ctx, actor, "article.unpublish", &old, &out, reason)
	s.changed(ctx, out)
	return out, nil
}

// stateErr: the store found no article in an allowed state (the article exists: its state is wrong).
func stateErr(err error) error {
	if err == postgres.ErrNewsNotFound {
		return ErrState
	}
	return err
}

// StaffArticle reads any article, whatever its state (the editor and its preview).
func (s *Service) StaffArticle(ctx context.Context, id int64) (Article, error) {
	a, err := s.store.Article(ctx, id)
	return a, storeErr(err)
}

// StaffQuery narrows the editor's list.
type StaffQuery struct {
	State    string // a state; "" every state
	UserPost *bool
	Game     *int
	Query    string
	Limit    int
	Offset   int
}

// StaffArticles is a page of every article for the editor, newest first.
func (s *Service) StaffArticles(ctx context.Context, q StaffQuery) ([]Article, int, error) {
	f := postgres.NewsFilter{UserPost: q.UserPost, Game: q.Game, Query: strings.TrimSpace(q.Query), Limit: q.Limit, Offset: q.Offset}
	if q.State != "" {
		f.States = []string{q.State}
	}
	return s.store.Articles(ctx, f)
}
