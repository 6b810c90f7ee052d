package apitest

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/maxmind/mmdbwriter"
	"github.com/maxmind/mmdbwriter/mmdbtype"

	"courtside/actors/protocol"
	"courtside/api"
	"courtside/api/errcode"
)

// Response is one HTTP answer: status, headers, raw body and, when the body is an
// envelope, the decoded envelope (Env.Status is "" otherwise).
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	Env    api.RawEnvelope
}

// Do sends method baseURL+path with body (empty for none) and headers, and reads the
// answer. It fails the test on a transport error, not on any HTTP status.
func Do(t testing.TB, baseURL, method, path, body string, header http.Header) Response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, baseURL+path, rd)
	if err != nil {
		t.Fatalf("apitest: building %s %s: %v", method, path, err)
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if body != "" && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("apitest: %s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("apitest: reading %s %s: %v", method, path, err)
	}
	out := Response{Status: resp.StatusCode, Header: resp.Header, Body: data}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(data, &out.Env); err != nil {
			t.Fatalf("apitest: %s %s: body is not an envelope: %v\n%s", method, path, err, data)
		}
	}
	return out
}

// WriteGeoIP writes a GeoLite2-Country-shaped database mapping each CIDR to an ISO
// country code ({"country":{"iso_code":...}}) into a temporary directory and returns
// its path. Reserved ranges (the documentation prefixes 192.0.2.0/24, 2001:db8::/32,
// ...) are allowed so tests need no real addresses.
func WriteGeoIP(t testing.TB, networks map[string]string) string {
	t.Helper()
	tree, err := mmdbwriter.New(mmdbwriter.Options{
		DatabaseType:            "GeoLite2-Country",
		RecordSize:              24,
		IncludeReservedNetworks: true,
	})
	if err != nil {
		t.Fatalf("apitest: mmdbwriter: %v", err)
	}
	for cidr, iso := range networks {
		_, n, err := net.ParseCIDR(cidr)
		if err != nil {
			t.Fatalf("apitest: %q: %v", cidr, err)
		}
		rec := mmdbtype.Map{"country": mmdbtype.Map{"iso_code": mmdbtype.String(iso)}}
		if err := tree.Insert(n, rec); err != nil {
			t.Fatalf("apitest: inserting %s: %v", cidr, err)
		}
	}
	path := filepath.Join(t.TempDir(), "country.mmdb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tree.WriteTo(f); err != nil {
		f.Close()
		t.Fatalf("apitest: writing %s: %v", path, err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TokenUser stands in for the accounts module in a module's own tests: token "u<id>" is that user,
// "expired" a session past its lifetime (3000), any other token a revoked one (3001), none a guest
// asked to sign in. It is an api.Authenticator, what every area's Routes takes.
type TokenUser struct{}

// UserID resolves the request's token as described on TokenUser.
func (TokenUser) UserID(r *api.Request) (int64, error) {
	switch tok := r.Token; {
	case tok == "":
		return 0, api.ErrAuthRequired
	case tok == "expired":
		return 0, api.ErrSessionExpired
	default:
		if id, err := protocol.ParseUserID(tok); err == nil {
			return int64(id), nil
		}
	}
	return 0, api.ErrSessionRevoked
}

// Serve serves srv (an api server with the routes under test mounted) over HTTP until the test
// ends, and returns its base URL.
func Serve(t testing.TB, srv *api.Server) string {
	t.Helper()
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts.URL
}

// Area is a business area's service as its tests serve it: it mounts its REST routes, signed-in
// users resolved by the given authenticator.
type Area interface {
	Routes(srv *api.Server, users api.Authenticator)
}

// ServeArea serves area's routes on an api server of cfg, users resolved by TokenUser, until the
// test ends, and returns its base URL.
func ServeArea(t testing.TB, cfg api.Config, area Area) string {
	t.Helper()
	srv := api.New(cfg)
	area.Routes(srv, TokenUser{})
	return Serve(t, srv)
}

// Header is the request header of a PC client reading lang, signed in as user uid through
// TokenUser (token "u<uid>"); uid 0 is a guest.
func Header(uid int64, lang string) http.Header {
	h := http.Header{"sysType": {"PC"}, "lan": {lang}}
	if uid != 0 {
		h.Set("token", "u"+strconv.FormatInt(uid, 10))
	}
	return h
}

// Result fails the test unless r is a success envelope, and decodes its result into v (if not nil).
func Result(t testing.TB, r Response, v any) {
	t.Helper()
	if r.Env.Status != api.StatusSuccess {
		t.Fatalf("want success, got %d %d %q: %s", r.Status, r.Env.ErrorCode, r.Env.ErrorMsg, r.Body)
	}
	if v != nil {
		if err := json.Unmarshal(r.Env.Result, v); err != nil {
			t.Fatalf("result: %v: %s", err, r.Env.Result)
		}
	}
}

// Failure fails the test unless r is a failure envelope with errorCode code and, when msg is not
// empty, the message msg.
func Failure(t testing.TB, r Response, code errcode.Code, msg string) {
	t.Helper()
	if r.Env.Status != api.StatusFail || r.Env.ErrorCode != code || (msg != "" && r.Env.ErrorMsg != msg) {
		t.Fatalf("want errorCode %d %q, got %q %d %q: %s", code, msg, r.Env.Status, r.Env.ErrorCode, r.Env.ErrorMsg, r.Body)
	}
}

// JSON is body as a JSON request body for Do ("" for nil: no body). It fails the test on a value
// that does not marshal.
func JSON(t testing.TB, body any) string {
	t.Helper()
	if body == nil {
		return ""
	}
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatalf("apitest: marshal %T: %v", body, err)
	}
	return string(raw)
}
