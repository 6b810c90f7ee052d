package account

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"courtside/api"
)

// GET /login/pcLoginByAccount {mobileOrEmail | name, areaCode, password}: the legacy password
// sign-in, the query read as mobileOrNameToLogin's body (same limits, same errors). POST with a body
// is mobileandpw; clients should prefer it (a query can end up in logs).
func (h *handlers) legacyPasswordLogin(r *api.Request) (any, error) {
	in := identityInput{MobileOrEmail: api.FlexString(r.Query("mobileOrEmail")), Name: r.Query("name"),
		AreaCode: api.FlexString(r.Query("areaCode")), Password: r.Query("password")}
	if in.MobileOrEmail == "" {
		in.MobileOrEmail = api.FlexString(r.Query("account"))
	}
	return h.svc.PasswordLogin(r.Context(), in.identity(), in.Password, client(r))
}

// POST /login/sendVerificationCode {mobileOrEmail | mobile | email, areaCode, type (1 e-mail,
// 2 mobile)}: the legacy send-code call; an e-mail (or type 1) goes the way of sendEmailcheckCode,
// anything else the way of sendMobilecheckCode.
func (h *handlers) legacySendCode(r *api.Request) (any, error) {
	data, err := io.ReadAll(r.HTTP.Body)
	if err != nil {
		return nil, api.ErrFormat.Wrap(err)
	}
	var in struct {
		MobileOrEmail api.FlexString `json:"mobileOrEmail"`
		Mobile        api.FlexString `json:"mobile"`
		Email         string         `json:"email"`
		Type          api.FlexInt    `json:"type"`
	}
	if len(bytes.TrimSpace(data)) > 0 {
		if err := json.Unmarshal(data, &in); err != nil {
			return nil, api.ErrFormat.Wrap(err)
		}
	}
	r.HTTP.Body = io.NopCloser(bytes.NewReader(data))
	if in.Email != "" || in.Type.Value == EmailAddress || strings.Contains(string(in.MobileOrEmail), "@") {
		return h.sendEmailCode(r)
	}
	return h.sendMobileCode(r)
}

// GET /login/getPCWXLoginAddress and /login/getPCQQLoginAddress {isFrom}: getLoginUrl for WeChat
// and QQ.
func (h *handlers) legacyLoginURL(provider string) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		return h.svc.StartOAuth(providerTypes[provider], r.Query("isFrom"))
	}
}
