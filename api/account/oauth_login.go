package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/zap"

	"courtside/api"
	"courtside/api/account/oauth"
	"courtside/storage/postgres"
)

// providerTypes maps provider names to the spec's type numbers (§7 getLoginInfo).
var providerTypes = map[string]int{"google": 3, "apple": 4, "line": 5, "twitter": 6, "facebook": 9}

func providerByType(t int) string {
	for n, v := range providerTypes {
		if v == t {
			return n
		}
	}
	return ""
}

// mergeProvider fills the empty endpoint fields of c from the provider's public defaults.
func mergeProvider(c, d oauth.Config) oauth.Config {
	if c.AuthURL == "" {
		c.AuthURL = d.AuthURL
	}
	if c.TokenURL == "" {
		c.TokenURL = d.TokenURL
	}
	if c.UserInfoURL == "" {
		c.UserInfoURL = d.UserInfoURL
	}
	if c.JWKSURL == "" {
		c.JWKSURL = d.JWKSURL
	}
	if c.Issuer == "" {
		c.Issuer = d.Issuer
	}
	if len(c.Scopes) == 0 {
		c.Scopes = d.Scopes
	}
	if c.Profile == "" {
		c.Profile = d.Profile
	}
	if d.TrustEmail {
		c.TrustEmail = true
	}
	return c
}

// sign and open make short self-verifying tokens (OAuth state, bind tickets): base64url(JSON)
// "." base64url(HMAC). Stateless, so any node can check what another issued.
func (s *Service) sign(purpose string, v any) string {
	body, _ := json.Marshal(v)
	enc := base64.RawURLEncoding.EncodeToString(body)
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte(purpose + "\x00" + enc))
	return enc + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func (s *Service) open(purpose, tok string, v any) bool {
	enc, mac, ok := strings.Cut(tok, ".")
	if !ok {
		return false
	}
	got, err := base64.RawURLEncoding.DecodeString(mac)
	if err != nil {
		return false
	}
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte(purpose + "\x00" + enc))
	if !hmac.Equal(got, m.Sum(nil)) {
		return false
	}
	body, err := base64.RawURLEncoding.DecodeString(enc)
	return err == nil && json.Unmarshal(body, v) == nil
}

type oauthState struct {
	Provider string `json:"p"`
	From     string `json:"f"`
	Expires  int64  `json:"e"`
	Nonce    string `json:"n"`
}

type bindTicket struct {
	Provider string `json:"p"`
	Subject  string `json:"s"`
	Name     string `json:"nm"`
	Expires  int64  `json:"e"`
}

// bindCookie carries the bind ticket from getLoginInfo's 2010 answer to bindAccount.
const bindCookie = "bindTicket"

// GET /login/V2/getLoginUrl {type, isFrom}: the provider's authorization URL with a signed state
// and a PKCE S256 challenge. The client keeps state and verifier (sessionStorage) and sends
// them back with the code to getLoginInfo.
func (s *Service) handleLoginURL(r *api.Request) (any, error) {
	name := providerByType(queryInt(r, "type", 0))
	p := s.providers[name]
	if p == nil {
		return nil, ErrOAuthFailed
	}
	verifier := oauth.NewVerifier()
	st := oauthState{Provider: name, From: r.Query("isFrom"), Expires: s.cfg.Now().Add(15 * time.Minute).Unix(), Nonce: newCode()}
	state := s.sign("state", st)
	return map[string]any{"url": p.AuthCodeURL(state, verifier), "state": state, "verifier": verifier,
		"type": providerTypes[name]}, nil
}

// GET /login/V2/getLoginInfo {type, code, verifier, state?, token?}: exchange the code (or verify
// an ID token given as token), then sign in the linked account, link by verified e-mail, or
// register. No verified e-mail: errorCode 2010 and a bind ticket (cookie bindTicket and header
// X-Bind-Ticket) for /login/bindAccount.
func (s *Service) handleLoginInfo(r *api.Request) (any, error) {
	name := providerByType(queryInt(r, "type", 0))
	p := s.providers[name]
	if p == nil {
		return nil, ErrOAuthFailed
	}
	if state := r.Query("state"); state != "" {
		var st oauthState
		if !s.open("state", state, &st) || st.Provider != name || s.cfg.Now().Unix() > st.Expires {
			return nil, ErrOAuthFailed
		}
	}
	ctx := r.Context()
	var id oauth.Identity
	var err error
	switch code, tok := r.Query("code"), r.Query("token"); {
	case code != "":
		if r.Query("verifier") == "" {
			return nil, ErrOAuthFailed
		}
		id, err = p.Exchange(ctx, code, r.Query("verifier"))
	case tok != "" && p.OIDC():
		id, err = p.VerifyIDToken(ctx, tok, "")
	default:
		return nil, ErrOAuthFailed
	}
	if err != nil {
		s.log.Info("account: third-party sign-in refused", zap.String("provider", name), zap.Error(err))
		return nil, ErrOAuthFailed.Wrap(err)
	}
	return s.oauthSignIn(r, name, id)
}

func (s *Service) oauthSignIn(r *api.Request, provider string, id oauth.Identity) (any, error) {
	ctx := r.Context()
	now := s.cfg.Now()
	if uid, err := s.store.IdentityUser(ctx, provider, id.Subject); err == nil {
		row, err := s.store.UserByID(ctx, uid, now)
		if err != nil {
			return nil, api.Internal(err)
		}
		return s.signIn(r, row, false)
	} else if !errors.Is(err, postgres.ErrUserNotFound) {
		return nil, api.Internal(err)
	}
	if id.Email == "" || !id.EmailVerified {
		t := s.sign("bind", bindTicket{Provider: provider, Subject: id.Subject, Name: id.Name, Expires: now.Add(15 * time.Minute).Unix()})
		r.SetCookie(&http.Cookie{Name: bindCookie, Value: t, Path: "/java/login", MaxAge: 900, HttpOnly: true, SameSite: http.SameSiteLaxMode})
		r.Header().Set("X-Bind-Ticket", t)
		return nil, ErrBindEmail
	}
	email, err := normalizeEmail(id.Email)
	if err != nil {
		return nil, ErrOAuthFailed
	}
	return s.linkOrRegister(r, provider, id.Subject, id.Name, email)
}

// linkOrRegister links the identity to the account of a verified e-mail, registering one (with
// the welcome gift) when there is none, and signs it in.
func (s *Service) linkOrRegister(r *api.Request, provider, subject, name, email string) (any, error) {
	ctx := r.Context()
	now := s.cfg.Now()
	row, err := s.store.UserByEmail(ctx, email, now)
	switch {
	case err == nil:
		if err := s.store.LinkIdentity(ctx, provider, subject, row.ID, email, name); err != nil && !errors.Is(err, postgres.ErrIdentityTaken) {
			return nil, api.Internal(err)
		}
		if uid, err := s.store.IdentityUser(ctx, provider, subject); err == nil && uid != row.ID {
			// Linked to another account by a concurrent request: sign that one in.
			if row, err = s.store.UserByID(ctx, uid, now); err != nil {
				return nil, api.Internal(err)
			}
		}
		return s.signIn(r, row, false)
	case !errors.Is(err, postgres.ErrUserNotFound):
		return nil, api.Internal(err)
	}
	id, err := s.register(ctx, postgres.NewUser{Email: email}, func(ctx context.Context, tx pgx.Tx, id int64) error {
		return postgres.LinkIdentity(ctx, tx, provider, subject, id, email, name)
	})
	if errors.Is(err, postgres.ErrEmailTaken) || errors.Is(err, postgres.ErrIdentityTaken) {
		return s.linkOrRegister(r, provider, subject, name, email) // lost a race: the account exists now
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	if row, err = s.store.UserByID(ctx, id, now); err != nil {
		return nil, api.Internal(err)
	}
	return s.signIn(r, row, true)
}

// POST /login/bindAccount {mobile | mobileOrEmail (the e-mail), checkCode, type, accountNumber
// (the bind ticket, when the bindTicket cookie is not sent)}: finish a third-party sign-in that
// answered 2010 by proving an e-mail with a code.
func (s *Service) handleBindAccount(r *api.Request) (any, error) {
	var in struct {
		Mobile        string     `json:"mobile"`
		MobileOrEmail string     `json:"mobileOrEmail"`
		CheckCode     flexString `json:"checkCode"`
		AccountNumber string     `json:"accountNumber"`
		Type          flexInt    `json:"type"`
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
	var bt bindTicket
	if ticket == "" || !s.open("bind", ticket, &bt) || s.cfg.Now().Unix() > bt.Expires {
		return nil, ErrOAuthFailed
	}
	if in.Type != 0 && providerByType(int(in.Type)) != bt.Provider {
		return nil, ErrOAuthFailed
	}
	addr := in.MobileOrEmail
	if addr == "" {
		addr = in.Mobile
	}
	email, err := normalizeEmail(addr)
	if err != nil {
		return nil, err
	}
	code := strings.TrimSpace(string(in.CheckCode))
	if err := requireCodePresent(code); err != nil {
		return nil, err
	}
	if err := s.consumeCode(r.Context(), email, code); err != nil {
		return nil, err
	}
	r.SetCookie(&http.Cookie{Name: bindCookie, Value: "", Path: "/java/login", MaxAge: -1, HttpOnly: true})
	return s.linkOrRegister(r, bt.Provider, bt.Subject, bt.Name, email)
}

// providerList is for the README and the web client: which types are configured.
func (s *Service) handleProviders(*api.Request) (any, error) {
	out := []map[string]any{}
	for name := range s.providers {
		out = append(out, map[string]any{"name": name, "type": providerTypes[name]})
	}
	return out, nil
}
