package system_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtside/api"
	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/system"
)

type clock struct{ t time.Time }

func (c *clock) Now() time.Time { return c.t }

func newService(c *clock) *system.Service {
	return system.New(system.Config{Secret: []byte("secret"), KeyTTL: 10 * time.Minute, Now: c.Now}, system.Deps{})
}

func TestSealedPayloadsRoundTripAndRefuseTamperingAndExpiry(t *testing.T) {
	c := &clock{time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)}
	s := newService(c)
	k := s.NewKey("session-token")
	if raw, err := base64.StdEncoding.DecodeString(k.Key); err != nil || len(raw) != 32 || k.Algorithm != "AES-256-GCM" {
		t.Fatalf("key %+v: %v", k, err)
	}
	sealed, err := system.Seal(k, []byte(`{"password":"s3cret-pass"}`))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := system.Seal(k, []byte(`{"password":"s3cret-pass"}`))
	if again == sealed {
		t.Fatal("two seals of one payload are equal: the nonce is not random")
	}
	plain, err := s.Open("session-token", sealed)
	if err != nil || string(plain) != `{"password":"s3cret-pass"}` {
		t.Fatalf("round trip: %q %v", plain, err)
	}
	// Every part altered, one byte at a time in the ciphertext.
	parts := strings.Split(strings.TrimPrefix(sealed, system.SealedPrefix), ".")
	ct, _ := base64.RawURLEncoding.DecodeString(parts[2])
	for i := range ct {
		bad := append([]byte(nil), ct...)
		bad[i] ^= 1
		v := system.SealedPrefix + parts[0] + "." + parts[1] + "." + base64.RawURLEncoding.EncodeToString(bad)
		if _, err := s.Open("session-token", v); !errors.Is(err, errcode.New(errcode.PayloadDecrypt)) {
			t.Fatalf("byte %d flipped: %v", i, err)
		}
	}
	nonce, _ := base64.RawURLEncoding.DecodeString(parts[1])
	nonce[0] ^= 1
	if _, err := s.Open("session-token", system.SealedPrefix+parts[0]+"."+base64.RawURLEncoding.EncodeToString(nonce)+"."+parts[2]); !errors.Is(err, system.ErrDecrypt) {
		t.Fatalf("nonce altered: %v", err)
	}
	// Another key id (a later expiry forged into it) derives another key.
	id, _ := base64.RawURLEncoding.DecodeString(parts[0])
	id[7] ^= 1
	if _, err := s.Open("session-token", system.SealedPrefix+base64.RawURLEncoding.EncodeToString(id)+"."+parts[1]+"."+parts[2]); err == nil {
		t.Fatal("a forged key id opened the payload")
	}
	// Another session cannot open it; nor can another server secret.
	if _, err := s.Open("other-token", sealed); !errors.Is(err, system.ErrDecrypt) {
		t.Fatalf("other session: %v", err)
	}
	other := system.New(system.Config{Secret: []byte("other"), Now: c.Now}, system.Deps{})
	if _, err := other.Open("session-token", sealed); !errors.Is(err, system.ErrDecrypt) {
		t.Fatalf("other secret: %v", err)
	}
	// Expired.
	c.t = c.t.Add(10 * time.Minute)
	if _, err := s.Open("session-token", sealed); !errors.Is(err, system.ErrKey) {
		t.Fatalf("expired key: %v", err)
	}
	if _, err := s.Open("session-token", "gcm1.garbage"); !errors.Is(err, system.ErrDecrypt) {
		t.Fatalf("garbage: %v", err)
	}
	if v, err := s.OpenString("t", "plain password"); err != nil || v != "plain password" {
		t.Fatal("a plain value must pass")
	}
}

// The middleware opens a sealed body before the handler decodes it; a tampered or expired one is
// answered with its code and the handler never runs; a plain body passes.
func TestUnsealOpensBodiesForEveryHandler(t *testing.T) {
	c := &clock{time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)}
	s := newService(c)
	srv := api.New(api.Config{})
	s.Routes(srv)
	runs := 0
	srv.Handle("POST /echo", func(r *api.Request) (any, error) {
		runs++
		var in map[string]any
		if err := r.Decode(&in); err != nil {
			return nil, err
		}
		return in, nil
	})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	h := http.Header{"sysType": {"PC"}, "lan": {"en_US"}, "token": {""}}
	var k system.Key
	r := apitest.Do(t, ts.URL, "GET", "/java/system/getPrivateKey", "", h)
	if err := json.Unmarshal(r.Env.Result, &k); err != nil || k.KeyID == "" {
		t.Fatalf("getPrivateKey: %s", r.Body)
	}
	sealed, _ := system.Seal(k, []byte(`{"password":"abc12345","cardNumber":"4242"}`))
	body, _ := json.Marshal(map[string]string{"sealed": sealed})
	r = apitest.Do(t, ts.URL, "POST", "/java/echo", string(body), h)
	var got map[string]string
	if err := json.Unmarshal(r.Env.Result, &got); err != nil || got["password"] != "abc12345" || got["cardNumber"] != "4242" {
		t.Fatalf("unsealed: %s", r.Body)
	}
	tampered, _ := json.Marshal(map[string]string{"sealed": sealed[:len(sealed)-2] + "AA"})
	r = apitest.Do(t, ts.URL, "POST", "/java/echo", string(tampered), h)
	if r.Env.ErrorCode != errcode.PayloadDecrypt || r.Status != 400 || strings.Contains(string(r.Body), "authenticate") {
		t.Fatalf("tampered: %d %s", r.Status, r.Body)
	}
	c.t = c.t.Add(time.Hour)
	r = apitest.Do(t, ts.URL, "POST", "/java/echo", string(body), h)
	if r.Env.ErrorCode != errcode.PayloadKey {
		t.Fatalf("expired: %s", r.Body)
	}
	if runs != 1 {
		t.Fatalf("handler ran %d times, want 1", runs)
	}
	r = apitest.Do(t, ts.URL, "POST", "/java/echo", `{"plain":"yes"}`, h)
	if !strings.Contains(string(r.Body), `"plain":"yes"`) {
		t.Fatalf("plain: %s", r.Body)
	}
}

// The live check of /jiami answers only a body that arrived sealed with this session's key, and
// echoes its challenge; a plain body, another session's seal and a tampered one are refused.
func TestSealCheckAnswersOnlyASealedChallenge(t *testing.T) {
	c := &clock{time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)}
	s := newService(c)
	srv := api.New(api.Config{})
	s.Routes(srv)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	h := http.Header{"sysType": {"PC"}, "lan": {"en_US"}, "token": {""}}
	var k system.Key
	r := apitest.Do(t, ts.URL, "GET", "/java/system/getPrivateKey", "", h)
	if err := json.Unmarshal(r.Env.Result, &k); err != nil || k.KeyID == "" {
		t.Fatalf("getPrivateKey: %s", r.Body)
	}
	sealed, _ := system.Seal(k, []byte(`{"challenge":"c-42"}`))
	body, _ := json.Marshal(map[string]string{"sealed": sealed})
	r = apitest.Do(t, ts.URL, "POST", "/java/system/sealCheck", string(body), h)
	var got struct {
		OK        bool   `json:"ok"`
		Challenge string `json:"challenge"`
		KeyID     string `json:"keyId"`
		Alg       string `json:"alg"`
	}
	if err := json.Unmarshal(r.Env.Result, &got); err != nil || !got.OK || got.Challenge != "c-42" || got.KeyID != k.KeyID || got.Alg != system.Algorithm {
		t.Fatalf("sealed check: %s", r.Body)
	}
	r = apitest.Do(t, ts.URL, "POST", "/java/system/sealCheck", `{"challenge":"c-42"}`, h)
	if r.Env.ErrorCode != errcode.SealCheckPlain || r.Status != 400 {
		t.Fatalf("plain check: %d %s", r.Status, r.Body)
	}
	other := http.Header{"sysType": {"PC"}, "lan": {"en_US"}, "token": {"another-session"}}
	r = apitest.Do(t, ts.URL, "POST", "/java/system/sealCheck", string(body), other)
	if r.Env.ErrorCode != errcode.PayloadDecrypt {
		t.Fatalf("another session's seal: %s", r.Body)
	}
	empty, _ := system.Seal(k, []byte(`{"challenge":""}`))
	body, _ = json.Marshal(map[string]string{"sealed": empty})
	r = apitest.Do(t, ts.URL, "POST", "/java/system/sealCheck", string(body), h)
	if r.Env.ErrorCode != errcode.Format {
		t.Fatalf("empty challenge: %s", r.Body)
	}
}
