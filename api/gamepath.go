package api

import (
	"net/http"
	"sort"
	"strings"
)

// Game-prefixed calls (spec §7): /{game}/{matchId}, /{game}/{type}/{pageIndex}, /{game}/news{id},
// /{game}/newsComment{id}/{pageIndex}, /{game}/video{id}. Registered on the ServeMux, a pattern
// like "GET /{game}/{matchId}" would swallow every two-segment path, so a GET to a POST call
// answered 404 instead of 405. They live in one dispatcher instead: HandleGame registers them,
// SetGames says which first segments are games, and route (middleware.go) asks the ServeMux first
// for a static route (answering 405 on a method mismatch), then this table when the first segment
// is a game. Later areas add their game-prefixed calls with HandleGame.

// gameRoute is one registered game-prefixed call.
type gameRoute struct {
	method string
	segs   []gameSeg // after the {game} segment
	h      http.Handler
}

// gameSeg is one path segment of a game route: a literal prefix and, when name is set, the
// wildcard that takes the rest of the segment ("news{id}": prefix "news", name "id").
type gameSeg struct {
	prefix, name string
}

// HandleGame registers h for a game-prefixed pattern, "GET /{game}/news{id}": the first segment
// must be {game}, each other segment a literal, a {name} or a literal followed by {name}. Path
// values (r.PathValue) are set as the ServeMux would. Of two routes that fit one path, the one
// whose literals are longer wins (/{game}/newsComment{id}/{p} over /{game}/{type}/{pageIndex}).
func (s *Server) HandleGame(pattern string, h HandlerFunc, mw ...Middleware) {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	method, path, _ := strings.Cut(pattern, " ")
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 2 || parts[0] != "{game}" {
		panic("api: game pattern must start with /{game}/: " + pattern)
	}
	r := gameRoute{method: method, h: http.HandlerFunc(func(w http.ResponseWriter, hr *http.Request) { s.serve(w, hr, h) })}
	for _, p := range parts[1:] {
		seg := gameSeg{prefix: p}
		if i := strings.IndexByte(p, '{'); i >= 0 && strings.HasSuffix(p, "}") {
			seg = gameSeg{prefix: p[:i], name: p[i+1 : len(p)-1]}
		}
		r.segs = append(r.segs, seg)
	}
	s.gameRoutes = append(s.gameRoutes, r)
	sort.SliceStable(s.gameRoutes, func(i, j int) bool { return literalLen(s.gameRoutes[i]) > literalLen(s.gameRoutes[j]) })
}

func literalLen(r gameRoute) int {
	n := 0
	for _, s := range r.segs {
		n += len(s.prefix)
		if s.name == "" {
			n += 1000 // a whole literal segment beats any prefix
		}
	}
	return n
}

// SetGames says which first path segments name a game (a catalogue id, name or abbreviation).
func (s *Server) SetGames(isGame func(segment string) bool) { s.isGame = isGame }

// serveGame serves r from the game routes when its first segment (after /java) is a game; it
// reports whether it answered. A path that fits a route of another method answers 405 with Allow.
func (s *Server) serveGame(w http.ResponseWriter, r *http.Request, lang string) bool {
	if s.isGame == nil || len(s.gameRoutes) == 0 {
		return false
	}
	rest, ok := strings.CutPrefix(r.URL.Path, Prefix+"/")
	if !ok {
		return false
	}
	parts := strings.Split(rest, "/")
	if len(parts) < 2 || !s.isGame(parts[0]) {
		return false
	}
	var allow []string
	for _, rt := range s.gameRoutes {
		vals, fits := rt.match(parts[1:])
		if !fits {
			continue
		}
		if rt.method != "" && rt.method != r.Method && !(rt.method == http.MethodGet && r.Method == http.MethodHead) {
			allow = append(allow, rt.method)
			continue
		}
		r.SetPathValue("game", parts[0])
		for k, v := range vals {
			r.SetPathValue(k, v)
		}
		rt.h.ServeHTTP(w, r)
		return true
	}
	if len(allow) == 0 {
		return false
	}
	sort.Strings(allow)
	w.Header().Set("Allow", strings.Join(allow, ", "))
	writeFail(w, lang, ErrMethodNotAllowed)
	return true
}

// match fits path segments to the route; it returns the wildcard values.
func (rt gameRoute) match(parts []string) (map[string]string, bool) {
	if len(parts) != len(rt.segs) {
		return nil, false
	}
	vals := map[string]string{}
	for i, seg := range rt.segs {
		p := parts[i]
		if seg.name == "" {
			if p != seg.prefix {
				return nil, false
			}
			continue
		}
		v, ok := strings.CutPrefix(p, seg.prefix)
		if !ok || v == "" {
			return nil, false
		}
		vals[seg.name] = v
	}
	return vals, true
}
