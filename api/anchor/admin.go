package anchor

import (
	"context"
	"errors"
	"strings"

	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/api/audit"
	"courtside/storage/postgres"
)

// Applications lists a page of the applications in one status (review, approved, rejected or
// banned; ErrBadInput for another), unmasked, for the administrators' review queue, with how many
// there are in that status.
func (s *Service) Applications(ctx context.Context, status string, limit, offset int) ([]postgres.AnchorRow, int, error) {
	switch status {
	case postgres.AnchorReview, postgres.AnchorApproved, postgres.AnchorRejected, postgres.AnchorBanned:
	default:
		return nil, 0, ErrBadInput
	}
	rows, err := s.d.Store.ListByStatus(ctx, status, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.d.Store.CountByStatus(ctx, status)
	return rows, total, err
}

// ReviewRequest is an administrator's decision on an application.
type ReviewRequest struct {
	UserID  int64
	Approve bool
	Reason  string // required when rejecting: the applicant sees it
	By      int64  // the administrator
}

// Review approves or rejects an application under review; an approved applicant gets the
// streamer role. ErrBadInput for a rejection without a reason, ErrNotAnchor without an application,
// ErrState when it is not under review.
func (s *Service) Review(ctx context.Context, in ReviewRequest) (postgres.AnchorRow, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if in.UserID <= 0 || (!in.Approve && in.Reason == "") {
		return postgres.AnchorRow{}, ErrBadInput
	}
	a, err := s.d.Store.Review(ctx, in.UserID, in.Approve, in.Reason, in.By, s.cfg.Now())
	if err != nil {
		return a, stateError(err)
	}
	if in.Approve && s.d.Streamers != nil {
		if err := s.d.Streamers.SetStreamer(ctx, in.UserID, true); err != nil {
			return a, err
		}
	}
	action := "anchor.reject"
	if in.Approve {
		action = "anchor.approve"
	}
	s.audit(ctx, in.By, action, in.UserID, map[string]string{"status": postgres.AnchorReview},
		map[string]string{"status": a.Status, "room": a.RoomID}, in.Reason)
	return a, nil
}

// audit writes a staff action on an application to the audit log (Deps.Audit; a failure is logged:
// the action itself is done).
func (s *Service) audit(ctx context.Context, by int64, action string, user int64, before, after any, reason string) {
	if s.d.Audit == nil {
		return
	}
	err := s.d.Audit.Record(ctx, audit.Entry{ActorID: by, Action: action, TargetKind: "user",
		TargetID: protocol.UserID(user).String(), Before: before, After: after, Reason: reason})
	if err != nil {
		s.log.Error("anchor: audit log", zap.String("action", action), zap.Error(err))
	}
}

// BanRequest is a streaming ban for a violation of spec §6, or its lifting (Banned false).
type BanRequest struct {
	UserID int64
	Banned bool
	Reason string // required for a ban: the streamer sees it
	By     int64  // the administrator
}

// Ban bans a streamer: live is ended, an ongoing stream is cut at once (streamStopped), the key no
// longer opens the ingest and the streamer role is revoked; lifting the ban gives the role back.
func (s *Service) Ban(ctx context.Context, in BanRequest) (a postgres.AnchorRow, streamStopped bool, err error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if in.UserID <= 0 || (in.Banned && in.Reason == "") {
		return a, false, ErrBadInput
	}
	a, err = s.d.Store.SetBanned(ctx, in.UserID, in.Banned, in.Reason, in.By, s.cfg.Now())
	if err != nil {
		return a, false, stateError(err)
	}
	action := "anchor.unban"
	if in.Banned {
		action = "anchor.ban"
	}
	s.audit(ctx, in.By, action, in.UserID, map[string]bool{"banned": !in.Banned}, map[string]bool{"banned": in.Banned}, in.Reason)
	if in.Banned {
		streamStopped = s.d.Media.StopRoom(a.RoomID)
	}
	if s.d.Streamers != nil {
		if err := s.d.Streamers.SetStreamer(ctx, in.UserID, !in.Banned); err != nil {
			return a, streamStopped, err
		}
	}
	return a, streamStopped, nil
}

func stateError(err error) error {
	switch {
	case errors.Is(err, postgres.ErrAnchorNotFound):
		return ErrNotAnchor
	case errors.Is(err, postgres.ErrAnchorState):
		return ErrState
	default:
		return err
	}
}
