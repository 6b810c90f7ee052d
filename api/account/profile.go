package account

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"courtside/storage/postgres"
)

// UserInfo is the user object of the API (spec §3 user info). Private fields (phone, e-mail,
// balances, expiries, newUser) are filled only for the user themself and administrators.
type UserInfo struct {
	UserID      string   `json:"userId"` // "u<id>"
	UID         string   `json:"uid"`    // same as userId (both names appear in the spec)
	Name        string   `json:"name"`
	Username    string   `json:"username"`
	Avatar      string   `json:"avatar"`
	Signature   string   `json:"signature"`
	Level       int      `json:"level"`
	Experience  int64    `json:"experience"`
	NextLevel   int64    `json:"nextLevelExperience"` // total experience the next level needs; 0 at MaxLevel
	Member      int      `json:"member"`              // 0 none, 1 VIP, 2 SVIP
	Roles       []string `json:"roles"`
	Follows     int64    `json:"follows"`
	Fans        int64    `json:"fans"`
	Following   bool     `json:"following"` // the viewer follows this user
	Muted       bool     `json:"muted"`
	Private     bool     `json:"private"` // the fields below are filled
	AreaCode    string   `json:"areaCode,omitempty"`
	Phone       string   `json:"phone,omitempty"` // "+<area><number>"
	Email       string   `json:"email,omitempty"`
	Coin        int64    `json:"coin"`
	Diamond     int64    `json:"diamond"`
	VIPExpire   int64    `json:"vipExpire,omitempty"`  // Unix ms, 0 none or permanent
	SVIPExpire  int64    `json:"svipExpire,omitempty"` // Unix ms
	HasPassword bool     `json:"hasPassword,omitempty"`
	NewUser     bool     `json:"newUser,omitempty"`
	CreatedAt   int64    `json:"createdAt,omitempty"` // Unix ms
}

// publicRoles are the roles anyone may see on a profile. Staff roles (StaffRoles) are not among
// them: who runs the site is shown only to staff (Info), so administrator accounts cannot be
// listed by probing /user/info.
var publicRoles = map[Role]bool{RoleVIP: true, RoleSVIP: true, RoleStreamer: true, RoleExpert: true}

func (s *Service) publicInfo(ctx context.Context, u User, viewer int64) (UserInfo, error) {
	info := UserInfo{UserID: u.UID(), UID: u.UID(), Name: u.Name(), Username: u.Username, Avatar: u.Avatar,
		Signature: u.Signature, Level: u.Level, Experience: u.Experience, Member: u.Member(), Muted: u.Has(RoleMuted),
		Roles: []string{string(RoleUser)}}
	if u.Level < MaxLevel {
		info.NextLevel = LevelThreshold(u.Level + 1)
	}
	for _, g := range u.Roles {
		if publicRoles[g.Role] {
			info.Roles = append(info.Roles, string(g.Role))
		}
	}
	var err error
	if info.Follows, info.Fans, err = s.store.FollowCounts(ctx, u.ID); err != nil {
		return info, err
	}
	if viewer != 0 && viewer != u.ID {
		if info.Following, err = s.store.IsFollowing(ctx, viewer, u.ID); err != nil {
			return info, err
		}
	}
	return info, nil
}

// OwnInfo is the full user object of u, private fields included: what u sees of themself and
// administrators see of anybody.
func (s *Service) OwnInfo(ctx context.Context, u User) (UserInfo, error) {
	info, err := s.publicInfo(ctx, u, u.ID)
	if err != nil {
		return info, err
	}
	info.Private = true
	info.Roles = info.Roles[:1]
	for _, g := range u.Roles {
		info.Roles = append(info.Roles, string(g.Role))
	}
	info.AreaCode, info.Phone, info.Email = u.AreaCode, u.Phone, u.Email
	info.HasPassword, info.NewUser, info.CreatedAt = u.HasPassword, u.NewUser(), u.CreatedAt.UnixMilli()
	if t := u.expires(RoleVIP); !t.IsZero() {
		info.VIPExpire = t.UnixMilli()
	}
	if t := u.expires(RoleSVIP); !t.IsZero() {
		info.SVIPExpire = t.UnixMilli()
	}
	if s.balances != nil {
		if info.Coin, info.Diamond, err = s.balances.Balances(ctx, u.ID); err != nil {
			return info, err
		}
	}
	return info, nil
}

func (s *Service) reloadOwnInfo(ctx context.Context, id int64) (UserInfo, error) {
	u, err := s.UserByID(ctx, id)
	if err != nil {
		return UserInfo{}, err
	}
	return s.OwnInfo(ctx, u)
}

// Info is the user object of target as viewer sees it (viewer zero: a guest): the full one for
// themself and for administrators (PermManageUsers), the public profile for anybody else.
// ErrNotFound for an unknown user.
func (s *Service) Info(ctx context.Context, viewer User, target int64) (UserInfo, error) {
	if viewer.ID != 0 && target == viewer.ID {
		return s.OwnInfo(ctx, viewer)
	}
	u, err := s.UserByID(ctx, target)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return UserInfo{}, ErrNotFound
	}
	if err != nil {
		return UserInfo{}, err
	}
	if viewer.ID != 0 && Can(viewer, PermManageUsers) {
		return s.OwnInfo(ctx, u)
	}
	info, err := s.publicInfo(ctx, u, viewer.ID)
	if err == nil && viewer.Staff() {
		for _, g := range u.Roles {
			if slices.Contains(StaffRoles, g.Role) {
				info.Roles = append(info.Roles, string(g.Role))
			}
		}
	}
	return info, err
}

// ProfileEdit changes a profile; a nil field stays as it is.
type ProfileEdit struct {
	Username  *string
	Signature *string
}

// EditProfile changes u's username (letters and digits, unique) and personal signature (at most
// MaxSignature characters).
func (s *Service) EditProfile(ctx context.Context, u User, in ProfileEdit) (UserInfo, error) {
	if in.Username != nil && *in.Username != u.Username {
		name := strings.TrimSpace(*in.Username)
		if err := checkUsername(name); err != nil {
			return UserInfo{}, err
		}
		if err := s.store.SetUsername(ctx, u.ID, name); errors.Is(err, postgres.ErrUsernameTaken) {
			return UserInfo{}, ErrUsernameTaken
		} else if err != nil {
			return UserInfo{}, err
		}
	}
	if in.Signature != nil {
		sig := strings.TrimSpace(*in.Signature)
		if utf8.RuneCountInString(sig) > MaxSignature {
			return UserInfo{}, invalid("validation.signatureLength", MaxSignature)
		}
		if err := s.store.SetSignature(ctx, u.ID, sig); err != nil {
			return UserInfo{}, err
		}
	}
	return s.reloadOwnInfo(ctx, u.ID)
}

// MaxPrefs bounds the stored preferences object (bytes of JSON).
const MaxPrefs = 8 << 10

// Prefs is the user's stored preferences object (spec §7 getUserDataStatus); {} when none.
func (s *Service) Prefs(ctx context.Context, userID int64) (json.RawMessage, error) {
	data, err := s.store.Prefs(ctx, userID)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return json.RawMessage("{}"), nil
	}
	return json.RawMessage(data), nil
}

// SavePrefs replaces the user's preferences with prefs (at most MaxPrefs once encoded) and returns
// what is stored.
func (s *Service) SavePrefs(ctx context.Context, userID int64, prefs map[string]json.RawMessage) (json.RawMessage, error) {
	if prefs == nil {
		prefs = map[string]json.RawMessage{}
	}
	data, err := json.Marshal(prefs)
	if err != nil {
		return nil, ErrBadInput
	}
	if len(data) > MaxPrefs {
		return nil, ErrPrefsTooLarge
	}
	if err := s.store.SavePrefs(ctx, userID, data); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.Clone(data)), nil
}

// --- follows ---

// FollowState is a follow after a follow or unfollow.
type FollowState struct {
	Following bool  `json:"following"`
	Fans      int64 `json:"fans"` // the followed user's fans
}

// Follow makes u follow target (follow true) or stop following it. Following oneself is
// ErrFollowSelf, an unknown target ErrNotFound. Both are idempotent.
func (s *Service) Follow(ctx context.Context, u User, target int64, follow bool) (FollowState, error) {
	if target == u.ID {
		return FollowState{}, ErrFollowSelf
	}
	var err error
	if follow {
		_, err = s.store.Follow(ctx, u.ID, target, s.cfg.Now())
	} else {
		_, err = s.store.Unfollow(ctx, u.ID, target)
	}
	if errors.Is(err, postgres.ErrUserNotFound) {
		return FollowState{}, ErrNotFound
	}
	if err != nil {
		return FollowState{}, err
	}
	following, err := s.store.IsFollowing(ctx, u.ID, target)
	if err != nil {
		return FollowState{}, err
	}
	_, fans, err := s.store.FollowCounts(ctx, target)
	if err != nil {
		return FollowState{}, err
	}
	return FollowState{Following: following, Fans: fans}, nil
}

// IsFollowing reports whether user follows target.
//
// An unknown target is ErrNotFound, not "not following".
func (s *Service) IsFollowing(ctx context.Context, user, target int64) (bool, error) {
	if _, err := s.store.UserByID(ctx, target, s.cfg.Now()); errors.Is(err, postgres.ErrUserNotFound) {
		return false, ErrNotFound
	} else if err != nil {
		return false, err
	}
	return s.store.IsFollowing(ctx, user, target)
}

// FollowEntry is one line of a following or fans list.
type FollowEntry struct {
	UserID    string    `json:"userId"`
	Name      string    `json:"name"`
	Avatar    string    `json:"avatar"`
	Level     int       `json:"level"`
	Signature string    `json:"signature"`
	Since     time.Time `json:"-"`
}

// MaxFollowPage is the largest page of a follow list.
const MaxFollowPage = 50

// FollowList is one page of the users userID follows (fans false) or of its fans, newest first,
// with the total count. limit is at most MaxFollowPage.
func (s *Service) FollowList(ctx context.Context, userID int64, fans bool, limit, offset int) ([]FollowEntry, int64, error) {
	rows, total, err := s.store.FollowList(ctx, userID, fans, offset, min(limit, MaxFollowPage), s.cfg.Now())
	if err != nil {
		return nil, 0, err
	}
	list := make([]FollowEntry, 0, len(rows))
	for _, fr := range rows {
		fu := userFromRow(fr.User)
		list = append(list, FollowEntry{UserID: fu.UID(), Name: fu.Name(), Avatar: fu.Avatar, Level: fu.Level,
			Signature: fu.Signature, Since: fr.Since})
	}
	return list, total, nil
}
