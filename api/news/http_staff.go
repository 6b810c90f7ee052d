package news

import (
	"encoding/json"
	"time"

	"courtside/api"
)

// draftIn is the body of a save or a submission.
type draftIn struct {
	ID      int64           `json:"id"`
	GameID  int             `json:"gameId"`
	Type    string          `json:"type"`
	Title   string          `json:"title"`
	Summary string          `json:"summary"`
	Body    json.RawMessage `json:"body"`
	Cover   string          `json:"cover"`
	Tags    []string        `json:"tags"`
	Matches []string        `json:"matchIds"`
	Teams   []string        `json:"teamIds"`
	Players []string        `json:"playerIds"`
	Lang    string          `json:"lang"`
}

func (d draftIn) draft() Draft {
	return Draft{ID: d.ID, Game: d.GameID, Type: d.Type, Title: d.Title, Summary: d.Summary, Body: d.Body, Cover: d.Cover,
		Tags: d.Tags, Matches: d.Matches, Teams: d.Teams, Players: d.Players, Lang: d.Lang}
}

// submit: POST /news/submit {gameId, type, title, summary, body, tags, lang} (a user's post, pending review)
func (h *handlers) submit(r *api.Request, uid int64) (any, error) {
	var in draftIn
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	in.Cover, in.Matches, in.Teams, in.Players = "", nil, nil, nil
	a, err := h.svc.Submit(r.Context(), uid, in.draft())
	if err != nil {
		return nil, err
	}
	return h.svc.ViewOf(r.Context(), a, true), nil
}

// myPosts: GET /news/myPosts?pageIndex=&pageSize=
func (h *handlers) myPosts(r *api.Request, uid int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.MyPosts(r.Context(), uid, page.Size, page.Offset())
	if err != nil {
		return nil, err
	}
	return page.List(rows, total), nil
}

// staffList: GET /admin/news/articles?state=&userPost=true|false&game=&q=&pageIndex=&pageSize=
func (h *handlers) staffList(r *api.Request, _ int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	q := StaffQuery{State: r.Query("state"), Query: r.Query("q"), Limit: page.Size, Offset: page.Offset()}
	if q.Game, err = gameParam(r.Query("game")); err != nil {
		return nil, err
	}
	if v := r.Query("userPost"); v != "" {
		b := v == "true" || v == "1"
		q.UserPost = &b
	}
	rows, total, err := h.svc.StaffArticles(r.Context(), q)
	if err != nil {
		return nil, err
	}
	return page.List(h.svc.views(r.Context(), rows), total), nil
}

// staffArticle: GET /admin/news/articles/{id} (any state, with its body: the editor and its preview)
func (h *handlers) staffArticle(r *api.Request, _ int64) (any, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	a, err := h.svc.StaffArticle(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return h.svc.ViewOf(r.Context(), a, true), nil
}

// save: POST /admin/news/articles {id?, gameId, type, title, summary, body, cover, tags, matchIds, teamIds, playerIds, lang}
func (h *handlers) save(r *api.Request, uid int64) (any, error) {
	var in draftIn
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	a, err := h.svc.Save(r.Context(), Actor{ID: uid, IP: r.IP()}, in.draft())
	if err != nil {
		return nil, err
	}
	return h.svc.ViewOf(r.Context(), a, true), nil
}

// publish: POST /admin/news/publish {id, publishTime?} (unix ms; later than now schedules it)
func (h *handlers) publish(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID          int64 `json:"id"`
		PublishTime int64 `json:"publishTime"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	var at time.Time
	if in.PublishTime > 0 {
		at = time.UnixMilli(in.PublishTime)
	}
	a, err := h.svc.Publish(r.Context(), Actor{ID: uid, IP: r.IP()}, in.ID, at)
	if err != nil {
		return nil, err
	}
	return h.svc.ViewOf(r.Context(), a, false), nil
}

// unpublish: POST /admin/news/unpublish {id, reason}
func (h *handlers) unpublish(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID     int64  `json:"id"`
		Reason string `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	a, err := h.svc.Unpublish(r.Context(), Actor{ID: uid, IP: r.IP()}, in.ID, in.Reason)
	if err != nil {
		return nil, err
	}
	return h.svc.ViewOf(r.Context(), a, false), nil
}

// review: POST /admin/news/review {id, approve, note}
func (h *handlers) review(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID      int64  `json:"id"`
		Approve bool   `json:"approve"`
		Note    string `json:"note"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	a, err := h.svc.Review(r.Context(), Actor{ID: uid, IP: r.IP()}, in.ID, in.Approve, in.Note)
	if err != nil {
		return nil, err
	}
	return h.svc.ViewOf(r.Context(), a, false), nil
}
