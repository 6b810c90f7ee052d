package oauth_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"courtside/api/account/oauth"
	"courtside/api/account/oauth/oidctest"
)

func newProvider(t *testing.T, op *oidctest.Provider) *oauth.Provider {
	t.Helper()
	p, err := oauth.New("google", oauth.Config{ClientID: op.ClientID, ClientSecret: op.ClientSecret,
		RedirectURL: "http://localhost:8080/login/callback", AuthURL: op.AuthURL(), TokenURL: op.TokenURL(),
		UserInfoURL: op.UserInfoURL(), JWKSURL: op.JWKSURL(), Issuer: op.URL, Scopes: []string{"openid", "email"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAuthCodeURLCarriesStateS256ChallengeAndNonce(t *testing.T) {
	op := oidctest.Start(t)
	p := newProvider(t, op)
	v := oauth.NewVerifier()
	u, err := url.Parse(p.AuthCodeURL("st4te", v))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if q.Get("state") != "st4te" || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" ||
		q.Get("nonce") != oauth.Nonce(v) || q.Get("client_id") != op.ClientID {
		t.Fatalf("authorization URL query = %v", q)
	}
	if strings.Contains(u.String(), v) {
		t.Fatal("the verifier itself leaked into the authorization URL")
	}
}

func TestExchangeVerifiesTheIDTokenAndReturnsTheIdentity(t *testing.T) {
	op := oidctest.Start(t)
	op.User = oidctest.User{Subject: "g-42", Email: "Fan@Example.com", EmailVerified: true, Name: "Fan", Picture: "http://p/x.png"}
	p := newProvider(t, op)
	v := oauth.NewVerifier()
	code, state := op.Authorize(t, p.AuthCodeURL("s1", v))
	if state != "s1" {
		t.Fatalf("state = %q", state)
	}
	id, err := p.Exchange(context.Background(), code, v)
	if err != nil {
		t.Fatal(err)
	}
	if id.Subject != "g-42" || id.Email != "fan@example.com" || !id.EmailVerified || id.Name != "Fan" || id.Picture != "http://p/x.png" {
		t.Fatalf("identity = %+v", id)
	}
}

func TestExchangeRefuses(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(op *oidctest.Provider)
		badPKCE bool
		want    error
	}{
		{"a nonce from another sign-in", func(op *oidctest.Provider) { op.WrongNonce = true }, false, oauth.ErrIDToken},
		{"a token for another audience", func(op *oidctest.Provider) { op.WrongAudience = true }, false, oauth.ErrIDToken},
		{"a token from another issuer", func(op *oidctest.Provider) { op.WrongIssuer = true }, false, oauth.ErrIDToken},
		{"an expired token", func(op *oidctest.Provider) { op.Expired = true }, false, oauth.ErrIDToken},
		{"a token signed by a key not in the JWKS", func(op *oidctest.Provider) { op.ForeignKey = true }, false, oauth.ErrIDToken},
		{"a wrong PKCE verifier", func(*oidctest.Provider) {}, true, oauth.ErrExchange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			op := oidctest.Start(t)
			tt.setup(op)
			p := newProvider(t, op)
			v := oauth.NewVerifier()
			code, _ := op.Authorize(t, p.AuthCodeURL("s", v))
			if tt.badPKCE {
				v = oauth.NewVerifier()
			}
			if _, err := p.Exchange(context.Background(), code, v); !errors.Is(err, tt.want) {
				t.Fatalf("Exchange error = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestVerifyIDTokenRefusesAlgNone(t *testing.T) {
	op := oidctest.Start(t)
	p := newProvider(t, op)
	// {"alg":"none"}.{"iss":...}. — an unsigned token must never pass.
	tok := "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."
	if _, err := p.VerifyIDToken(context.Background(), tok, ""); !errors.Is(err, oauth.ErrIDToken) {
		t.Fatalf("alg none: %v", err)
	}
}
