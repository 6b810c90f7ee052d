package account

import (
	"net/http"

	"courtside/api"
)

// handlers are the accounts' REST endpoints: they decode, authenticate (Require, Optional), call
// the Service and shape the answer (the table is in README.md). No rule lives here.
type handlers struct{ svc *Service }

// Routes registers every handler of the module on srv (README.md lists them). The dev-only
// GET /dev/codes is not among them: see DevCodes. The accounts module authenticates its own calls;
// the other areas' handlers take the Service as their api.Authenticator (UserID).
func (s *Service) Routes(srv *api.Server) {
	h := &handlers{svc: s}
	signedIn := s.Require()
	edit := s.Require(PermEditProfile)
	follow := s.Require(PermFollow)

	// Auth (spec §7)
	srv.Handle("GET /login/loginCountryList", h.countries)
	srv.Handle("POST /login/V2/sendMobilecheckCode", h.sendMobileCode)
	srv.Handle("POST /login/V2/sendEmailcheckCode", h.sendEmailCode)
	srv.Handle("POST /login/V2/getLoginByEmailCheckCode", h.codeLogin)
	srv.Handle("POST /login/V2/mobileOrNameToLogin", h.passwordLogin)
	srv.Handle("POST /user/V2/modifyUser", h.newUserStep, signedIn)
	srv.Handle("GET /login/V2/getLoginUrl", h.loginURL)
	srv.Handle("GET /login/V2/getLoginInfo", h.loginInfo)
	srv.Handle("GET /login/V2/providers", h.providers)
	srv.Handle("POST /login/bindAccount", h.bindAccount)
	srv.Handle("GET /login/testLogin", h.guest)
	srv.Handle("POST /login/logout", h.logout)
	srv.Handle("POST /login/modifyPassword", h.resetPassword)
	srv.Handle("POST /user/V2/mobileOrNameToChange", h.changeContact, edit)
	srv.Handle("POST /user/V2/mobileOrNameToChangePass", h.changePassword, edit)

	// The legacy sign-in calls of spec §7: aliases of their V2 counterparts, same rules and errors
	// (http_legacy.go).
	srv.Handle("GET /login/pcLoginByAccount", h.legacyPasswordLogin)
	srv.Handle("POST /login/mobileandpw", h.passwordLogin)
	srv.Handle("POST /login/checkCode", h.codeLogin)
	srv.Handle("POST /login/sendVerificationCode", h.legacySendCode)
	srv.Handle("GET /login/getPCWXLoginAddress", h.legacyLoginURL("wechat"))
	srv.Handle("GET /login/getPCQQLoginAddress", h.legacyLoginURL("qq"))

	// User (spec §7)
	srv.Handle("GET /user/info", h.info, s.Optional())
	srv.Handle("POST /user/modifyUser", h.modifyUser, edit)
	srv.Handle("POST /user/uploadAvatar", h.avatar, edit)
	srv.Handle("GET /user/avatarRules", h.avatarRules)
	srv.HandleHTTP("GET /user/avatar/{name}", http.HandlerFunc(h.serveAvatar))
	srv.Handle("GET /user/getUserDataStatus", h.getPrefs, signedIn)
	srv.Handle("POST /user/saveUserDataStatus", h.savePrefs, signedIn)
	srv.Handle("GET /user/followUser", h.follow, follow)
	srv.Handle("GET /user/hasFollowUser", h.hasFollow, signedIn)
	srv.Handle("GET /user/getFollowOrFansH5", h.followList, signedIn)

	// Administration
}

// UserID is the signed-in user of a request (api.Authenticator, for the other areas' handlers):
// 1002 without a token, 3000/3001 for a dead session, 2011 for a banned account.
func (s *Service) UserID(r *api.Request) (int64, error) {
	u, err := s.Authenticate(r.Context(), r.Token)
	return u.ID, err
}

type userKey struct{}

// UserFrom returns the user Require or Optional stored in the request (ok false for a guest).
func UserFrom(r *api.Request) (User, bool) {
	u, ok := r.Context().Value(userKey{}).(User)
	return u, ok && u.ID != 0
}

// Require is the middleware of protected handlers: it authenticates r.Token (answering 1002,
// 3000 or 3001 as Authenticate decides), checks every permission given with Can (403
// otherwise) and stores the User for UserFrom.
func (s *Service) Require(perms ...Permission) api.Middleware {
	return func(next api.HandlerFunc) api.HandlerFunc {
		return func(r *api.Request) (any, error) {
			u, err := s.Authenticate(r.Context(), r.Token)
			if err != nil {
				return nil, err
			}
			for _, p := range perms {
				if !Can(u, p) {
					return nil, ErrAccessDenied
				}
			}
			r.WithValue(userKey{}, u)
			return next(r)
		}
	}
}

// Optional authenticates when a token is present (a bad one still answers 3000/3001 so the client
// clears it) and lets guests through.
func (s *Service) Optional() api.Middleware {
	return func(next api.HandlerFunc) api.HandlerFunc {
		return func(r *api.Request) (any, error) {
			if r.Token == "" {
				return next(r)
			}
			u, err := s.Authenticate(r.Context(), r.Token)
			if err != nil {
				return nil, err
			}
			r.WithValue(userKey{}, u)
			return next(r)
		}
	}
}

// client is where the request comes from, for sessions, limits and the language of codes.
func client(r *api.Request) Client {
	return Client{IP: r.ClientIP.String(), UserAgent: r.HTTP.UserAgent(), Lang: r.Lang}
}

// queryInt reads an integer query parameter, def when absent or malformed (these pages have always
// been lenient).
func queryInt(r *api.Request, name string, def int) int {
	n, err := r.IntQuery(name, def)
	if err != nil {
		return def
	}
	return n
}
