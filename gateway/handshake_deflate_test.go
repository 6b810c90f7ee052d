package gateway

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestNegotiateDeflate(t *testing.T) {
	const (
		plain = deflateAccepted
		bits  = deflateAcceptedBits
	)
	tests := []struct {
		name   string
		header []string // Sec-WebSocket-Extensions lines; nil: absent
		want   string   // the answer; "" declines
		status int      // 400 when the header is malformed
	}{
		{"no header", nil, "", 0},
		{"bare offer", []string{"permessage-deflate"}, plain, 0},
		{"Chromium and Firefox", []string{"permessage-deflate; client_max_window_bits"}, plain, 0},
		{"Safari", []string{"permessage-deflate"}, plain, 0},
		{"coder/websocket without context takeover", []string{"permessage-deflate; client_no_context_takeover; server_no_context_takeover"}, plain, 0},
		{"client window with a value", []string{"permessage-deflate; client_max_window_bits=10"}, plain, 0},
		{"quoted client window", []string{`permessage-deflate; client_max_window_bits="12"`}, plain, 0},
		{"server window 15 is echoed", []string{"permessage-deflate; server_max_window_bits=15"}, bits, 0},
		{"name and parameters in any case", []string{"PerMessage-Deflate; Server_No_Context_Takeover"}, plain, 0},
		{"spaces and tabs around separators", []string{"permessage-deflate ;\tclient_max_window_bits , foo"}, plain, 0},
		{"server window below 15 declined, next offer taken", []string{"permessage-deflate; server_max_window_bits=10, permessage-deflate; client_max_window_bits"}, plain, 0},
		{"first acceptable offer wins", []string{"permessage-deflate; server_max_window_bits=15", "permessage-deflate"}, bits, 0},
		{"only unacceptable offers", []string{"permessage-deflate; server_max_window_bits=9"}, "", 0},
		{"unknown extension ignored", []string{"x-webkit-deflate-frame"}, "", 0},
		{"unknown extension before ours", []string{"x-foo; bar=1, permessage-deflate"}, plain, 0},
		{"unknown parameter declines", []string{"permessage-deflate; mux"}, "", 0},
		{"duplicate parameter declines", []string{"permessage-deflate; client_max_window_bits; client_max_window_bits=9"}, "", 0},
		{"no_context_takeover with a value declines", []string{"permessage-deflate; server_no_context_takeover=1"}, "", 0},
		{"server window without a value declines", []string{"permessage-deflate; server_max_window_bits"}, "", 0},
		{"window 16 declines", []string{"permessage-deflate; client_max_window_bits=16"}, "", 0},
		{"window 7 declines", []string{"permessage-deflate; server_max_window_bits=7"}, "", 0},
		{"leading zero declines", []string{"permessage-deflate; server_max_window_bits=015"}, "", 0},
		{"non-digit window declines", []string{"permessage-deflate; client_max_window_bits=1a"}, "", 0},
		{"quoted value that is no token", []string{`permessage-deflate; client_max_window_bits="1 2"`}, "", 400},
		{"empty elements are skipped", []string{", permessage-deflate,"}, plain, 0},
		{"empty header", []string{""}, "", 400},
		{"missing parameter name", []string{"permessage-deflate; =15"}, "", 400},
		{"missing extension name", []string{"; client_max_window_bits"}, "", 400},
		{"unterminated quote", []string{`permessage-deflate; client_max_window_bits="15`}, "", 400},
		{"junk after a parameter", []string{"permessage-deflate; client_max_window_bits=15 16"}, "", 400},
		{"bad character in a name", []string{"permessage-deflate; client/max"}, "", 400},
		{"empty value", []string{"permessage-deflate; client_max_window_bits="}, "", 400},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tc.header {
				h.Add("Sec-WebSocket-Extensions", v)
			}
			got, herr := negotiateDeflate(h)
			if tc.status != 0 {
				if herr == nil || herr.status != tc.status {
					t.Fatalf("got %q %v, want HTTP %d", got, herr, tc.status)
				}
				return
			}
			if herr != nil || got != tc.want {
				t.Fatalf("got %q %v, want %q", got, herr, tc.want)
			}
		})
	}
}

func TestUpgradeAnswersTheExtension(t *testing.T) {
	for _, tc := range []struct {
		name  string
		mode  CompressionMode
		offer string
		want  string
		code  int
	}{
		{"default mode accepts", CompressionDefault, "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits", deflateAccepted, 101},
		{"switched off: never compressed", CompressionOff, "Sec-WebSocket-Extensions: permessage-deflate", "", 101},
		{"switched off: malformed header not even read", CompressionOff, "Sec-WebSocket-Extensions: ;;", "", 101},
		{"no offer", CompressionOn, "X-Other: 1", "", 101},
		{"malformed", CompressionOn, `Sec-WebSocket-Extensions: permessage-deflate; a="`, "", 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := newRecorder()
			s := startServer(t, Config{Compression: tc.mode}, rec)
			rc := dialRaw(t, s, upgradeRequest(s.Addr().String(), "/ws", tc.offer))
			resp := rc.response()
			if resp.StatusCode != tc.code {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.code)
			}
			if got := resp.Header.Get("Sec-WebSocket-Extensions"); got != tc.want {
				t.Fatalf("Sec-WebSocket-Extensions %q, want %q", got, tc.want)
			}
			if tc.code == 101 {
				if c := rec.waitOpen(t); c.Compressed() != (tc.want != "") {
					t.Fatalf("Compressed %v", c.Compressed())
				}
			}
		})
	}
}

func TestChromiumOfferIsAccepted(t *testing.T) {
	u := newUpgradeChecker(&Config{Path: "/ws"})
	req, key, herr := u.parse([]byte(chromiumRequest))
	if herr != nil || !req.Compressed {
		t.Fatalf("refused or not compressed: %v %+v", herr, req)
	}
	resp := string(appendSwitchingProtocols(nil, key, req.extensions))
	if !strings.Contains(resp, "\r\nSec-WebSocket-Extensions: permessage-deflate; server_no_context_takeover; client_no_context_takeover\r\n") {
		t.Fatalf("response %q", resp)
	}
}

// extensionSeeds are Sec-WebSocket-Extensions values browsers and libraries
// send, and malformed ones.
var extensionSeeds = []string{
	"permessage-deflate; client_max_window_bits",
	"permessage-deflate",
	"permessage-deflate; client_no_context_takeover; server_no_context_takeover",
	"permessage-deflate; server_max_window_bits=10, permessage-deflate; server_max_window_bits=15",
	`permessage-deflate; client_max_window_bits="12"`,
	"x-webkit-deflate-frame, permessage-deflate; mux",
	`permessage-deflate; a="\"`,
	"permessage-deflate; server_max_window_bits=015; server_max_window_bits=15",
	", ;=,",
}

// FuzzNegotiateDeflate checks that any header value either is refused with
// 400 or yields one of the two answers the gateway gives, the latter only
// when permessage-deflate was offered.
func FuzzNegotiateDeflate(f *testing.F) {
	for _, s := range extensionSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		h := http.Header{"Sec-Websocket-Extensions": {v}}
		got, herr := negotiateDeflate(h)
		if herr != nil {
			if herr.status != http.StatusBadRequest || got != "" {
				t.Fatalf("refusal %d with answer %q", herr.status, got)
			}
			return
		}
		switch got {
		case "":
		case deflateAccepted, deflateAcceptedBits:
			if !strings.Contains(strings.ToLower(v), "permessage-deflate") {
				t.Fatalf("accepted %q, which offers no permessage-deflate", v)
			}
		default:
			t.Fatalf("answer %q", got)
		}
	})
}

// TestWriteExtensionSeedCorpus regenerates testdata/fuzz/FuzzNegotiateDeflate.
// Run with GATEWAY_WRITE_CORPUS=1; normal runs skip it.
func TestWriteExtensionSeedCorpus(t *testing.T) {
	if os.Getenv("GATEWAY_WRITE_CORPUS") == "" {
		t.Skip("set GATEWAY_WRITE_CORPUS=1 to rewrite testdata/fuzz/FuzzNegotiateDeflate")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzNegotiateDeflate")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range extensionSeeds {
		body := fmt.Sprintf("go test fuzz v1\nstring(%s)\n", strconv.Quote(s))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed_%02d", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
