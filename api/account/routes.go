package account

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"

	"courtside/api"
)

// Routes registers every handler of the module on srv (README.md lists them). The dev-only
// GET /dev/codes is not among them: see DevCodes.
func (s *Service) Routes(srv *api.Server) {
	signedIn := s.Require()
	edit := s.Require(PermEditProfile)
	follow := s.Require(PermFollow)

	// Auth (spec §7)
	srv.Handle("GET /login/loginCountryList", s.handleCountries)
	srv.Handle("POST /login/V2/sendMobilecheckCode", s.handleSendMobileCode)
	srv.Handle("POST /login/V2/sendEmailcheckCode", s.handleSendEmailCode)
	srv.Handle("POST /login/V2/getLoginByEmailCheckCode", s.handleCodeLogin)
	srv.Handle("POST /login/V2/mobileOrNameToLogin", s.handlePasswordLogin)
	srv.Handle("POST /user/V2/modifyUser", s.handleNewUserStep, signedIn)
	srv.Handle("GET /login/V2/getLoginUrl", s.handleLoginURL)
	srv.Handle("GET /login/V2/getLoginInfo", s.handleLoginInfo)
	srv.Handle("GET /login/V2/providers", s.handleProviders)
	srv.Handle("POST /login/bindAccount", s.handleBindAccount)
	srv.Handle("GET /login/testLogin", s.handleGuest)
	srv.Handle("POST /login/logout", s.handleLogout)
	srv.Handle("POST /login/modifyPassword", s.handleResetPassword)
	srv.Handle("POST /user/V2/mobileOrNameToChange", s.handleChangeContact, edit)
	srv.Handle("POST /user/V2/mobileOrNameToChangePass", s.handleChangePassword, edit)

	// User (spec §7)
	srv.Handle("GET /user/info", s.handleInfo, s.Optional())
	srv.Handle("POST /user/modifyUser", s.handleModifyUser, edit)
	srv.Handle("POST /user/uploadAvatar", s.handleAvatar, edit)
	srv.HandleHTTP("GET /user/avatar/{name}", http.HandlerFunc(s.serveAvatar))
	srv.Handle("GET /user/getUserDataStatus", s.handleGetPrefs, signedIn)
	srv.Handle("POST /user/saveUserDataStatus", s.handleSavePrefs, signedIn)
	srv.Handle("GET /user/followUser", s.handleFollow, follow)
	srv.Handle("GET /user/hasFollowUser", s.handleHasFollow, signedIn)
	srv.Handle("GET /user/getFollowOrFansH5", s.handleFollowList, signedIn)

	// Administration
	srv.Handle("POST /admin/user/role", s.handleAdminRole, s.Require(PermManageUsers))
}

// noWelcome grants nothing (CreateAdmin: an administrator is not a registration).
type noWelcome struct{}

func (noWelcome) GrantWelcome(context.Context, pgx.Tx, int64) error { return nil }
