package search

import (
	"context"
	"time"
)

// Kind is what a result is. The order of Kinds is the order of the groups on the search page.
type Kind string

// The kinds of things the site search finds.
const (
	KindMatch    Kind = "match"
	KindTeam     Kind = "team"
	KindPlayer   Kind = "player"
	KindLeague   Kind = "league"
	KindStreamer Kind = "streamer"
	KindRoom     Kind = "room"
	KindExpert   Kind = "expert"
	KindNews     Kind = "news"
	KindVideo    Kind = "video"
)

// Kinds lists every kind in page order.
var Kinds = []Kind{KindMatch, KindTeam, KindPlayer, KindLeague, KindStreamer, KindRoom, KindExpert, KindNews, KindVideo}

// Valid reports a known kind.
func (k Kind) Valid() bool {
	for _, x := range Kinds {
		if x == k {
			return true
		}
	}
	return false
}

// Document is one findable thing. Kind and ID identify it (Put again replaces it); Title is what a
// result shows and what ranks first. Names are alternative names (a native-script or Latin spelling,
// a short name) found by the same query as the title. Body is further text to find it by (a summary,
// keywords, tags, the names of linked teams); it is indexed, not shown.
type Document struct {
	Kind     Kind
	ID       string
	Title    string
	Names    []string
	Body     string
	Subtitle string // one line under the title (a league, a team, a summary's first words)
	Picture  string // a logo, photo, avatar or cover URL
	Target   string // the site path the result opens: "/news/lol/42", "/videos/42"
	Lang     string // the document's language ("en_US", "zh_CN", ...); empty: any
	Game     int    // catalogue game id (feed.Games); 0: none
	Rank     float64
	Time     time.Time      // start of a match, publish time of news and videos
	Meta     map[string]any // extra fields the result card shows (scores, status, live)
}

// Indexer keeps documents findable. The news and video areas call Put when an item is published
// or edited and Delete when it is unpublished or removed. Rank is a popularity signal in [0,1]
// (views, likes); Put is idempotent.
type Indexer interface {
	Put(ctx context.Context, d Document) error
	Delete(ctx context.Context, kind Kind, id string) error
}

// Backend is where documents are kept and searched: Postgres by default (backend_postgres.go); an
// external engine (OpenSearch, Meilisearch) is another Backend (docs/decisions/0012-search.md).
type Backend interface {
	Put(ctx context.Context, docs []Document) error
	Delete(ctx context.Context, kind Kind, id string) error
	// Sweep deletes the documents of kind not put since before (a full reindex removes what is gone).
	Sweep(ctx context.Context, kind Kind, before time.Time) error
	Search(ctx context.Context, q Query) (Results, error)
}

// Query is one search: Text as typed; Kind empty for every kind (each group limited to PerKind),
// or one kind paged by Page and PerKind.
type Query struct {
	Text    string
	Kind    Kind
	Page    int // from 1
	PerKind int
}

// Hit is one result.
type Hit struct {
	Document
	Score float64
}

// Group is the results of one kind: the best Hits and how many matched in all (Total counts at
// most the backend's candidate cap).
type Group struct {
	Kind  Kind
	Hits  []Hit
	Total int
}

// Results are the groups in page order, empty groups left out. Typo is set when nothing matched
// exactly and the hits come from the typo-tolerant pass.
type Results struct {
	Groups []Group
	Typo   bool
}
