package oauth

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"golang.org/x/oauth2"
)

// Profile formats of user-info endpoints.
const (
	ProfileOIDC     = "oidc"     // standard claims: sub, email, email_verified, name, picture
	ProfileLINE     = "line"     // {userId, displayName, pictureUrl}
	ProfileTwitter  = "twitter"  // {data: {id, name, username, profile_image_url}}
	ProfileFacebook = "facebook" // {id, name, email, picture: {data: {url}}}
	// ProfileWeChat: WeChat's own flow (provider_china.go): appid and secret in the query of a GET
	// token call answering {access_token, openid, unionid}, then sns/userinfo {openid, unionid,
	// nickname, headimgurl}.
	ProfileWeChat = "wechat"
	// ProfileQQ: QQ Connect (provider_china.go): a GET token call with fmt=json, the openid from
	// OpenIDURL, then get_user_info {nickname, figureurl_qq_2}.
	ProfileQQ = "qq"
)

// Config is one provider's client registration and endpoints.
type Config struct {
	ClientID     string   `json:"clientId"`
	ClientSecret string   `json:"clientSecret"` // Apple: the client-secret JWT the operator generates
	RedirectURL  string   `json:"redirectUrl"`  // the web client's callback page
	AuthURL      string   `json:"authUrl"`
	TokenURL     string   `json:"tokenUrl"`
	UserInfoURL  string   `json:"userInfoUrl"` // empty: the ID token alone (Apple)
	JWKSURL      string   `json:"jwksUrl"`     // empty with Issuer set: HS256 with the client secret only
	Issuer       string   `json:"issuer"`      // non-empty: an OpenID provider; ID tokens are required and verified
	Scopes       []string `json:"scopes"`
	Profile      string   `json:"profile"`   // ProfileOIDC (default), ProfileLINE, ProfileTwitter, ProfileFacebook, ProfileWeChat, ProfileQQ
	OpenIDURL    string   `json:"openIdUrl"` // QQ: the call that names the openid of an access token
	// TrustEmail treats the e-mail the provider returns as verified when it sends no
	// email_verified claim (Facebook and LINE only return confirmed addresses).
	TrustEmail bool `json:"trustEmail"`
	// Leeway is the clock skew allowed on exp and iat. Default 1 minute.
	Leeway time.Duration `json:"leeway"`
}

// Defaults returns the public endpoints of the seven providers, by name; client ids, secrets and
// redirect URLs are the operator's.
func Defaults() map[string]Config {
	return map[string]Config{
		"google": {AuthURL: "https://accounts.google.com/o/oauth2/v2/auth", TokenURL: "https://oauth2.googleapis.com/token",
			UserInfoURL: "https://openidconnect.googleapis.com/v1/userinfo", JWKSURL: "https://www.googleapis.com/oauth2/v3/certs",
			Issuer: "https://accounts.google.com", Scopes: []string{"openid", "email", "profile"}},
		"apple": {AuthURL: "https://appleid.apple.com/auth/authorize", TokenURL: "https://appleid.apple.com/auth/token",
			JWKSURL: "https://appleid.apple.com/auth/keys", Issuer: "https://appleid.apple.com", Scopes: []string{"openid", "email", "name"}},
		"line": {AuthURL: "https://access.line.me/oauth2/v2.1/authorize", TokenURL: "https://api.line.me/oauth2/v2.1/token",
			UserInfoURL: "https://api.line.me/v2/profile", JWKSURL: "https://api.line.me/oauth2/v2.1/certs",
			Issuer: "https://access.line.me", Scopes: []string{"openid", "profile", "email"}, Profile: ProfileLINE, TrustEmail: true},
		"twitter": {AuthURL: "https://twitter.com/i/oauth2/authorize", TokenURL: "https://api.twitter.com/2/oauth2/token",
			UserInfoURL: "https://api.twitter.com/2/users/me?user.fields=profile_image_url", Scopes: []string{"users.read", "tweet.read"},
			Profile: ProfileTwitter},
		"facebook": {AuthURL: "https://www.facebook.com/v19.0/dialog/oauth", TokenURL: "https://graph.facebook.com/v19.0/oauth/access_token",
			UserInfoURL: "https://graph.facebook.com/me?fields=id,name,email,picture", Scopes: []string{"email", "public_profile"},
			Profile: ProfileFacebook, TrustEmail: true},
		"wechat": {AuthURL: "https://open.weixin.qq.com/connect/qrconnect", TokenURL: "https://api.weixin.qq.com/sns/oauth2/access_token",
			UserInfoURL: "https://api.weixin.qq.com/sns/userinfo", Scopes: []string{"snsapi_login"}, Profile: ProfileWeChat},
		"qq": {AuthURL: "https://graph.qq.com/oauth2.0/authorize", TokenURL: "https://graph.qq.com/oauth2.0/token",
			UserInfoURL: "https://graph.qq.com/user/get_user_info", OpenIDURL: "https://graph.qq.com/oauth2.0/me",
			Scopes: []string{"get_user_info"}, Profile: ProfileQQ},
	}
}

// Identity is who the provider says the user is.
type Identity struct {
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
	Picture       string
}

// Provider runs the flow for one configured provider.
type Provider struct {
	Name string
	cfg  Config
	oc   oauth2.Config
	hc   *http.Client

	mu      sync.Mutex
	keys    map[string]any // kid -> *rsa.PublicKey or *ecdsa.PublicKey
	fetched time.Time
}

// New returns a Provider; hc nil means http.DefaultClient.
func New(name string, cfg Config, hc *http.Client) (*Provider, error) {
	if cfg.ClientID == "" {
		return nil, fmt.Errorf("%w: %s", ErrNotConfigured, name)
	}
	if cfg.AuthURL == "" || cfg.TokenURL == "" {
		return nil, fmt.Errorf("oauth: %s: AuthURL and TokenURL are required", name)
	}
	if cfg.Profile == "" {
		cfg.Profile = ProfileOIDC
	}
	if cfg.Leeway <= 0 {
		cfg.Leeway = time.Minute
	}
	if hc == nil {
		hc = http.DefaultClient
	}
	return &Provider{Name: name, cfg: cfg, hc: hc, oc: oauth2.Config{
		ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, RedirectURL: cfg.RedirectURL, Scopes: cfg.Scopes,
		Endpoint: oauth2.Endpoint{AuthURL: cfg.AuthURL, TokenURL: cfg.TokenURL},
	}}, nil
}

// OIDC reports whether the provider issues ID tokens that must be verified.
func (p *Provider) OIDC() bool { return p.cfg.Issuer != "" }

// Nonce is the ID-token nonce bound to a PKCE verifier: the base64url SHA-256 of it. The
// authorization request carries it; getLoginInfo recomputes it from the verifier the client sends
// back, so no server-side state is needed.
func Nonce(verifier string) string {
	sum := sha256.Sum256([]byte("courtside-oidc-nonce:" + verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// NewVerifier returns a fresh PKCE code verifier (32 random bytes, base64url).
func NewVerifier() string { return oauth2.GenerateVerifier() }

// AuthCodeURL is the provider's authorization URL with state, the S256 challenge of verifier and,
// for an OpenID provider, the nonce derived from it.
func (p *Provider) AuthCodeURL(state, verifier string) string {
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier)}
	if p.cfg.Profile == ProfileWeChat {
		opts = append(opts, oauth2.SetAuthURLParam("appid", p.cfg.ClientID))
	}
	if p.OIDC() {
		opts = append(opts, oauth2.SetAuthURLParam("nonce", Nonce(verifier)))
	}
	return p.oc.AuthCodeURL(state, opts...)
}

// Exchange trades an authorization code (with its PKCE verifier) for tokens, verifies the ID token
// of an OpenID provider (nonce from verifier) and fetches the profile.
func (p *Provider) Exchange(ctx context.Context, code, verifier string) (Identity, error) {
	switch p.cfg.Profile {
	case ProfileWeChat:
		return p.exchangeWeChat(ctx, code)
	case ProfileQQ:
		return p.exchangeQQ(ctx, code)
	}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, p.hc)
	tok, err := p.oc.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %v", ErrExchange, err)
	}
	var id Identity
	if p.OIDC() {
		raw, _ := tok.Extra("id_token").(string)
		if raw == "" {
			return Identity{}, fmt.Errorf("%w: no id_token in the token response", ErrIDToken)
		}
		c, err := p.VerifyIDToken(ctx, raw, Nonce(verifier))
		if err != nil {
			return Identity{}, err
		}
		id = c
	}
	if p.cfg.UserInfoURL != "" {
		prof, err := p.profile(ctx, tok.AccessToken)
		if err != nil {
			return Identity{}, err
		}
		if id.Subject == "" {
			id = prof
		} else {
			// The ID token decides who it is; the profile only fills in what it lacks.
			if prof.Subject != "" && prof.Subject != id.Subject {
				return Identity{}, fmt.Errorf("%w: user-info subject %q differs from ID token %q", ErrProfile, prof.Subject, id.Subject)
			}
			if id.Name == "" {
				id.Name = prof.Name
			}
			if id.Picture == "" {
				id.Picture = prof.Picture
			}
			if id.Email == "" && prof.Email != "" {
				id.Email, id.EmailVerified = prof.Email, prof.EmailVerified
			}
		}
	}
	if id.Subject == "" {
		return Identity{}, fmt.Errorf("%w: no subject", ErrProfile)
	}
	if id.Email != "" && p.cfg.TrustEmail {
		id.EmailVerified = true
	}
	return id, nil
}

// profile calls the user-info endpoint with the access token and maps its format.
func (p *Provider) profile(ctx context.Context, accessToken string) (Identity, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.cfg.UserInfoURL, nil)
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %v", ErrProfile, err)
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	req.Header.Set("Accept", "application/json")
	resp, err := p.hc.Do(req)
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %v", ErrProfile, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil || resp.StatusCode != http.StatusOK {
		return Identity{}, fmt.Errorf("%w: status %d %v", ErrProfile, resp.StatusCode, err)
	}
	var id Identity
	switch p.cfg.Profile {
	case ProfileLINE:
		var v struct{ UserID, DisplayName, PictureURL string }
		err = json.Unmarshal(body, &v)
		id = Identity{Subject: v.UserID, Name: v.DisplayName, Picture: v.PictureURL}
	case ProfileTwitter:
		var v struct {
			Data struct {
				ID, Name, Username string
				ProfileImageURL    string `json:"profile_image_url"`
			}
		}
		err = json.Unmarshal(body, &v)
		id = Identity{Subject: v.Data.ID, Name: v.Data.Name, Picture: v.Data.ProfileImageURL}
		if id.Name == "" {
			id.Name = v.Data.Username
		}
	case ProfileFacebook:
		var v struct {
			ID, Name, Email string
			Picture         struct{ Data struct{ URL string } }
		}
		err = json.Unmarshal(body, &v)
		id = Identity{Subject: v.ID, Name: v.Name, Email: v.Email, Picture: v.Picture.Data.URL}
	default:
		var c claims
		err = json.Unmarshal(body, &c)
		id = c.identity()
	}
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %v", ErrProfile, err)
	}
	return id, nil
}
