package admin

import (
	"strconv"
	"strings"
	"time"

	"courtside/api"
	"courtside/api/audit"
)

// GET /admin/audit?actor=&action=&targetKind=&target=&from=&to=&before=&size=: the audit log, newest
// first. actor is a user id; action an exact action or a prefix ending in "." (user.); from and to
// are dates (2006-01-02, UTC, to inclusive) or unix ms; before is the id of the last entry of the
// previous page. Answers {list, next} (next: the before of the following page, 0 at the end).
func (h *handlers) audit(r *api.Request, _ Staff) (any, error) {
	f := audit.Filter{Action: strings.TrimSpace(r.Query("action")), TargetKind: r.Query("targetKind"),
		TargetID: strings.TrimSpace(r.Query("target"))}
	if a := strings.TrimSpace(r.Query("actor")); a != "" {
		id, ok := api.ParseUserID(a)
		if !ok {
			return nil, api.ErrFormat
		}
		f.ActorID = id
	}
	var err error
	if f.From, err = timeQuery(r.Query("from"), false); err != nil {
		return nil, err
	}
	if f.To, err = timeQuery(r.Query("to"), true); err != nil {
		return nil, err
	}
	if f.BeforeID, err = int64Query(r.Query("before")); err != nil {
		return nil, err
	}
	size, err := r.IntQuery("size", 50)
	if err != nil || size < 1 || size > 200 {
		return nil, api.ErrFormat
	}
	f.Limit = size
	list, err := h.svc.Audit(r.Context(), f)
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []audit.Record{}
	}
	var next int64
	if len(list) == size {
		next = list[len(list)-1].ID
	}
	return map[string]any{"list": list, "next": next}, nil
}

// timeQuery reads a date (the day's start, or with end the next day's start) or unix ms.
func timeQuery(v string, end bool) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, nil
	}
	if d, err := time.Parse("2006-01-02", v); err == nil {
		if end {
			d = d.Add(24 * time.Hour)
		}
		return d, nil
	}
	ms, err := strconv.ParseInt(v, 10, 64)
	if err != nil || ms < 0 {
		return time.Time{}, api.ErrFormat
	}
	return time.UnixMilli(ms), nil
}

func int64Query(v string) (int64, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, api.ErrFormat
	}
	return n, nil
}
