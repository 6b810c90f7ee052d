package news

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"courtside/actors/protocol"
	"courtside/storage/postgres"
)

// View is an article as the site shows it: list items leave Body and Cards out.
type View struct {
	ID          int64                `json:"id"`
	Game        string               `json:"game"` // slug, as in page paths
	GameID      int                  `json:"gameId"`
	Type        string               `json:"type"`
	Title       string               `json:"title"`
	Summary     string               `json:"summary"`
	Cover       string               `json:"cover"`
	Body        []Block              `json:"body,omitempty"`
	Cards       map[string]MatchCard `json:"matchCards,omitempty"`
	AuthorID    string               `json:"authorId,omitempty"`
	Author      string               `json:"author"`
	Tags        []string             `json:"tags"`
	Matches     []string             `json:"matchIds"`
	Teams       []string             `json:"teamIds"`
	Players     []string             `json:"playerIds"`
	Lang        string               `json:"lang"`
	PublishTime int64                `json:"publishTime,omitempty"` // unix ms
	Views       int64                `json:"views"`
	State       string               `json:"state"`
	UserPost    bool                 `json:"userPost"`
	ReviewNote  string               `json:"reviewNote,omitempty"`
	Link        string               `json:"link"`
	Updated     int64                `json:"updateTime"`
}

// CoverOf is the article's picture: its own, or the one drawn for it.
func CoverOf(a Article) string {
	if a.Cover != "" {
		return a.Cover
	}
	return CoverPath(a.ID)
}

// ViewOf shapes a at now; full adds the body.
func (s *Service) ViewOf(ctx context.Context, a Article, full bool) View {
	now := s.now()
	v := View{ID: a.ID, Game: Slug(a.Game), GameID: a.Game, Type: a.Type, Title: a.Title, Summary: a.Summary, Cover: CoverOf(a),
		Author: a.AuthorName, Tags: a.Tags, Matches: a.Matches, Teams: a.Teams, Players: a.Players, Lang: a.Lang, Views: a.Views,
		State: State(a, now), UserPost: a.UserPost, ReviewNote: a.ReviewNote, Link: Link(a), Updated: a.Updated.UnixMilli()}
	if a.AuthorID != 0 {
		v.AuthorID = protocol.UserID(a.AuthorID).String()
	}
	if !a.PublishAt.IsZero() {
		v.PublishTime = a.PublishAt.UnixMilli()
	}
	if full {
		_ = json.Unmarshal(a.Body, &v.Body)
		if s.d.Matches != nil {
			ids := slices.Clone(a.Matches)
			for _, b := range v.Body {
				if b.Type == BlockMatch && !slices.Contains(ids, b.MatchID) {
					ids = append(ids, b.MatchID)
				}
			}
			for _, id := range ids {
				if c, ok, err := s.d.Matches.Card(ctx, id); err == nil && ok {
					if v.Cards == nil {
						v.Cards = map[string]MatchCard{}
					}
					v.Cards[id] = c
				}
			}
		}
	}
	return v
}

func (s *Service) views(ctx context.Context, rows []Article) []View {
	out := make([]View, 0, len(rows))
	for _, a := range rows {
		out = append(out, s.ViewOf(ctx, a, false))
	}
	return out
}

// Read is article id for a reader: ErrNotFound unless it is visible now (a draft, a future
// publish time, an unpublished article or a post under review are not there). game, when given, must
// be the article's. Each read counts one view.
func (s *Service) Read(ctx context.Context, game string, id int64) (View, error) {
	a, err := s.store.Article(ctx, id)
	if err != nil {
		return View{}, storeErr(err)
	}
	if !Visible(a, s.now()) {
		return View{}, ErrNotFound
	}
	if game != "" {
		if g, ok := GameOf(game); !ok || g.ID != a.Game {
			return View{}, ErrNotFound
		}
	}
	if err := s.store.AddView(ctx, id); err == nil {
		a.Views++
	}
	return s.ViewOf(ctx, a, true), nil
}

// Exists reports whether readers can see article id (the page route's 404).
func (s *Service) Exists(ctx context.Context, id int64) (bool, error) {
	a, err := s.store.Article(ctx, id)
	if errors.Is(err, postgres.ErrNewsNotFound) {
		return false, nil
	}
	return err == nil && Visible(a, s.now()), err
}

// ListQuery is one page of a reader's list.
type ListQuery struct {
	Game   *int   // nil: every game
	Type   string // one of Types, TypeAll or ""
	Lang   string // "" every language
	Prefer string // the reader's language: its articles come first, then the others (a site in 22
	// languages whose reader sees articles of other languages only after their own)
	Hot    bool // most read first
	Limit  int
	Offset int
}

// List is a page of the articles readers see now.
func (s *Service) List(ctx context.Context, q ListQuery) ([]View, int, error) {
	f := postgres.NewsFilter{Game: q.Game, Lang: q.Lang, Prefer: q.Prefer, Hot: q.Hot, Visible: s.now(), Limit: q.Limit, Offset: q.Offset}
	switch {
	case q.Type == "" || q.Type == TypeAll:
	case slices.Contains(Types, q.Type):
		f.Type = q.Type
	default:
		return nil, 0, ErrType
	}
	rows, total, err := s.store.Articles(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	return s.views(ctx, rows), total, nil
}

// Hot is the most read articles readers see now, of game (nil: every game), those in the language
// prefer first.
func (s *Service) Hot(ctx context.Context, game *int, prefer string, limit int) ([]View, error) {
	out, _, err := s.List(ctx, ListQuery{Game: game, Prefer: prefer, Hot: true, Limit: limit})
	return out, err
}

// UserHot is the hot articles of the games user follows (the games of the matches they booked),
// or of every game when they follow none.
func (s *Service) UserHot(ctx context.Context, user int64, prefer string, limit int) ([]View, error) {
	games, err := s.store.FavouriteGames(ctx, user)
	if err != nil {
		return nil, err
	}
	if len(games) > 0 {
		rows, _, err := s.store.Articles(ctx, postgres.NewsFilter{Games: games, Prefer: prefer, Hot: true, Visible: s.now(), Limit: limit})
		if err != nil {
			return nil, err
		}
		if len(rows) > 0 {
			return s.views(ctx, rows), nil
		}
	}
	return s.Hot(ctx, nil, prefer, limit)
}

// Preview is the preview article of match id (type "preview", linked to the match), the one
// readers see now, newest first; ErrNotFound when there is none.
func (s *Service) Preview(ctx context.Context, match, lang string) (View, error) {
	f := postgres.NewsFilter{Match: match, Type: "preview", Visible: s.now(), Limit: 10}
	rows, _, err := s.store.Articles(ctx, f)
	if err != nil {
		return View{}, err
	}
	if len(rows) == 0 {
		return View{}, ErrNotFound
	}
	best := rows[0]
	for _, a := range rows {
		if a.Lang == lang {
			best = a
			break
		}
	}
	return s.ViewOf(ctx, best, true), nil
}
