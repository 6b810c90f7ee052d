package anchor

import (
	"errors"
	"strings"

	"courtside/api"
	"courtside/storage/postgres"
)

// adminList is the review queue: GET /admin/anchor/applications?status=review (default) with the full
// (unmasked) application and its photo URLs.
func (s *Service) adminList(r *api.Request) (any, error) {
	if _, err := s.admin(r); err != nil {
		return nil, err
	}
	status := r.Query("status")
	if status == "" {
		status = postgres.AnchorReview
	}
	switch status {
	case postgres.AnchorReview, postgres.AnchorApproved, postgres.AnchorRejected, postgres.AnchorBanned:
	default:
		return nil, api.ErrFormat
	}
	limit, offset, err := page(r)
	if err != nil {
		return nil, err
	}
	rows, err := s.d.Store.ListByStatus(r.Context(), status, limit, offset)
	if err != nil {
		return nil, api.Internal(err)
	}
	type entry struct {
		Status
		UserID    string `json:"userId"`
		BirthDate string `json:"birthDate"`
		IDFront   string `json:"idFront"`
		IDBack    string `json:"idBack"`
		IDHand    string `json:"idHand"`
	}
	out := make([]entry, 0, len(rows))
	for _, a := range rows {
		out = append(out, entry{Status: statusOf(a, false), UserID: uid(a.UserID), BirthDate: a.BirthDate.Format("2006-01-02"),
			IDFront: uploadURL(a.IDFront), IDBack: uploadURL(a.IDBack), IDHand: uploadURL(a.IDHand)})
	}
	return map[string]any{"list": out}, nil
}

// Review is the body of POST /admin/anchor/review.
type Review struct {
	UserID  string `json:"userId"` // "u<id>" or "<id>"
	Approve bool   `json:"approve"`
	Reason  string `json:"reason"` // required when rejecting: the applicant sees it
}

func parseUser(s string) (int64, bool) {
	var id int64
	for i, c := range strings.TrimPrefix(s, "u") {
		if c < '0' || c > '9' || i > 17 {
			return 0, false
		}
		id = id*10 + int64(c-'0')
	}
	return id, id > 0
}

func (s *Service) adminReview(r *api.Request) (any, error) {
	by, err := s.admin(r)
	if err != nil {
		return nil, err
	}
	var in Review
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, ok := parseUser(in.UserID)
	in.Reason = strings.TrimSpace(in.Reason)
	if !ok || (!in.Approve && in.Reason == "") {
		return nil, api.ErrFormat
	}
	a, err := s.d.Store.Review(r.Context(), id, in.Approve, in.Reason, by, s.cfg.Now())
	if err != nil {
		return nil, s.stateError(err)
	}
	if in.Approve && s.d.Streamers != nil {
		if err := s.d.Streamers.SetStreamer(r.Context(), id, true); err != nil {
			return nil, api.Internal(err)
		}
	}
	return statusOf(a, false), nil
}

// Ban is the body of POST /admin/anchor/ban: a streaming ban for a violation of spec §6, or its
// lifting (banned false).
type Ban struct {
	UserID string `json:"userId"`
	Banned bool   `json:"banned"`
	Reason string `json:"reason"` // required for a ban: the streamer sees it
}

// adminBan bans a streamer: live is ended, an ongoing stream on this node is cut at once, the key no
// longer opens the ingest. (On a cluster, the node holding the stream must be told too: see README.)
func (s *Service) adminBan(r *api.Request) (any, error) {
	by, err := s.admin(r)
	if err != nil {
		return nil, err
	}
	var in Ban
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, ok := parseUser(in.UserID)
	in.Reason = strings.TrimSpace(in.Reason)
	if !ok || (in.Banned && in.Reason == "") {
		return nil, api.ErrFormat
	}
	a, err := s.d.Store.SetBanned(r.Context(), id, in.Banned, in.Reason, by, s.cfg.Now())
	if err != nil {
		return nil, s.stateError(err)
	}
	stopped := false
	if in.Banned {
		stopped = s.d.Media.StopRoom(a.RoomID)
	}
	if s.d.Streamers != nil {
		if err := s.d.Streamers.SetStreamer(r.Context(), id, !in.Banned); err != nil {
			return nil, api.Internal(err)
		}
	}
	return map[string]any{"status": statusOf(a, false), "streamStopped": stopped}, nil
}

func (s *Service) stateError(err error) error {
	switch {
	case errors.Is(err, postgres.ErrAnchorNotFound):
		return ErrNotAnchor
	case errors.Is(err, postgres.ErrAnchorState):
		return ErrState
	default:
		return api.Internal(err)
	}
}
