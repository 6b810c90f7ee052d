package content

import (
	"encoding/json"
	"time"

	"courtside/api"
)

func msTime(ms int64) time.Time {
	if ms <= 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// staffProclamations: GET /admin/content/proclamations?state=&lang=&pageIndex=&pageSize=
func (h *handlers) staffProclamations(r *api.Request, _ int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	list, total, err := h.svc.Proclamations(r.Context(), ProclamationQuery{State: r.Query("state"), Lang: r.Query("lang"),
		Limit: page.Size, Offset: page.Offset()})
	if err != nil {
		return nil, err
	}
	out := page.List(list, total)
	out["now"] = h.svc.Now().UnixMilli()
	return out, nil
}

// saveProclamation: POST /admin/content/proclamations {id?, lang, title, content, link, level,
// startTime?, endTime?} (unix ms; startTime 0: now, endTime 0: until withdrawn)
func (h *handlers) saveProclamation(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID        int64  `json:"id"`
		Lang      string `json:"lang"`
		Title     string `json:"title"`
		Content   string `json:"content"`
		Link      string `json:"link"`
		Level     string `json:"level"`
		StartTime int64  `json:"startTime"`
		EndTime   int64  `json:"endTime"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.SaveProclamation(r.Context(), Actor{ID: uid, IP: r.IP()}, ProclamationInput{ID: in.ID, Lang: in.Lang, Title: in.Title,
		Content: in.Content, Link: in.Link, Level: in.Level, Start: msTime(in.StartTime), End: msTime(in.EndTime)})
}

// withdrawProclamation: POST /admin/content/proclamations/withdraw {id, reason}
func (h *handlers) withdrawProclamation(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID     int64  `json:"id"`
		Reason string `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.WithdrawProclamation(r.Context(), Actor{ID: uid, IP: r.IP()}, in.ID, in.Reason)
}

// staffPages: GET /admin/content/pages → {list: [{slug, path, title, edited: [{lang, updateTime}], defaults: [lang]}]}
func (h *handlers) staffPages(r *api.Request, _ int64) (any, error) {
	list, err := h.svc.StaffPages(r.Context(), r.Lang)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": list}, nil
}

// staffPage: GET /admin/content/pages/{slug}?lang= (the text to edit in that language)
func (h *handlers) staffPage(r *api.Request, _ int64) (any, error) {
	return h.svc.StaffPage(r.Context(), r.PathValue("slug"), r.Query("lang"))
}

// savePage: POST /admin/content/pages {slug, lang, title, body: [blocks]}
func (h *handlers) savePage(r *api.Request, uid int64) (any, error) {
	var in struct {
		Slug  string          `json:"slug"`
		Lang  string          `json:"lang"`
		Title string          `json:"title"`
		Body  json.RawMessage `json:"body"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.SavePage(r.Context(), Actor{ID: uid, IP: r.IP()}, in.Slug, in.Lang, in.Title, in.Body)
}

// resetPage: POST /admin/content/pages/reset {slug, lang, reason}
func (h *handlers) resetPage(r *api.Request, uid int64) (any, error) {
	var in struct {
		Slug   string `json:"slug"`
		Lang   string `json:"lang"`
		Reason string `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.ResetPage(r.Context(), Actor{ID: uid, IP: r.IP()}, in.Slug, in.Lang, in.Reason)
}
