package search

import (
	"time"

	"go.uber.org/zap"
)

// Config configures the search. Zero values get the defaults of New; README.md lists every knob.
type Config struct {
	// RefreshEvery is how often Run re-reads the things changed since the last pass. Default 5 s.
	RefreshEvery time.Duration `json:"refreshEvery"`
	// FullEvery is how often Run reindexes every existing kind in full (and drops what is gone).
	// Default 30 minutes.
	FullEvery time.Duration `json:"fullEvery"`
	// PerKind is the number of results of each kind when every kind is searched. Default 5.
	PerKind int `json:"perKind"`
	// PageSize is the page size when one kind is searched. Default 20.
	PageSize int `json:"pageSize"`
	// MaxPage is the last page one may ask for. Default 50.
	MaxPage int `json:"maxPage"`
	// MaxQuery is the longest query, in characters. Default 100.
	MaxQuery int `json:"maxQuery"`
	// Candidates caps the rows one query ranks (the Postgres backend). Default 500.
	Candidates int `json:"candidates"`
	// CacheFor is how long an answer is kept in memory and given again to the same query (every
	// write through this node's Service empties the cache; other nodes' writes are seen after at
	// most this). Default 5 s; negative: no cache.
	CacheFor time.Duration `json:"cacheFor"`
	// CacheSize caps the answers kept. Default 10,000.
	CacheSize int `json:"cacheSize"`
	// Now is the clock. Default time.Now.
	Now func() time.Time `json:"-"`
	// Logger. Default no-op.
	Logger *zap.Logger `json:"-"`
}

// Defaults.
const (
	DefaultRefreshEvery = 5 * time.Second
	DefaultFullEvery    = 30 * time.Minute
	DefaultPerKind      = 5
	DefaultPageSize     = 20
	DefaultMaxPage      = 50
	DefaultMaxQuery     = 100
	DefaultCandidates   = 500
	DefaultCacheFor     = 5 * time.Second
	DefaultCacheSize    = 10_000
)

func (c *Config) fill() {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.PerKind, DefaultPerKind)
	def(&c.PageSize, DefaultPageSize)
	def(&c.MaxPage, DefaultMaxPage)
	def(&c.MaxQuery, DefaultMaxQuery)
	def(&c.Candidates, DefaultCandidates)
	def(&c.CacheSize, DefaultCacheSize)
	if c.CacheFor == 0 {
		c.CacheFor = DefaultCacheFor
	}
	if c.RefreshEvery <= 0 {
		c.RefreshEvery = DefaultRefreshEvery
	}
	if c.FullEvery <= 0 {
		c.FullEvery = DefaultFullEvery
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
}
