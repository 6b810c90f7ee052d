package api

import (
	"context"
	"fmt"
	"strings"
)

// RouteTable is the site's page routes (spec §2), read from routes.json in the built web
// client (webclient/public/routes.json). It is the one list both sides use: the React router
// is checked against it by webclient/src/routeTable.test.ts, and the server answers 200 only
// for a path it matches, 404 with the not-found page for anything else, so a crawler or a
// link preview never sees "200 OK" for a page that does not exist.
type RouteTable struct {
	// Params lists the values a named parameter may take (":game" takes only game slugs);
	// a parameter not listed takes any non-empty segment.
	Params map[string][]string `json:"params"`
	Routes []PageRoute         `json:"routes"`

	sets map[string]map[string]bool
}

// PageRoute is one page of the site.
type PageRoute struct {
	Path string `json:"path"` // "/live/:id", "/match/:game?", "/admin/*" (any rest)
	Page string `json:"page"` // a stable name: "liveRoom", "match"; keys PageExists
	// Missing names the issue that builds a page of the spec not built yet; such a page
	// answers 404 until it lands (never a silent placeholder).
	Missing string `json:"missing,omitempty"`

	segs []string
}

// PageExists looks up the ids of a matched page (a match, a live room): false answers 404.
// It is asked only for paths whose shape already matched.
type PageExists func(ctx context.Context, params map[string]string) (bool, error)

// ParseRouteTable reads routes.json and checks that every route is well formed.
func ParseRouteTable(data []byte) (*RouteTable, error) {
	var t RouteTable
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("routes.json: %w", err)
	}
	t.sets = make(map[string]map[string]bool, len(t.Params))
	for name, values := range t.Params {
		set := make(map[string]bool, len(values))
		for _, v := range values {
			set[v] = true
		}
		t.sets[name] = set
	}
	seen := make(map[string]bool, len(t.Routes))
	for i := range t.Routes {
		r := &t.Routes[i]
		if !strings.HasPrefix(r.Path, "/") || r.Page == "" {
			return nil, fmt.Errorf("routes.json: route %q (page %q): a path starts with / and a page has a name", r.Path, r.Page)
		}
		if seen[r.Path] {
			return nil, fmt.Errorf("routes.json: %s listed twice", r.Path)
		}
		seen[r.Path] = true
		r.segs = splitPath(r.Path)
	}
	return &t, nil
}

// Match finds the page of path. When several routes fit, the most specific wins, as in the
// React router: a fixed segment beats a parameter limited to a set of values, which beats
// any parameter ("/anchor/anchorList" before "/anchor/:id", "/live/1" is not a match page).
func (t *RouteTable) Match(path string) (PageRoute, map[string]string, bool) {
	segs := splitPath(path)
	best, bestScore := -1, -1
	var bestParams map[string]string
	for i, r := range t.Routes {
		params, score, ok := t.fit(r.segs, segs)
		if ok && score > bestScore {
			best, bestScore, bestParams = i, score, params
		}
	}
	if best < 0 {
		return PageRoute{}, nil, false
	}
	return t.Routes[best], bestParams, true
}

// fit matches one route's segments against a path's; score ranks specificity.
func (t *RouteTable) fit(route, path []string) (map[string]string, int, bool) {
	var params map[string]string
	score := 0
	for i, seg := range route {
		if seg == "*" && i == len(route)-1 {
			return params, score, true // a section with its own routes (/admin/*): any rest
		}
		name, isParam := strings.CutPrefix(seg, ":")
		optional := isParam && strings.HasSuffix(name, "?")
		name = strings.TrimSuffix(name, "?")
		if i >= len(path) {
			if optional && i == len(route)-1 {
				return params, score, true
			}
			return nil, 0, false
		}
		switch {
		case !isParam:
			if seg != path[i] {
				return nil, 0, false
			}
			score += 3
		case path[i] == "":
			return nil, 0, false
		default:
			if set, limited := t.sets[name]; limited {
				if !set[path[i]] {
					return nil, 0, false
				}
				score += 2
			} else {
				score++
			}
			if params == nil {
				params = map[string]string{}
			}
			params[name] = path[i]
		}
	}
	if len(path) != len(route) {
		return nil, 0, false
	}
	return params, score, true
}

// splitPath cuts "/a/b/" into ["a", "b"]; a trailing slash does not make another page.
func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}
