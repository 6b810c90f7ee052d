package gateway

import (
	"net/http"
	"strings"
)

// permessage-deflate negotiation (RFC 7692 §5-7). The gateway compresses a
// broadcast frame once for every subscriber, so it only ever runs without
// context takeover in both directions: each message is deflated and
// inflated on its own, and the same compressed bytes are valid on every
// connection.

// deflateAccepted is the extension the 101 answer selects. server_max_window_bits
// is echoed when the client asked for it (and only 15 is honoured).
const (
	deflateAccepted     = "permessage-deflate; server_no_context_takeover; client_no_context_takeover"
	deflateAcceptedBits = deflateAccepted + "; server_max_window_bits=15"
)

// extension is one element of Sec-WebSocket-Extensions: a name and its
// parameters in order (a parameter without a value has hasValue false).
type extension struct {
	name   string
	params []extParam
}

type extParam struct {
	name, value string
	hasValue    bool
}

// negotiateDeflate picks the first acceptable permessage-deflate offer of
// the request and returns the Sec-WebSocket-Extensions value to answer
// with, or "" when there is none (no offer, or every offer declined: the
// connection then runs uncompressed). A header that does not follow the
// grammar of RFC 6455 §9.1 is a bad request.
func negotiateDeflate(h http.Header) (string, *handshakeError) {
	values := h.Values("Sec-Websocket-Extensions")
	if len(values) == 0 {
		return "", nil
	}
	exts, ok := parseExtensions(values)
	if !ok {
		return "", &handshakeError{http.StatusBadRequest, "malformed Sec-WebSocket-Extensions"}
	}
	for _, e := range exts {
		if !strings.EqualFold(e.name, "permessage-deflate") {
			continue // an extension we do not implement: ignored
		}
		if answer, ok := acceptDeflateOffer(e.params); ok {
			return answer, nil
		}
	}
	return "", nil
}

// acceptDeflateOffer applies RFC 7692 §5 and §7.1 to one offer. It declines
// (ok false) an offer with an unknown parameter, a parameter given twice or
// a value the RFC does not allow, and an offer the gateway cannot honour:
// server_max_window_bits below 15 (compress/flate always uses a 32 KiB
// window). client_max_window_bits is accepted with or without a value and
// not answered: the gateway inflates any window up to 32 KiB.
func acceptDeflateOffer(params []extParam) (answer string, ok bool) {
	seen := map[string]bool{}
	answer = deflateAccepted
	for _, p := range params {
		name := strings.ToLower(p.name)
		if seen[name] {
			return "", false
		}
		seen[name] = true
		switch name {
		case "server_no_context_takeover", "client_no_context_takeover":
			if p.hasValue {
				return "", false
			}
		case "server_max_window_bits":
			bits, valid := windowBits(p)
			if !valid || bits != 15 {
				return "", false
			}
			answer = deflateAcceptedBits
		case "client_max_window_bits":
			if _, valid := windowBits(p); p.hasValue && !valid {
				return "", false
			}
		default:
			return "", false
		}
	}
	return answer, true
}

// windowBits parses a max_window_bits value: 8 to 15 in decimal without
// leading zeros (RFC 7692 §7.1.2).
func windowBits(p extParam) (int, bool) {
	v := p.value
	if !p.hasValue || len(v) == 0 || len(v) > 2 || v[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, false
		}
		n = n*10 + int(v[i]-'0')
	}
	return n, n >= 8 && n <= 15
}

// parseExtensions parses Sec-WebSocket-Extensions values (RFC 6455 §9.1):
//
//	extension-list = 1#extension
//	extension      = token *( ";" extension-param )
//	extension-param = token [ "=" ( token / quoted-string ) ]
//
// with optional whitespace around the separators and empty list elements
// allowed (RFC 9110 §5.6.1). A quoted value must unescape to a token. It
// reports false on anything else.
func parseExtensions(values []string) ([]extension, bool) {
	var out []extension
	for _, v := range values {
		p := extParser{s: v}
		for {
			p.skipSpace()
			if p.done() {
				break
			}
			if p.peek() == ',' { // empty element
				p.i++
				continue
			}
			name, ok := p.token()
			if !ok {
				return nil, false
			}
			e := extension{name: name}
			for {
				p.skipSpace()
				if p.done() || p.peek() == ',' {
					break
				}
				if p.peek() != ';' {
					return nil, false
				}
				p.i++
				p.skipSpace()
				pname, ok := p.token()
				if !ok {
					return nil, false
				}
				param := extParam{name: pname}
				p.skipSpace()
				if !p.done() && p.peek() == '=' {
					p.i++
					p.skipSpace()
					val, ok := p.value()
					if !ok {
						return nil, false
					}
					param.value, param.hasValue = val, true
				}
				e.params = append(e.params, param)
			}
			out = append(out, e)
			if !p.done() {
				p.i++ // the comma
			}
		}
	}
	return out, len(out) > 0
}

type extParser struct {
	s string
	i int
}

func (p *extParser) done() bool { return p.i >= len(p.s) }
func (p *extParser) peek() byte { return p.s[p.i] }

func (p *extParser) skipSpace() {
	for !p.done() && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *extParser) token() (string, bool) {
	start := p.i
	for !p.done() && isTokenChar(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i], p.i > start
}

// value reads a token or a quoted-string whose content is a token.
func (p *extParser) value() (string, bool) {
	if p.done() || p.peek() != '"' {
		return p.token()
	}
	p.i++
	var b strings.Builder
	for !p.done() {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '"':
			v := b.String()
			for i := 0; i < len(v); i++ {
				if !isTokenChar(v[i]) {
					return "", false
				}
			}
			return v, v != ""
		case c == '\\':
			if p.done() {
				return "", false
			}
			b.WriteByte(p.s[p.i])
			p.i++
		default:
			b.WriteByte(c)
		}
	}
	return "", false // unterminated
}

// isTokenChar reports whether c may appear in an HTTP token (RFC 9110 §5.6.2).
func isTokenChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}
