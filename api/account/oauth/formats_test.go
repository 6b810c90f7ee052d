package oauth_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"courtside/api/account/oauth"
)

func b64(v any) string {
	b, _ := json.Marshal(v)
	return base64.RawURLEncoding.EncodeToString(b)
}

func claimsFor(iss, aud, nonce string) map[string]any {
	return map[string]any{"iss": iss, "aud": aud, "sub": "s-1", "exp": time.Now().Add(time.Hour).Unix(),
		"iat": time.Now().Unix(), "nonce": nonce, "email": "x@example.com", "email_verified": "true"}
}

func TestVerifyIDTokenES256FromJWKS(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	jwks := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{"kty": "EC", "crv": "P-256", "kid": "e1",
			"x": base64.RawURLEncoding.EncodeToString(key.X.FillBytes(make([]byte, 32))),
			"y": base64.RawURLEncoding.EncodeToString(key.Y.FillBytes(make([]byte, 32)))}}})
	}))
	defer jwks.Close()
	p, _ := oauth.New("line", oauth.Config{ClientID: "cid", AuthURL: "http://a", TokenURL: "http://t", JWKSURL: jwks.URL, Issuer: "https://access.line.me"}, nil)
	sign := func(c map[string]any) string {
		in := b64(map[string]string{"alg": "ES256", "kid": "e1"}) + "." + b64(c)
		sum := sha256.Sum256([]byte(in))
		r, s, _ := ecdsa.Sign(rand.Reader, key, sum[:])
		sig := append(r.FillBytes(make([]byte, 32)), s.FillBytes(make([]byte, 32))...)
		return in + "." + base64.RawURLEncoding.EncodeToString(sig)
	}
	id, err := p.VerifyIDToken(context.Background(), sign(claimsFor("https://access.line.me", "cid", "n")), "n")
	if err != nil || id.Subject != "s-1" || !id.EmailVerified {
		t.Fatalf("ES256: %+v %v", id, err)
	}
	tok := sign(claimsFor("https://access.line.me", "cid", "n"))
	tampered := tok[:len(tok)-4] + "AAAA"
	if _, err := p.VerifyIDToken(context.Background(), tampered, "n"); !errors.Is(err, oauth.ErrIDToken) {
		t.Fatalf("tampered ES256 accepted: %v", err)
	}
}

func TestVerifyIDTokenHS256NeedsTheClientSecret(t *testing.T) {
	sign := func(secret string, c map[string]any) string {
		in := b64(map[string]string{"alg": "HS256"}) + "." + b64(c)
		m := hmac.New(sha256.New, []byte(secret))
		m.Write([]byte(in))
		return in + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
	}
	p, _ := oauth.New("line", oauth.Config{ClientID: "cid", ClientSecret: "chan-secret", AuthURL: "http://a", TokenURL: "http://t", Issuer: "https://access.line.me"}, nil)
	c := claimsFor("https://access.line.me", "cid", "")
	if _, err := p.VerifyIDToken(context.Background(), sign("chan-secret", c), ""); err != nil {
		t.Fatalf("HS256 with the channel secret: %v", err)
	}
	if _, err := p.VerifyIDToken(context.Background(), sign("guess", c), ""); !errors.Is(err, oauth.ErrIDToken) {
		t.Fatalf("HS256 with another secret: %v", err)
	}
}

// TestProfileFormats runs a plain OAuth 2.0 exchange against providers whose profile is not
// OIDC (X, Facebook, LINE's /v2/profile).
func TestProfileFormats(t *testing.T) {
	tests := []struct {
		profile, body string
		want          oauth.Identity
	}{
		{oauth.ProfileTwitter, `{"data":{"id":"2244994945","name":"X Dev","username":"xdev","profile_image_url":"https://pbs/x.jpg"}}`,
			oauth.Identity{Subject: "2244994945", Name: "X Dev", Picture: "https://pbs/x.jpg"}},
		{oauth.ProfileFacebook, `{"id":"10158","name":"FB User","email":"fb@example.com","picture":{"data":{"url":"https://fb/p.jpg"}}}`,
			oauth.Identity{Subject: "10158", Name: "FB User", Email: "fb@example.com", EmailVerified: true, Picture: "https://fb/p.jpg"}},
		{oauth.ProfileLINE, `{"userId":"U4af4980629","displayName":"Brown","pictureUrl":"https://line/p"}`,
			oauth.Identity{Subject: "U4af4980629", Name: "Brown", Picture: "https://line/p"}},
	}
	for _, tt := range tests {
		t.Run(tt.profile, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				switch r.URL.Path {
				case "/token":
					r.ParseForm()
					if r.PostForm.Get("code_verifier") == "" {
						w.WriteHeader(400)
						return
					}
					w.Write([]byte(`{"access_token":"at-1","token_type":"bearer"}`))
				case "/me":
					if r.Header.Get("Authorization") != "Bearer at-1" {
						w.WriteHeader(401)
						return
					}
					w.Write([]byte(tt.body))
				}
			}))
			defer srv.Close()
			p, err := oauth.New("x", oauth.Config{ClientID: "c", ClientSecret: "s", AuthURL: srv.URL + "/auth", TokenURL: srv.URL + "/token",
				UserInfoURL: srv.URL + "/me", Profile: tt.profile, TrustEmail: tt.profile == oauth.ProfileFacebook}, nil)
			if err != nil {
				t.Fatal(err)
			}
			id, err := p.Exchange(context.Background(), "code-1", oauth.NewVerifier())
			if err != nil || id != tt.want {
				t.Fatalf("identity %+v, %v; want %+v", id, err, tt.want)
			}
		})
	}
}
