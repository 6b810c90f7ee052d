package account

import (
	"errors"
	"net/http"

	"courtside/api"
)

// bindCookie carries the bind ticket from getLoginInfo's 2010 answer to bindAccount.
const bindCookie = "bindTicket"

// GET /login/V2/getLoginUrl {type, isFrom}: the provider's authorization URL with a signed state
// and a PKCE S256 challenge.
func (h *handlers) loginURL(r *api.Request) (any, error) {
	return h.svc.StartOAuth(queryInt(r, "type", 0), r.Query("isFrom"))
}

// GET /login/V2/getLoginInfo {type, code, verifier, state?, token?}: exchange the code (or verify
// an ID token given as token), then sign in the linked account, link by verified e-mail, or
// register. No verified e-mail: errorCode 2010 and a bind ticket (cookie bindTicket and header
// X-Bind-Ticket) for /login/bindAccount.
func (h *handlers) loginInfo(r *api.Request) (any, error) {
	res, err := h.svc.FinishOAuth(r.Context(), OAuthReturn{Type: queryInt(r, "type", 0), Code: r.Query("code"),
		Verifier: r.Query("verifier"), State: r.Query("state"), Token: r.Query("token")}, client(r))
	if res.BindTicket != "" && errors.Is(err, ErrBindEmail) {
		r.SetCookie(&http.Cookie{Name: bindCookie, Value: res.BindTicket, Path: "/java/login", MaxAge: int(BindTicketTTL.Seconds()),
			HttpOnly: true, SameSite: http.SameSiteLaxMode})
		r.Header().Set("X-Bind-Ticket", res.BindTicket)
	}
	if err != nil {
		return nil, err
	}
	return res.Login, nil
}

// POST /login/bindAccount {mobile | mobileOrEmail (the e-mail), checkCode, type, accountNumber
// (the bind ticket, when the bindTicket cookie is not sent)}: finish a third-party sign-in that
// answered 2010 by proving an e-mail with a code.
func (h *handlers) bindAccount(r *api.Request) (any, error) {
	var in struct {
		Mobile        string         `json:"mobile"`
		MobileOrEmail string         `json:"mobileOrEmail"`
		CheckCode     api.FlexString `json:"checkCode"`
		AccountNumber string         `json:"accountNumber"`
		Type          api.FlexInt    `json:"type"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	ticket := in.AccountNumber
	if ticket == "" {
		if c, err := r.HTTP.Cookie(bindCookie); err == nil {
			ticket = c.Value
		}
	}
	email := in.MobileOrEmail
	if email == "" {
		email = in.Mobile
	}
	lr, err := h.svc.BindEmail(r.Context(), EmailBinding{Ticket: ticket, Type: in.Type.Value, Email: email, Code: string(in.CheckCode)}, client(r))
	if err != nil {
		return nil, err
	}
	r.SetCookie(&http.Cookie{Name: bindCookie, Value: "", Path: "/java/login", MaxAge: -1, HttpOnly: true})
	return lr, nil
}

// GET /login/V2/providers: which third-party sign-ins are configured (for the web client).
func (h *handlers) providers(*api.Request) (any, error) { return h.svc.Providers(), nil }
