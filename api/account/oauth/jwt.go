package oauth

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strings"
	"time"
)

// claims are the ID-token (and OIDC user-info) claims this package reads.
type claims struct {
	Iss           string   `json:"iss"`
	Sub           string   `json:"sub"`
	Aud           audience `json:"aud"`
	Exp           float64  `json:"exp"`
	Iat           float64  `json:"iat"`
	Nonce         string   `json:"nonce"`
	Email         string   `json:"email"`
	EmailVerified flexBool `json:"email_verified"`
	Name          string   `json:"name"`
	Picture       string   `json:"picture"`
}

func (c claims) identity() Identity {
	return Identity{Subject: c.Sub, Email: strings.ToLower(strings.TrimSpace(c.Email)), EmailVerified: bool(c.EmailVerified),
		Name: c.Name, Picture: c.Picture}
}

// audience is a string or an array of strings.
type audience []string

func (a *audience) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*a = audience{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*a = many
	return nil
}

// flexBool is a bool or the string "true"/"false" (Apple sends strings).
type flexBool bool

func (f *flexBool) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	*f = flexBool(s == "true")
	return nil
}

// VerifyIDToken checks an ID token's signature, issuer, audience, expiry and (when nonce is not
// empty) nonce, and returns who it names.
func (p *Provider) VerifyIDToken(ctx context.Context, raw, nonce string) (Identity, error) {
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return Identity{}, fmt.Errorf("%w: not a JWS compact token", ErrIDToken)
	}
	var hdr struct{ Alg, Kid string }
	if err := decodeSegment(parts[0], &hdr); err != nil {
		return Identity{}, fmt.Errorf("%w: header: %v", ErrIDToken, err)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return Identity{}, fmt.Errorf("%w: signature encoding", ErrIDToken)
	}
	signed := []byte(parts[0] + "." + parts[1])
	if err := p.verifySignature(ctx, hdr.Alg, hdr.Kid, signed, sig); err != nil {
		return Identity{}, err
	}
	var c claims
	if err := decodeSegment(parts[1], &c); err != nil {
		return Identity{}, fmt.Errorf("%w: claims: %v", ErrIDToken, err)
	}
	now := time.Now()
	switch {
	case c.Iss != p.cfg.Issuer:
		return Identity{}, fmt.Errorf("%w: issuer %q, want %q", ErrIDToken, c.Iss, p.cfg.Issuer)
	case !contains(c.Aud, p.cfg.ClientID):
		return Identity{}, fmt.Errorf("%w: audience %v lacks %q", ErrIDToken, c.Aud, p.cfg.ClientID)
	case c.Exp == 0 || now.After(time.Unix(int64(c.Exp), 0).Add(p.cfg.Leeway)):
		return Identity{}, fmt.Errorf("%w: expired", ErrIDToken)
	case c.Iat != 0 && time.Unix(int64(c.Iat), 0).After(now.Add(p.cfg.Leeway)):
		return Identity{}, fmt.Errorf("%w: issued in the future", ErrIDToken)
	case nonce != "" && !hmac.Equal([]byte(c.Nonce), []byte(nonce)):
		return Identity{}, fmt.Errorf("%w: nonce mismatch", ErrIDToken)
	case c.Sub == "":
		return Identity{}, fmt.Errorf("%w: no subject", ErrIDToken)
	}
	return c.identity(), nil
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func decodeSegment(seg string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(seg)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

func (p *Provider) verifySignature(ctx context.Context, alg, kid string, signed, sig []byte) error {
	sum := sha256.Sum256(signed)
	switch alg {
	case "HS256":
		// LINE signs with the channel secret; only accepted when a secret is configured.
		if p.cfg.ClientSecret == "" {
			return fmt.Errorf("%w: HS256 without a client secret", ErrIDToken)
		}
		m := hmac.New(sha256.New, []byte(p.cfg.ClientSecret))
		m.Write(signed)
		if !hmac.Equal(m.Sum(nil), sig) {
			return fmt.Errorf("%w: bad HS256 signature", ErrIDToken)
		}
		return nil
	case "RS256", "ES256":
		key, err := p.key(ctx, kid)
		if err != nil {
			return err
		}
		switch k := key.(type) {
		case *rsa.PublicKey:
			if alg != "RS256" || rsa.VerifyPKCS1v15(k, crypto.SHA256, sum[:], sig) != nil {
				return fmt.Errorf("%w: bad RS256 signature", ErrIDToken)
			}
			return nil
		case *ecdsa.PublicKey:
			if alg != "ES256" || len(sig) != 64 ||
				!ecdsa.Verify(k, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
				return fmt.Errorf("%w: bad ES256 signature", ErrIDToken)
			}
			return nil
		}
		return fmt.Errorf("%w: unusable key %q", ErrIDToken, kid)
	}
	// "none" and everything else.
	return fmt.Errorf("%w: algorithm %q not accepted", ErrIDToken, alg)
}

// key returns the JWKS key kid, fetching the set when it is unknown (at most once a minute, so a
// stream of tokens with made-up kids cannot hammer the provider).
func (p *Provider) key(ctx context.Context, kid string) (any, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if k, ok := p.keys[kid]; ok {
		return k, nil
	}
	if p.cfg.JWKSURL == "" {
		return nil, fmt.Errorf("%w: no JWKS URL", ErrIDToken)
	}
	if time.Since(p.fetched) < time.Minute && p.keys != nil {
		return nil, fmt.Errorf("%w: unknown key %q", ErrIDToken, kid)
	}
	keys, err := fetchJWKS(ctx, p.hc, p.cfg.JWKSURL)
	if err != nil {
		return nil, err
	}
	p.keys, p.fetched = keys, time.Now()
	if k, ok := keys[kid]; ok {
		return k, nil
	}
	if kid == "" && len(keys) == 1 {
		for _, k := range keys {
			return k, nil
		}
	}
	return nil, fmt.Errorf("%w: unknown key %q", ErrIDToken, kid)
}

func fetchJWKS(ctx context.Context, hc *http.Client, url string) (map[string]any, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: jwks: %v", ErrIDToken, err)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: jwks: %v", ErrIDToken, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil || resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: jwks status %d", ErrIDToken, resp.StatusCode)
	}
	var set struct {
		Keys []struct{ Kty, Kid, Crv, N, E, X, Y string }
	}
	if err := json.Unmarshal(body, &set); err != nil {
		return nil, fmt.Errorf("%w: jwks: %v", ErrIDToken, err)
	}
	out := map[string]any{}
	for _, k := range set.Keys {
		switch k.Kty {
		case "RSA":
			n, err1 := base64.RawURLEncoding.DecodeString(k.N)
			e, err2 := base64.RawURLEncoding.DecodeString(k.E)
			if err1 != nil || err2 != nil || len(e) > 4 {
				continue
			}
			out[k.Kid] = &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
		case "EC":
			if k.Crv != "P-256" {
				continue
			}
			x, err1 := base64.RawURLEncoding.DecodeString(k.X)
			y, err2 := base64.RawURLEncoding.DecodeString(k.Y)
			if err1 != nil || err2 != nil {
				continue
			}
			pk := &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).SetBytes(x), Y: new(big.Int).SetBytes(y)}
			if !pk.Curve.IsOnCurve(pk.X, pk.Y) { //nolint:staticcheck // the check is what we want
				continue
			}
			out[k.Kid] = pk
		}
	}
	return out, nil
}
