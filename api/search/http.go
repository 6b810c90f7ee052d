package search

import (
	"sort"
	"time"

	"courtside/api"
)

// handlers are the search's REST endpoints (README.md has the table): decode, call the Service,
// shape the answer. No rule lives here.
type handlers struct{ svc *Service }

// Routes registers the search's public endpoints on srv.
func (s *Service) Routes(srv *api.Server) {
	h := &handlers{svc: s}
	srv.Handle("GET /search/all", h.all)
	srv.Handle("GET /search/suggest", h.suggest)
}

// hitView is one result as the pages show it.
type hitView struct {
	Kind     Kind           `json:"kind"`
	ID       string         `json:"id"`
	Title    string         `json:"title"`
	Subtitle string         `json:"subtitle,omitempty"`
	Picture  string         `json:"picture,omitempty"`
	Target   string         `json:"target"`
	Lang     string         `json:"lang,omitempty"`
	GameID   int            `json:"gameId,omitempty"`
	Time     *time.Time     `json:"time,omitempty"`
	Meta     map[string]any `json:"meta,omitempty"`
}

type groupView struct {
	Kind  Kind      `json:"kind"`
	Total int       `json:"total"`
	List  []hitView `json:"list"`
}

func viewHit(h Hit) hitView {
	v := hitView{Kind: h.Kind, ID: h.ID, Title: h.Title, Subtitle: h.Subtitle, Picture: h.Picture, Target: h.Target, Lang: h.Lang,
		GameID: h.Game, Meta: h.Meta}
	if !h.Time.IsZero() {
		t := h.Time.UTC()
		v.Time = &t
	}
	return v
}

// all: GET /search/all?q=&kind=&page= — every kind (a few results each) or one kind paged.
func (h *handlers) all(r *api.Request) (any, error) {
	page, err := r.IntQuery("page", 1)
	if err != nil {
		return nil, err
	}
	q := Query{Text: r.Query("q"), Kind: Kind(r.Query("kind")), Page: page}
	if page == 0 {
		q.Page = -1 // an explicit 0 is out of range
	}
	res, err := h.svc.Search(r.Context(), q)
	if err != nil {
		return nil, err
	}
	groups := make([]groupView, 0, len(res.Groups))
	for _, g := range res.Groups {
		gv := groupView{Kind: g.Kind, Total: g.Total, List: make([]hitView, len(g.Hits))}
		for i, x := range g.Hits {
			gv.List[i] = viewHit(x)
		}
		groups = append(groups, gv)
	}
	return map[string]any{"q": q.Text, "kind": q.Kind, "page": max(q.Page, 1), "typo": res.Typo, "groups": groups}, nil
}

// suggestMax is the number of suggestions under the header's search box.
const suggestMax = 8

// suggest: GET /search/suggest?q= — the best few results of any kind, for the header's box.
func (h *handlers) suggest(r *api.Request) (any, error) {
	res, err := h.svc.Search(r.Context(), Query{Text: r.Query("q")})
	if err != nil {
		return nil, err
	}
	var all []Hit
	for _, g := range res.Groups {
		all = append(all, g.Hits...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Score > all[j].Score })
	if len(all) > suggestMax {
		all = all[:suggestMax]
	}
	out := make([]hitView, len(all))
	for i, x := range all {
		out[i] = viewHit(x)
	}
	return map[string]any{"list": out}, nil
}
