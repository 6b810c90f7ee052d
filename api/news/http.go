package news

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"courtside/api"
	"courtside/api/account"
)

// handlers are the news' REST endpoints (README.md has the table): decode, call the Service, shape
// the answer. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers every news endpoint on srv (the game-prefixed calls of spec §7 through
// srv.HandleGame, beside the match detail's /{game}/{matchId}); users says who sends a request.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Admins: s.d.Admins, Staff: s.d.Staff}}
	user := h.auth.RequireUser
	editor := h.auth.RequireStaff(string(account.PermEditContent))

	// Public (spec §7).
	srv.Handle("GET /news/getHotNewsByGame", h.hot)
	srv.Handle("GET /news/userHot/{userId}", h.userHot)
	srv.HandleGame("GET /{game}/{type}/{pageIndex}", h.list)
	srv.HandleGame("GET /{game}/news{id}", h.article)
	srv.HandleGame("GET /{game}/newsComment{id}/{pageIndex}", h.comments)
	// Public, the site's own: any game's list, an article without its game, a match's preview, the
	// drawn pictures, a user's public lists.
	srv.Handle("GET /news/list", h.anyList)
	srv.Handle("GET /news/detail/{id}", h.article)
	srv.Handle("GET /news/preview/{matchId}", h.preview)
	srv.HandleHTTP("GET /news/cover/{file}", http.HandlerFunc(h.cover))
	srv.Handle("GET /user/{userId}/{type}/{pageIndex}", h.userList)

	// Signed-in users: their posts.
	srv.Handle("POST /news/submit", user(h.submit))
	srv.Handle("GET /news/myPosts", user(h.myPosts))

	// Staff with editContent: the editor, its preview, the workflow, the review of users' posts.
	srv.Handle("GET /admin/news/articles", editor(h.staffList))
	srv.Handle("GET /admin/news/articles/{id}", editor(h.staffArticle))
	srv.Handle("POST /admin/news/articles", editor(h.save))
	srv.Handle("POST /admin/news/publish", editor(h.publish))
	srv.Handle("POST /admin/news/unpublish", editor(h.unpublish))
	srv.Handle("POST /admin/news/review", editor(h.review))
}

// PageExists answers the page routes /news/:id and /news/:game/:id: 404 for an article readers do
// not see (api.Server.PageLookup).
func (s *Service) PageExists(ctx context.Context, params map[string]string) (bool, error) {
	id, err := strconv.ParseInt(params["id"], 10, 64)
	if err != nil {
		return false, nil
	}
	if g := params["game"]; g != "" {
		a, err := s.store.Article(ctx, id)
		if err != nil {
			return false, nil
		}
		if gg, ok := GameOf(g); !ok || gg.ID != a.Game {
			return false, nil
		}
	}
	return s.Exists(ctx, id)
}

func pathID(r *api.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, api.ErrFormat
	}
	return id, nil
}

// gameParam reads an optional game (id, abbreviation or slug): nil when absent.
func gameParam(s string) (*int, error) {
	if s == "" {
		return nil, nil
	}
	g, ok := GameOf(s)
	if !ok {
		return nil, ErrGame
	}
	return &g.ID, nil
}

func size(r *api.Request, def int) (int, error) {
	n, err := r.IntQuery("size", def)
	if err != nil {
		return 0, err
	}
	return min(max(n, 1), api.MaxPageSize), nil
}

// hot: GET /news/getHotNewsByGame?gameId=&size= (most read first; every game without gameId)
func (h *handlers) hot(r *api.Request) (any, error) {
	game, err := gameParam(firstOf(r.Query("gameId"), r.Query("game")))
	if err != nil {
		return nil, err
	}
	n, err := size(r, 10)
	if err != nil {
		return nil, err
	}
	return h.svc.Hot(r.Context(), game, r.Lang, n)
}

func firstOf(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}

// userHot: GET /news/userHot/{userId}?size= (hot news of the games the user follows)
func (h *handlers) userHot(r *api.Request) (any, error) {
	uid, ok := api.ParseUserID(r.PathValue("userId"))
	if !ok {
		return nil, api.ErrFormat
	}
	n, err := size(r, 10)
	if err != nil {
		return nil, err
	}
	return h.svc.UserHot(r.Context(), uid, r.Lang, n)
}

// list: GET /{game}/{type}/{pageIndex}?pageSize=&lang= (type: one of Types or "all")
func (h *handlers) list(r *api.Request) (any, error) {
	game, err := gameParam(r.PathValue("game"))
	if err != nil {
		return nil, err
	}
	page, err := r.PathPaging("pageIndex")
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.List(r.Context(), ListQuery{Game: game, Type: r.PathValue("type"), Lang: r.Query("lang"), Prefer: r.Lang,
		Hot: r.Query("sort") == "hot", Limit: page.Size, Offset: page.Offset()})
	if err != nil {
		return nil, err
	}
	return page.List(rows, total), nil
}

// anyList: GET /news/list?game=&type=&lang=&sort=hot&pageIndex=&pageSize=
func (h *handlers) anyList(r *api.Request) (any, error) {
	game, err := gameParam(r.Query("game"))
	if err != nil {
		return nil, err
	}
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.List(r.Context(), ListQuery{Game: game, Type: r.Query("type"), Lang: r.Query("lang"), Prefer: r.Lang,
		Hot: r.Query("sort") == "hot", Limit: page.Size, Offset: page.Offset()})
	if err != nil {
		return nil, err
	}
	return page.List(rows, total), nil
}

// article: GET /{game}/news{id} and GET /news/detail/{id}
func (h *handlers) article(r *api.Request) (any, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	return h.svc.Read(r.Context(), r.PathValue("game"), id)
}

// comments: GET /{game}/newsComment{id}/{pageIndex}?sort=newest|top&pageSize=
func (h *handlers) comments(r *api.Request) (any, error) {
	if h.svc.d.Comments == nil {
		return nil, ErrNotFound
	}
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	page, err := r.PathPaging("pageIndex")
	if err != nil {
		return nil, err
	}
	p, err := h.svc.d.Comments.List(r.Context(), viewer, "news", r.PathValue("id"), r.Query("sort"), page.Size, page.Offset())
	if err != nil {
		return nil, err
	}
	return page.List(p.List, p.Total), nil
}

// preview: GET /news/preview/{matchId} (the match's preview article; 6301 when there is none)
func (h *handlers) preview(r *api.Request) (any, error) {
	return h.svc.Preview(r.Context(), r.PathValue("matchId"), r.Lang)
}

// cover: GET /news/cover/{id}.svg (the drawn picture, cached for a day)
func (h *handlers) cover(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(strings.TrimSuffix(r.PathValue("file"), ".svg"), 10, 64)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	svg, err := h.svc.Cover(r.Context(), id)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	_, _ = w.Write(svg)
}

// userList: GET /user/{userId}/{type}/{pageIndex} (type: posts, comments, follows, fans)
func (h *handlers) userList(r *api.Request) (any, error) {
	uid, ok := api.ParseUserID(r.PathValue("userId"))
	if !ok {
		return nil, api.ErrFormat
	}
	page, err := r.PathPaging("pageIndex")
	if err != nil {
		return nil, err
	}
	switch r.PathValue("type") {
	case "posts", "news":
		rows, total, err := h.svc.UserPosts(r.Context(), uid, page.Size, page.Offset())
		if err != nil {
			return nil, err
		}
		return page.List(rows, total), nil
	case "comments":
		if h.svc.d.Comments == nil {
			return page.List([]any{}, 0), nil
		}
		p, err := h.svc.d.Comments.ByUser(r.Context(), uid, page.Size, page.Offset())
		if err != nil {
			return nil, err
		}
		return page.List(p.List, p.Total), nil
	case "follows", "fans":
		if h.svc.d.Follows == nil {
			return page.List([]any{}, 0), nil
		}
		rows, total, err := h.svc.d.Follows.FollowList(r.Context(), uid, r.PathValue("type") == "fans", page.Size, page.Offset())
		if err != nil {
			return nil, err
		}
		return page.List(rows, int(total)), nil
	}
	return nil, api.ErrNotFound
}
