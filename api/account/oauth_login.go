package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/zap"

	"courtside/api/account/oauth"
	"courtside/storage/postgres"
)

// providerTypes maps provider names to the spec's type numbers (§7 getLoginInfo).
// WeChat (7) and QQ (8) are the legacy calls' providers (getPCWXLoginAddress, getPCQQLoginAddress).
var providerTypes = map[string]int{"google": 3, "apple": 4, "line": 5, "twitter": 6, "wechat": 7, "qq": 8, "facebook": 9}

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
	if c.OpenIDURL == "" {
		c.OpenIDURL = d.OpenIDURL
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
	Picture  string `json:"pic,omitempty"`
	Expires  int64  `json:"e"`
}

// OAuthStart is the answer of getLoginUrl: the provider's authorization URL with a signed state and
// a PKCE S256 challenge. The client keeps state and verifier (sessionStorage) and sends them back
// with the code.
type OAuthStart struct {
	URL      string `json:"url"`
	State    string `json:"state"`
	Verifier string `json:"verifier"`
	Type     int    `json:"type"`
}

// StartOAuth begins a third-party sign-in with the provider of spec type providerType (3 google,
// 4 apple, 5 line, 6 twitter, 9 facebook); from is the page's isFrom, kept in the state.
// ErrOAuthFailed for a provider that is not configured.
func (s *Service) StartOAuth(providerType int, from string) (OAuthStart, error) {
	name := providerByType(providerType)
	p := s.providers[name]
	if p == nil {
		return OAuthStart{}, ErrOAuthFailed
	}
	verifier := oauth.NewVerifier()
	st := oauthState{Provider: name, From: from, Expires: s.cfg.Now().Add(15 * time.Minute).Unix(), Nonce: newCode()}
	state := s.sign("state", st)
	return OAuthStart{URL: p.AuthCodeURL(state, verifier), State: state, Verifier: verifier, Type: providerTypes[name]}, nil
}

// OAuthReturn is what the provider's redirect brought back to the page (getLoginInfo).
type OAuthReturn struct {
	Type     int    // the provider's spec type
	Code     string // the authorization code, with Verifier
	Verifier string
	State    string // optional: checked when given
	Token    string // an ID token instead of a code (OIDC providers)
}

// OAuthResult is a finished third-party sign-in, or the bind ticket of one that needs an e-mail.
type OAuthResult struct {
	Login *LoginResult
	// BindTicket is set, with the error ErrBindEmail (2010), when the provider gave no verified
	// e-mail: BindEmail finishes the sign-in with it.
	BindTicket string
}

// FinishOAuth exchanges the code (or verifies the ID token), then signs in the linked account,
// links by verified e-mail, or registers. No verified e-mail: ErrBindEmail with a bind ticket.
func (s *Service) FinishOAuth(ctx context.Context, in OAuthReturn, c Client) (OAuthResult, error) {
	name := providerByType(in.Type)
	p := s.providers[name]
	if p == nil {
		return OAuthResult{}, ErrOAuthFailed
	}
	if in.State != "" {
		var st oauthState
		if !s.open("state", in.State, &st) || st.Provider != name || s.cfg.Now().Unix() > st.Expires {
			return OAuthResult{}, ErrOAuthFailed
		}
	}
	var id oauth.Identity
	var err error
	switch {
	case in.Code != "":
		if in.Verifier == "" {
			return OAuthResult{}, ErrOAuthFailed
		}
		id, err = p.Exchange(ctx, in.Code, in.Verifier)
	case in.Token != "" && p.OIDC():
		id, err = p.VerifyIDToken(ctx, in.Token, "")
	default:
		return OAuthResult{}, ErrOAuthFailed
	}
	if err != nil {
		s.log.Info("account: third-party sign-in refused", zap.String("provider", name), zap.Error(err))
		return OAuthResult{}, ErrOAuthFailed.Wrap(err)
	}
	return s.oauthSignIn(ctx, name, id, c)
}

func (s *Service) oauthSignIn(ctx context.Context, provider string, id oauth.Identity, c Client) (OAuthResult, error) {
	now := s.cfg.Now()
	if uid, err := s.store.IdentityUser(ctx, provider, id.Subject); err == nil {
		row, err := s.store.UserByID(ctx, uid, now)
		if err != nil {
			return OAuthResult{}, err
		}
		lr, err := s.signIn(ctx, row, false, c)
		return OAuthResult{Login: lr}, err
	} else if !errors.Is(err, postgres.ErrUserNotFound) {
		return OAuthResult{}, err
	}
	if id.Email == "" || !id.EmailVerified {
		t := s.sign("bind", bindTicket{Provider: provider, Subject: id.Subject, Name: id.Name, Picture: id.Picture, Expires: now.Add(BindTicketTTL).Unix()})
		return OAuthResult{BindTicket: t}, ErrBindEmail
	}
	email, err := normalizeEmail(id.Email)
	if err != nil {
		return OAuthResult{}, ErrOAuthFailed
	}
	lr, err := s.linkOrRegister(ctx, provider, id.Subject, id.Name, email, c)
	return OAuthResult{Login: lr}, err
}

// BindTicketTTL is how long a bind ticket stays good.
const BindTicketTTL = 15 * time.Minute

// linkOrRegister links the identity to the account of a verified e-mail, registering one (with
// the welcome gift) when there is none, and signs it in.
func (s *Service) linkOrRegister(ctx context.Context, provider, subject, name, email string, c Client) (*LoginResult, error) {
	now := s.cfg.Now()
	row, err := s.store.UserByEmail(ctx, email, now)
	switch {
	case err == nil:
		if err := s.store.LinkIdentity(ctx, provider, subject, row.ID, email, name); err != nil && !errors.Is(err, postgres.ErrIdentityTaken) {
			return nil, err
		}
		if uid, err := s.store.IdentityUser(ctx, provider, subject); err == nil && uid != row.ID {
			// Linked to another account by a concurrent request: sign that one in.
			if row, err = s.store.UserByID(ctx, uid, now); err != nil {
				return nil, err
			}
		}
		return s.signIn(ctx, row, false, c)
	case !errors.Is(err, postgres.ErrUserNotFound):
		return nil, err
	}
	id, err := s.register(ctx, postgres.NewUser{Email: email}, func(ctx context.Context, tx pgx.Tx, id int64) error {
		return postgres.LinkIdentity(ctx, tx, provider, subject, id, email, name)
	})
	if errors.Is(err, postgres.ErrEmailTaken) || errors.Is(err, postgres.ErrIdentityTaken) {
		return s.linkOrRegister(ctx, provider, subject, name, email, c) // lost a race: the account exists now
	}
	if err != nil {
		return nil, err
	}
	s.attribute(ctx, id, "", "", c) // the default channel; the client's addPromotionReg may name its own
	if row, err = s.store.UserByID(ctx, id, now); err != nil {
		return nil, err
	}
	return s.signIn(ctx, row, true, c)
}

// EmailBinding finishes a third-party sign-in that answered 2010 by proving an e-mail with a code.
type EmailBinding struct {
	Ticket string // the bind ticket of FinishOAuth
	Type   int    // the provider's spec type; 0: whatever the ticket says
	Email  string
	Code   string
}

// BindEmail checks the ticket (ErrOAuthFailed when missing, forged, expired or of another
// provider) and the code sent to Email, then links or registers as FinishOAuth would have.
func (s *Service) BindEmail(ctx context.Context, in EmailBinding, c Client) (*LoginResult, error) {
	var bt bindTicket
	if in.Ticket == "" || !s.open("bind", in.Ticket, &bt) || s.cfg.Now().Unix() > bt.Expires {
		return nil, ErrOAuthFailed
	}
	if in.Type != 0 && providerByType(in.Type) != bt.Provider {
		return nil, ErrOAuthFailed
	}
	email, err := normalizeEmail(in.Email)
	if err != nil {
		return nil, err
	}
	code := strings.TrimSpace(in.Code)
	if err := requireCodePresent(code); err != nil {
		return nil, err
	}
	if err := s.consumeCode(ctx, email, code); err != nil {
		return nil, err
	}
	lr, err := s.linkOrRegister(ctx, bt.Provider, bt.Subject, bt.Name, email, c)
	if err == nil && (bt.Provider == "wechat" || bt.Provider == "qq") {
		// The account binding of spec §3: the WeChat or QQ nickname and avatar it was bound to.
		lr.QQOrWechatName, lr.HeadImgURL = bt.Name, bt.Picture
	}
	return lr, err
}

// ProviderInfo is one configured third-party sign-in.
type ProviderInfo struct {
	Name string `json:"name"`
	Type int    `json:"type"`
}

// Providers lists the third-party sign-ins configured.
func (s *Service) Providers() []ProviderInfo {
	out := []ProviderInfo{}
	for name := range s.providers {
		out = append(out, ProviderInfo{Name: name, Type: providerTypes[name]})
	}
	return out
}
