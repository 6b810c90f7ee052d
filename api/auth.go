package api

import (
	"context"
	"net/http"
)

// Authenticator says who sends a request: the signed-in user's id, or the error to answer
// (ErrAuthRequired without a token, errorCode 3000/3001 for a dead session). The accounts module
// implements it (account.Service.UserID); every area's HTTP handlers take one.
type Authenticator interface {
	UserID(r *Request) (int64, error)
}

// AuthFunc adapts a function to Authenticator.
type AuthFunc func(r *Request) (int64, error)

// UserID calls f.
func (f AuthFunc) UserID(r *Request) (int64, error) { return f(r) }

// Admins tells platform administrators apart. An area's service declares the same method in its
// own Deps (the accounts module implements it), and hands it to its handlers.
type Admins interface {
	IsAdmin(ctx context.Context, userID int64) (bool, error)
}

// Staff tells what a staff member may do in the back office; perm is one of the accounts module's
// back-office permissions (account.PermManageOrders, ...). The accounts module implements it; an area
// declares the same method in its own Deps and hands it to its handlers.
type Staff interface {
	Can(ctx context.Context, userID int64, perm string) (bool, error)
}

// Auth is the callers' side of an area's HTTP handlers: who is signed in (Users), who is an
// administrator (Admins, nil: nobody) and what staff may do (Staff, nil: administrators only). Its methods answer the envelope errors of spec §8 themselves,
// so a handler starts with one line:
//
//	uid, err := h.auth.User(r)
type Auth struct {
	Users  Authenticator
	Admins Admins
	Staff  Staff
}

// User is the signed-in user's id, or the Authenticator's error (1002 without a token, 3000/3001
// for a dead session).
func (a Auth) User(r *Request) (int64, error) {
	if a.Users == nil {
		return 0, ErrAuthRequired
	}
	uid, err := a.Users.UserID(r)
	if err != nil {
		return 0, err
	}
	if uid <= 0 {
		return 0, ErrAuthRequired
	}
	return uid, nil
}

// Viewer is the signed-in user's id, or 0 for a guest (no token). A token that does not
// authenticate still answers its error, so the client drops it.
func (a Auth) Viewer(r *Request) (int64, error) {
	if r.Token == "" {
		return 0, nil
	}
	return a.User(r)
}

// IsAdmin reports whether userID is an administrator (false when Admins is nil).
func (a Auth) IsAdmin(ctx context.Context, userID int64) (bool, error) {
	if a.Admins == nil || userID <= 0 {
		return false, nil
	}
	return a.Admins.IsAdmin(ctx, userID)
}

// Admin is the signed-in administrator's id: 1002/3000/3001 as User, 1003 'Access Denied' for
// anybody else.
func (a Auth) Admin(r *Request) (int64, error) {
	uid, err := a.User(r)
	if err != nil {
		return 0, err
	}
	ok, err := a.IsAdmin(r.Context(), uid)
	if err != nil {
		return 0, Internal(err)
	}
	if !ok {
		return 0, ErrAccessDenied
	}
	return uid, nil
}

// Subject is whose data a read is about: the caller, or the user named by the userId query
// parameter (ParseUserID), which only an administrator may name when it is somebody
// else (1003 otherwise, 1000 for a malformed id). caller is the signed-in user.
func (a Auth) Subject(r *Request) (subject, caller int64, err error) {
	caller, err = a.User(r)
	if err != nil {
		return 0, 0, err
	}
	q := r.Query("userId")
	if q == "" {
		return caller, caller, nil
	}
	other, ok := ParseUserID(q)
	if !ok {
		return 0, 0, ErrFormat
	}
	if other == caller {
		return caller, caller, nil
	}
	admin, err := a.IsAdmin(r.Context(), caller)
	if err != nil {
		return 0, 0, Internal(err)
	}
	if !admin {
		return 0, 0, ErrAccessDenied
	}
	return other, caller, nil
}

// PlainRequest wraps the request of a plain handler (Server.HandleHTTP: a stream, a file) as a
// *Request, so an Authenticator can read its token.
func PlainRequest(w http.ResponseWriter, hr *http.Request) *Request {
	m, _ := MetaFrom(hr.Context())
	return &Request{Meta: m, HTTP: hr, w: w}
}

// UserHandler is a handler that runs for a signed-in user (or an administrator), whose id it gets.
type UserHandler func(r *Request, uid int64) (any, error)

// RequireUser wraps h for the route table: h runs only for a signed-in user (User answers 1002,
// 3000 or 3001 otherwise) and gets the user's id.
func (a Auth) RequireUser(h UserHandler) HandlerFunc {
	return func(r *Request) (any, error) {
		uid, err := a.User(r)
		if err != nil {
			return nil, err
		}
		return h(r, uid)
	}
}

// RequireAdmin wraps h for the route table: h runs only for an administrator (Admin answers 1003
// 'Access Denied' to anybody else) and gets the administrator's id.
func (a Auth) RequireAdmin(h UserHandler) HandlerFunc {
	return func(r *Request) (any, error) {
		uid, err := a.Admin(r)
		if err != nil {
			return nil, err
		}
		return h(r, uid)
	}
}

// RequireStaff returns the wrapper of the back office's routes that need perm: h runs only for a
// staff member who holds it (1003 'Access Denied' to anybody else, a banned one included) and gets
// their id. Without Staff only administrators pass.
func (a Auth) RequireStaff(perm string) func(UserHandler) HandlerFunc {
	return func(h UserHandler) HandlerFunc {
		return func(r *Request) (any, error) {
			uid, err := a.User(r)
			if err != nil {
				return nil, err
			}
			var ok bool
			if a.Staff != nil {
				ok, err = a.Staff.Can(r.Context(), uid, perm)
			} else {
				ok, err = a.IsAdmin(r.Context(), uid)
			}
			if err != nil {
				return nil, Internal(err)
			}
			if !ok {
				return nil, ErrAccessDenied
			}
			return h(r, uid)
		}
	}
}

// RequireSubject wraps h for the route table of a read about a user: h runs for a signed-in caller
// and gets whose data to read, the caller or the ?userId= an administrator names (Subject).
func (a Auth) RequireSubject(h UserHandler) HandlerFunc {
	return func(r *Request) (any, error) {
		subject, _, err := a.Subject(r)
		if err != nil {
			return nil, err
		}
		return h(r, subject)
	}
}
