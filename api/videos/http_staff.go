package videos

import (
	"strconv"

	"courtside/api"
	"courtside/storage/postgres"
)

// StaffView is a video in the back office: the public view plus its job's state and progress.
type StaffView struct {
	View
	JobState string `json:"jobState,omitempty"` // queued, running, done, failed
	Progress int    `json:"progress"`           // percent of the newest job
	Attempts int    `json:"attempts,omitempty"`
	Error    string `json:"error,omitempty"`
}

func staffView(v StaffVideo) StaffView {
	out := StaffView{View: ViewOf(v.Video), Error: v.Video.Error}
	if v.Job != nil {
		out.JobState, out.Progress, out.Attempts = v.Job.State, v.Job.Progress, v.Job.Attempts
		if out.Error == "" {
			out.Error = v.Job.Error
		}
	}
	if v.State == postgres.VideoReady || v.State == postgres.VideoHidden {
		out.Progress = 100
	}
	return out
}

func pathID(r *api.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, ErrNotFound
	}
	return id, nil
}

// staffList: GET /admin/videos?kind=&pageIndex=&pageSize=
func (h *handlers) staffList(r *api.Request, _ int64) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.StaffList(r.Context(), r.Query("kind"), p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	out := make([]StaffView, len(rows))
	for i, v := range rows {
		out[i] = staffView(v)
	}
	m := p.List(out, total)
	m["transcoder"] = h.svc.CanTranscode()
	return m, nil
}

// staffOne: GET /admin/videos/{id}
func (h *handlers) staffOne(r *api.Request, _ int64) (any, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	v, err := h.svc.StaffVideo(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return staffView(v), nil
}

type uploadIn struct {
	Title   string `json:"title"`
	Kind    string `json:"kind"`
	GameID  int    `json:"gameId"`
	MatchID string `json:"matchId"`
}

// startUpload: POST /admin/videos/upload {title, kind, gameId, matchId} — then send the file in
// parts (chunk) and close it (complete).
func (h *handlers) startUpload(r *api.Request, uid int64) (any, error) {
	var in uploadIn
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	v, err := h.svc.StartUpload(r.Context(), uid, UploadInput(in))
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": v.ID, "maxBytes": h.svc.cfg.MaxUploadBytes}, nil
}

// chunk: POST /admin/videos/{id}/chunk?offset= with the part's bytes as the body
// (application/octet-stream, at most the API's body limit); answers the bytes received so far.
func (h *handlers) chunk(r *api.Request, _ int64) (any, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	off, err := strconv.ParseInt(r.Query("offset"), 10, 64)
	if err != nil || off < 0 {
		return nil, api.ErrFormat
	}
	n, err := h.svc.WriteChunk(r.Context(), id, off, r.HTTP.Body)
	if err != nil {
		return nil, err
	}
	return map[string]any{"received": n}, nil
}

// complete: POST /admin/videos/{id}/complete — the file is whole: check it and queue it.
func (h *handlers) complete(r *api.Request, _ int64) (any, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	if _, err := h.svc.CompleteUpload(r.Context(), id); err != nil {
		return nil, err
	}
	v, err := h.svc.StaffVideo(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return staffView(v), nil
}

// edit: POST /admin/videos/{id} {title, kind, gameId, matchId}
func (h *handlers) edit(r *api.Request, _ int64) (any, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	var in uploadIn
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	v, err := h.svc.Edit(r.Context(), id, UploadInput(in))
	if err != nil {
		return nil, err
	}
	return ViewOf(v), nil
}

// setState: POST /admin/videos/{id}/state {state: hidden|ready|deleted}
func (h *handlers) setState(r *api.Request, _ int64) (any, error) {
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	var in struct {
		State string `json:"state"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	v, err := h.svc.SetState(r.Context(), id, in.State)
	if err != nil {
		return nil, err
	}
	return ViewOf(v), nil
}
