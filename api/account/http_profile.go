package account

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"go.uber.org/zap"

	"courtside/api"
)

// GET /user/info {userId?}: without userId (or with one's own) the signed-in user's full info;
// with another's, the public profile (administrators see it all).
func (h *handlers) info(r *api.Request) (any, error) {
	viewer, signedIn := UserFrom(r)
	target := r.Query("userId")
	if target == "" {
		if !signedIn {
			return nil, api.ErrAuthRequired
		}
		return h.svc.OwnInfo(r.Context(), viewer)
	}
	id, ok := api.ParseUserID(target)
	if !ok {
		return nil, ErrNotFound
	}
	return h.svc.Info(r.Context(), viewer, id)
}

// POST /user/modifyUser {username | uname, signature}: edit the profile. Absent fields stay.
func (h *handlers) modifyUser(r *api.Request) (any, error) {
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
	return h.svc.EditProfile(r.Context(), u, ProfileEdit{Username: in.Username, Signature: in.Signature})
}

// GET /user/getUserDataStatus: the stored preferences object ({} when none).
func (h *handlers) getPrefs(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	return h.svc.Prefs(r.Context(), u.ID)
}

// POST /user/saveUserDataStatus {...}: replaces the preferences with the JSON object sent.
func (h *handlers) savePrefs(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	var in map[string]json.RawMessage
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.SavePrefs(r.Context(), u.ID, in)
}

// GET /user/followUser {userId, type (1 follow, default; 2 unfollow)}
func (h *handlers) follow(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	id, ok := api.ParseUserID(r.Query("userId"))
	if !ok {
		return nil, ErrNotFound
	}
	return h.svc.Follow(r.Context(), u, id, queryInt(r, "type", 1) != 2)
}

// GET /user/hasFollowUser {userId}
func (h *handlers) hasFollow(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	id, ok := api.ParseUserID(r.Query("userId"))
	if !ok {
		return nil, ErrNotFound
	}
	f, err := h.svc.IsFollowing(r.Context(), u.ID, id)
	if err != nil {
		return nil, err
	}
	return map[string]any{"following": f}, nil
}

// followLine is a FollowEntry as the list sends it.
type followLine struct {
	FollowEntry
	Since int64 `json:"since"` // Unix ms
}

// GET /user/getFollowOrFansH5 {type (1 following, default; 2 fans), userId?, pageIndex (from 1),
// pageSize (default 20, at most 50)}
func (h *handlers) followList(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	id := u.ID
	if q := r.Query("userId"); q != "" {
		var ok bool
		if id, ok = api.ParseUserID(q); !ok {
			return nil, ErrNotFound
		}
	}
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	p.Size = min(p.Size, MaxFollowPage)
	rows, total, err := h.svc.FollowList(r.Context(), id, queryInt(r, "type", 1) == 2, p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	list := make([]followLine, len(rows))
	for i, e := range rows {
		list[i] = followLine{FollowEntry: e, Since: api.Millis(e.Since)}
	}
	return p.List(list, int(total)), nil
}

// POST /user/uploadAvatar (multipart/form-data, one file part, any field name): JPG or PNG by
// content, at most Config.AvatarMaxBytes (Service.SetAvatar).
func (h *handlers) avatar(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	data, err := h.readAvatarPart(r)
	if err != nil {
		return nil, err
	}
	path, err := h.svc.SetAvatar(r.Context(), u, data)
	if err != nil {
		return nil, err
	}
	return map[string]any{"avatar": path}, nil
}

// GET /user/avatarRules: the limits of POST /user/uploadAvatar (AvatarRules), for everyone.
func (h *handlers) avatarRules(_ *api.Request) (any, error) { return h.svc.AvatarRules(), nil }

// readAvatarPart returns the first file part of a multipart body, refusing more than the limit.
func (h *handlers) readAvatarPart(r *api.Request) ([]byte, error) {
	limit := h.svc.Config().AvatarMaxBytes
	mr, err := r.HTTP.MultipartReader()
	if err != nil {
		return nil, ErrAvatarFormat
	}
	for {
		p, err := mr.NextPart()
		if err != nil {
			if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
				return nil, ErrAvatarTooLarge
			}
			return nil, ErrAvatarFormat
		}
		if p.FileName() == "" {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(p, limit+1))
		if err != nil {
			if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
				return nil, ErrAvatarTooLarge
			}
			return nil, ErrAvatarFormat
		}
		if int64(len(data)) > limit {
			return nil, ErrAvatarTooLarge
		}
		return data, nil
	}
}

// serveAvatar serves GET /java/user/avatar/{name}[?s=side] (a smaller square: AvatarThumbSides).
// Names are random per upload, so the answer never changes: cached for a year.
func (h *handlers) serveAvatar(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	side, _ := strconv.Atoi(r.URL.Query().Get("s"))
	data, ct, err := h.svc.AvatarAt(r.Context(), name, side)
	if err != nil {
		if !errors.Is(err, ErrAvatarNotFound) {
			h.svc.Logger().Error("account: reading avatar", zap.String("name", name), zap.Error(err))
		}
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(data)
}
