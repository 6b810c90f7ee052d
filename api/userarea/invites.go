package userarea

import (
	"context"
	"errors"
	"strconv"

	"courtside/actors/protocol"
	"courtside/api/notice"
	"courtside/storage/postgres"
)

// InviteCode is a user's invitation code (their public user id: the invite link is
// /?invite=<code>).
func InviteCode(userID int64) string { return protocol.UserID(userID).String() }

// Accepted is the result of recording an invitation.
type Accepted struct {
	Inviter  protocol.UserID `json:"inviterId"`
	Rewarded bool            `json:"rewarded"`
	Refused  string          `json:"refused,omitempty"` // daily_limit or same_source: recorded, no reward
}

// AcceptInvite records that inviteeID joined through code, from ip and device, and rewards the
// inviter once (per invitee) when the invitee has a verified phone or e-mail and registered within
// the invitation window. Abuse limits: at most InviteDailyLimit rewarded invitations per inviter and
// day, and none for an invitee from an IP or device the inviter's invitations already came from.
func (s *Service) AcceptInvite(ctx context.Context, inviteeID int64, code, ip, device string) (Accepted, error) {
	id, err := protocol.ParseUserID(code)
	if err != nil || int64(id) == inviteeID {
		return Accepted{}, ErrInviteInvalid
	}
	inviter := int64(id)
	if _, err := s.d.Users.UserByID(ctx, inviter); err != nil {
		if errors.Is(err, postgres.ErrUserNotFound) {
			return Accepted{}, ErrInviteInvalid
		}
		return Accepted{}, err
	}
	u, err := s.d.Users.UserByID(ctx, inviteeID)
	if err != nil {
		return Accepted{}, err
	}
	now := s.cfg.Now()
	if u.Phone == "" && u.Email == "" {
		return Accepted{}, ErrInviteNotVerified
	}
	if now.Sub(u.CreatedAt) > s.cfg.InviteWindow {
		return Accepted{}, ErrInviteTooLate
	}
	dayStart, _ := s.periodBounds(Daily, now)
	inv, added, err := s.d.Store.RecordInvitation(ctx, postgres.InviteCheck{InviteeID: inviteeID, InviterID: inviter, IP: ip, Device: device,
		At: now, DayStart: dayStart, DailyLimit: s.cfg.InviteDailyLimit, Coins: s.cfg.InviteCoins})
	if err != nil {
		return Accepted{}, err
	}
	if !added {
		return Accepted{Inviter: id}, nil
	}
	if inv.Rewarded && s.d.Notices != nil {
		name := u.Username
		if name == "" {
			name = protocol.UserID(inviteeID).String()
		}
		if err := s.d.Notices.Send(ctx, notice.Notice{UserID: inviter, Kind: notice.KindTask, Key: "userarea.inviteRewarded",
			Args: []string{name, strconv.FormatInt(s.cfg.InviteCoins, 10)}, Link: "/userInfo/myTask",
			Dedupe: "invite:" + strconv.FormatInt(inviteeID, 10)}); err != nil {
			s.log.Sugar().Warnw("userarea: invitation notice", "error", err)
		}
	}
	return Accepted{Inviter: id, Rewarded: inv.Rewarded, Refused: inv.Refused}, nil
}

// Invitee is one row of the invitation record.
type Invitee struct {
	Name     string `json:"name"`
	Time     int64  `json:"time"`
	Rewarded bool   `json:"rewarded"`
	Coins    int64  `json:"coins"`
}

// Invites is the user's invite code and invitation record.
type Invites struct {
	Code   string    `json:"code"`
	Coins  int64     `json:"coins"` // reward per invitation
	Limit  int64     `json:"dailyLimit"`
	List   []Invitee `json:"list"`
	Earned int64     `json:"earned"`
}

// MyInvites is userID's invitation record.
func (s *Service) MyInvites(ctx context.Context, userID int64) (Invites, error) {
	rows, err := s.d.Store.Invitations(ctx, userID, 100)
	if err != nil {
		return Invites{}, err
	}
	out := Invites{Code: InviteCode(userID), Coins: s.cfg.InviteCoins, Limit: s.cfg.InviteDailyLimit, List: []Invitee{}}
	for _, r := range rows {
		i := Invitee{Name: r.Invitee, Time: r.At.UnixMilli(), Rewarded: r.Rewarded}
		if r.Rewarded {
			i.Coins = s.cfg.InviteCoins
			out.Earned += s.cfg.InviteCoins
		}
		out.List = append(out.List, i)
	}
	return out, nil
}
