package account

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"courtside/api"
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

// publicRoles are the roles anyone may see on a profile.
var publicRoles = map[Role]bool{RoleVIP: true, RoleSVIP: true, RoleStreamer: true, RoleExpert: true, RoleAdmin: true}

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
		return info, api.Internal(err)
	}
	if viewer != 0 && viewer != u.ID {
		if info.Following, err = s.store.IsFollowing(ctx, viewer, u.ID); err != nil {
			return info, api.Internal(err)
		}
	}
	return info, nil
}

func (s *Service) ownInfo(ctx context.Context, u User) (UserInfo, error) {
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
			return info, api.Internal(err)
		}
	}
	return info, nil
}

func (s *Service) reloadOwnInfo(ctx context.Context, id int64) (UserInfo, error) {
	u, err := s.UserByID(ctx, id)
	if err != nil {
		return UserInfo{}, api.Internal(err)
	}
	return s.ownInfo(ctx, u)
}

// GET /user/info {userId?}: without userId (or with one's own) the signed-in user's full info;
// with another's, the public profile (administrators see it all).
func (s *Service) handleInfo(r *api.Request) (any, error) {
	viewer, signedIn := UserFrom(r)
	target := r.Query("userId")
	if target == "" {
		if !signedIn {
			return nil, api.ErrAuthRequired
		}
		return s.ownInfo(r.Context(), viewer)
	}
	id, ok := ParseUID(target)
	if !ok {
		return nil, ErrNotFound
	}
	if signedIn && id == viewer.ID {
		return s.ownInfo(r.Context(), viewer)
	}
	u, err := s.UserByID(r.Context(), id)
	if errors.Is(err, postgres.ErrUserNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	if signedIn && Can(viewer, PermManageUsers) {
		return s.ownInfo(r.Context(), u)
	}
	return s.publicInfo(r.Context(), u, viewer.ID)
}

// POST /user/modifyUser {username | uname, signature}: edit the profile. Absent fields stay.
func (s *Service) handleModifyUser(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in struct {
		Username  *string `json:"username"`
		Uname     *string `json:"uname"`
		Signature *string `json:"signature"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if in.Username == nil {
		in.Username = in.Uname
	}
	ctx := r.Context()
	if in.Username != nil && *in.Username != u.Username {
		name := strings.TrimSpace(*in.Username)
		if err := checkUsername(name); err != nil {
			return nil, err
		}
		if err := s.store.SetUsername(ctx, u.ID, name); errors.Is(err, postgres.ErrUsernameTaken) {
			return nil, ErrUsernameTaken
		} else if err != nil {
			return nil, api.Internal(err)
		}
	}
	if in.Signature != nil {
		sig := strings.TrimSpace(*in.Signature)
		if utf8.RuneCountInString(sig) > MaxSignature {
			return nil, api.BadRequest("validation.signatureLength", MaxSignature)
		}
		if err := s.store.SetSignature(ctx, u.ID, sig); err != nil {
			return nil, api.Internal(err)
		}
	}
	return s.reloadOwnInfo(ctx, u.ID)
}

// maxPrefs bounds the stored preferences object.
const maxPrefs = 8 << 10

// GET /user/getUserDataStatus: the stored preferences object ({} when none).
func (s *Service) handleGetPrefs(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	data, err := s.store.Prefs(r.Context(), u.ID)
	if err != nil {
		return nil, api.Internal(err)
	}
	if data == nil {
		return map[string]any{}, nil
	}
	return json.RawMessage(data), nil
}

// POST /user/saveUserDataStatus {...}: replaces the preferences with the JSON object sent.
func (s *Service) handleSavePrefs(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in map[string]json.RawMessage
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if in == nil {
		in = map[string]json.RawMessage{}
	}
	data, err := json.Marshal(in)
	if err != nil {
		return nil, api.ErrFormat
	}
	if len(data) > maxPrefs {
		return nil, api.ErrTooLarge
	}
	if err := s.store.SavePrefs(r.Context(), u.ID, data); err != nil {
		return nil, api.Internal(err)
	}
	return json.RawMessage(bytes.Clone(data)), nil
}

// --- follows ---

// GET /user/followUser {userId, type (1 follow, default; 2 unfollow)}
func (s *Service) handleFollow(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	id, ok := ParseUID(r.Query("userId"))
	if !ok {
		return nil, ErrNotFound
	}
	if id == u.ID {
		return nil, ErrFollowSelf
	}
	ctx := r.Context()
	var err error
	if queryInt(r, "type", 1) == 2 {
		_, err = s.store.Unfollow(ctx, u.ID, id)
	} else {
		_, err = s.store.Follow(ctx, u.ID, id, s.cfg.Now())
	}
	if errors.Is(err, postgres.ErrUserNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	following, err := s.store.IsFollowing(ctx, u.ID, id)
	if err != nil {
		return nil, api.Internal(err)
	}
	_, fans, err := s.store.FollowCounts(ctx, id)
	if err != nil {
		return nil, api.Internal(err)
	}
	return map[string]any{"following": following, "fans": fans}, nil
}

// GET /user/hasFollowUser {userId}
func (s *Service) handleHasFollow(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	id, ok := ParseUID(r.Query("userId"))
	if !ok {
		return nil, ErrNotFound
	}
	f, err := s.store.IsFollowing(r.Context(), u.ID, id)
	if err != nil {
		return nil, api.Internal(err)
	}
	return map[string]any{"following": f}, nil
}

// FollowEntry is one line of a following or fans list.
type FollowEntry struct {
	UserID    string `json:"userId"`
	Name      string `json:"name"`
	Avatar    string `json:"avatar"`
	Level     int    `json:"level"`
	Signature string `json:"signature"`
	Since     int64  `json:"since"` // Unix ms
}

// GET /user/getFollowOrFansH5 {type (1 following, default; 2 fans), userId?, pageIndex (from 1),
// pageSize (default 20, at most 50)}
func (s *Service) handleFollowList(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	id := u.ID
	if q := r.Query("userId"); q != "" {
		var ok bool
		if id, ok = ParseUID(q); !ok {
			return nil, ErrNotFound
		}
	}
	page := max(1, queryInt(r, "pageIndex", 1))
	size := min(50, max(1, queryInt(r, "pageSize", 20)))
	rows, total, err := s.store.FollowList(r.Context(), id, queryInt(r, "type", 1) == 2, (page-1)*size, size, s.cfg.Now())
	if err != nil {
		return nil, api.Internal(err)
	}
	list := make([]FollowEntry, 0, len(rows))
	for _, fr := range rows {
		fu := userFromRow(fr.User)
		list = append(list, FollowEntry{UserID: fu.UID(), Name: fu.Name(), Avatar: fu.Avatar, Level: fu.Level,
			Signature: fu.Signature, Since: fr.Since.UnixMilli()})
	}
	return map[string]any{"list": list, "total": total, "pageIndex": page, "pageSize": size}, nil
}
