package errcode

import (
	"sort"
	"strconv"
)

// Kind is the class of an error: what went wrong, in terms any edge can map. Package api turns a
// Kind into the HTTP status (its one status table); the WebSocket edge does not need it.
type Kind uint8

// Kinds. Two errors of one Kind always get the same HTTP status; an error that needs another status
// needs another Kind.
const (
	KindInvalid          Kind = iota + 1 // the request breaks a rule: fix it and retry (400)
	KindUnauthenticated                  // no or no live session (401)
	KindForbidden                        // the caller may not do this (403)
	KindNotFound                         // no such thing (404)
	KindMethodNotAllowed                 // the route exists for other methods (405)
	KindConflict                         // not possible in the current state (409)
	KindTooLarge                         // the body is over the limit (413)
	KindTooMany                          // too many attempts or too fast: wait (429)
	KindInternal                         // a fault on our side, details in the log (500)
	KindUpstream                         // a provider we depend on failed (502)
	KindUnavailable                      // a part needed for this is not available (503)
)

var kindNames = [...]string{
	KindInvalid: "Invalid", KindUnauthenticated: "Unauthenticated", KindForbidden: "Forbidden",
	KindNotFound: "NotFound", KindMethodNotAllowed: "MethodNotAllowed", KindConflict: "Conflict",
	KindTooLarge: "TooLarge", KindTooMany: "TooMany", KindInternal: "Internal", KindUpstream: "Upstream",
	KindUnavailable: "Unavailable",
}

// String is the Kind's name ("Invalid", "TooMany", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Kinds lists every Kind in order.
func Kinds() []Kind {
	out := make([]Kind, 0, len(kindNames)-1)
	for k := KindInvalid; int(k) < len(kindNames); k++ {
		out = append(out, k)
	}
	return out
}

// Edge says where a code reaches clients.
type Edge uint8

// Edges.
const (
	EdgeREST   Edge = 1 << iota // the REST envelope's errorCode
	EdgeSocket                  // the WebSocket `error` frame's code
	EdgeBoth   = EdgeREST | EdgeSocket
)

// String is "REST", "WebSocket" or "REST, WebSocket".
func (e Edge) String() string {
	switch e {
	case EdgeREST:
		return "REST"
	case EdgeSocket:
		return "WebSocket"
	case EdgeBoth:
		return "REST, WebSocket"
	}
	return "none"
}

// Known reports whether c is in the catalogue.
func (c Code) Known() bool {
	_, ok := catalogue[c]
	return ok
}

// Key is c's default message key; "server.error" for a code outside the catalogue.
func (c Code) Key() string {
	if e, ok := catalogue[c]; ok {
		return e.key
	}
	return "server.error"
}

// Kind is c's Kind; KindInternal for a code outside the catalogue.
func (c Code) Kind() Kind {
	if e, ok := catalogue[c]; ok {
		return e.kind
	}
	return KindInternal
}

// Edge says where c reaches clients (0 for a code outside the catalogue).
func (c Code) Edge() Edge { return catalogue[c].edge }

// All lists every code of the catalogue in ascending order.
func All() []Code {
	out := make([]Code, 0, len(catalogue))
	for c := range catalogue {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
