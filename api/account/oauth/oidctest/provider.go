package oidctest

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"
)

// User is who the provider signs in.
type User struct {
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
	Picture       string
}

// Provider is a running local OpenID provider.
type Provider struct {
	URL          string // issuer and base URL
	ClientID     string
	ClientSecret string

	sync.Mutex
	User User
	// Misbehaviour knobs.
	WrongNonce, WrongAudience, WrongIssuer, Expired, ForeignKey bool
	// Tokens counts successful token exchanges.
	Tokens int

	key, foreign *rsa.PrivateKey
	kid          string
	codes        map[string]grant
	access       map[string]User
	srv          *httptest.Server
}

type grant struct {
	redirect, challenge, nonce string
	user                       User
}

// Start runs a provider until the test ends.
func Start(t testing.TB) *Provider {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	p := &Provider{ClientID: "courtside-test", ClientSecret: "test-secret", key: key, foreign: foreign, kid: "k1",
		codes: map[string]grant{}, access: map[string]User{},
		User: User{Subject: "oidc-user-1", Email: "fan@example.com", EmailVerified: true, Name: "Fan", Picture: ""}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET /authorize", p.authorize)
	mux.HandleFunc("POST /token", p.token)
	mux.HandleFunc("GET /jwks", p.jwks)
	mux.HandleFunc("GET /userinfo", p.userinfo)
	p.srv = httptest.NewServer(mux)
	p.URL = p.srv.URL
	t.Cleanup(p.srv.Close)
	return p
}

// Endpoints of the provider.
func (p *Provider) AuthURL() string     { return p.URL + "/authorize" }
func (p *Provider) TokenURL() string    { return p.URL + "/token" }
func (p *Provider) JWKSURL() string     { return p.URL + "/jwks" }
func (p *Provider) UserInfoURL() string { return p.URL + "/userinfo" }

// Authorize follows an authorization URL as a browser would (the provider approves at once)
// and returns the code and state it redirects back with.
func (p *Provider) Authorize(t testing.TB, authURL string) (code, state string) {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("oidctest: authorize answered %d", resp.StatusCode)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return loc.Query().Get("code"), loc.Query().Get("state")
}

func (p *Provider) discovery(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, map[string]any{
		"issuer": p.URL, "authorization_endpoint": p.AuthURL(), "token_endpoint": p.TokenURL(),
		"jwks_uri": p.JWKSURL(), "userinfo_endpoint": p.UserInfoURL(),
		"response_types_supported": []string{"code"}, "subject_types_supported": []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"}, "code_challenge_methods_supported": []string{"S256"},
	})
}

func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != p.ClientID || q.Get("response_type") != "code" || q.Get("redirect_uri") == "" ||
		q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("state") == "" {
		http.Error(w, "bad authorization request", http.StatusBadRequest)
		return
	}
	code := randHex()
	p.Lock()
	p.codes[code] = grant{redirect: q.Get("redirect_uri"), challenge: q.Get("code_challenge"), nonce: q.Get("nonce"), user: p.User}
	p.Unlock()
	u, _ := url.Parse(q.Get("redirect_uri"))
	v := u.Query()
	v.Set("code", code)
	v.Set("state", q.Get("state"))
	u.RawQuery = v.Encode()
	http.Redirect(w, r, u.String(), http.StatusFound)
}

func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != p.ClientID || secret != p.ClientSecret {
		w.WriteHeader(http.StatusUnauthorized)
		writeJSON(w, map[string]string{"error": "invalid_client"})
		return
	}
	code := r.PostForm.Get("code")
	p.Lock()
	g, found := p.codes[code]
	delete(p.codes, code) // single use
	p.Unlock()
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	if !found || r.PostForm.Get("grant_type") != "authorization_code" || r.PostForm.Get("redirect_uri") != g.redirect ||
		base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge {
		w.WriteHeader(http.StatusBadRequest)
		writeJSON(w, map[string]string{"error": "invalid_grant"})
		return
	}
	p.Lock()
	defer p.Unlock()
	access := randHex()
	p.access[access] = g.user
	p.Tokens++
	now := time.Now()
	cl := map[string]any{"iss": p.URL, "sub": g.user.Subject, "aud": p.ClientID, "iat": now.Unix(),
		"exp": now.Add(10 * time.Minute).Unix(), "nonce": g.nonce, "name": g.user.Name}
	if g.user.Email != "" {
		cl["email"], cl["email_verified"] = g.user.Email, g.user.EmailVerified
	}
	if p.WrongNonce {
		cl["nonce"] = "not-the-nonce"
	}
	if p.WrongAudience {
		cl["aud"] = "someone-else"
	}
	if p.WrongIssuer {
		cl["iss"] = "https://evil.example"
	}
	if p.Expired {
		cl["exp"] = now.Add(-time.Hour).Unix()
	}
	signer := p.key
	if p.ForeignKey {
		signer = p.foreign
	}
	writeJSON(w, map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600,
		"id_token": SignRS256(signer, p.kid, cl)})
}

func (p *Provider) jwks(w http.ResponseWriter, _ *http.Request) {
	pub := p.key.PublicKey
	writeJSON(w, map[string]any{"keys": []map[string]string{{
		"kty": "RSA", "kid": p.kid, "alg": "RS256", "use": "sig",
		"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
		"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
	}}})
}

func (p *Provider) userinfo(w http.ResponseWriter, r *http.Request) {
	tok := r.Header.Get("Authorization")
	p.Lock()
	u, ok := p.access[tok[min(len(tok), len("Bearer ")):]]
	p.Unlock()
	if !ok {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	out := map[string]any{"sub": u.Subject, "name": u.Name, "picture": u.Picture}
	if u.Email != "" {
		out["email"], out["email_verified"] = u.Email, u.EmailVerified
	}
	writeJSON(w, out)
}

// SignRS256 makes a compact JWS of claims with key.
func SignRS256(key *rsa.PrivateKey, kid string, claims any) string {
	h, _ := json.Marshal(map[string]string{"alg": "RS256", "typ": "JWT", "kid": kid})
	c, _ := json.Marshal(claims)
	in := base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(c)
	sum := sha256.Sum256([]byte(in))
	sig, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, sum[:])
	if err != nil {
		panic(err)
	}
	return in + "." + base64.RawURLEncoding.EncodeToString(sig)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func randHex() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
