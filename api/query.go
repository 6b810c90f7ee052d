package api

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"courtside/actors/protocol"
)

// Paging of list calls: pageIndex from 1, pageSize 1..MaxPageSize (default DefaultPageSize).
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
	// MaxPageIndex bounds pageIndex so that the offset (Index-1)*Size never overflows.
	MaxPageIndex = math.MaxInt32
)

// Page is one page of a list call.
type Page struct {
	Index int `json:"pageIndex"` // from 1
	Size  int `json:"pageSize"`  // 1..MaxPageSize
}

// Offset is how many rows come before the page.
func (p Page) Offset() int { return (p.Index - 1) * p.Size }

// List is the answer of a paged list call: the page's rows, the total count of rows and the page
// asked for, {"list", "total", "pageIndex", "pageSize"}. A call that adds a field of its own sets it
// on the map it returns.
func (p Page) List(rows any, total int) map[string]any {
	return map[string]any{"list": rows, "total": total, "pageIndex": p.Index, "pageSize": p.Size}
}

// NewPage clamps index and size into a Page: index at least 1 (and at most MaxPageIndex), size
// 1..MaxPageSize, 0 or less meaning DefaultPageSize. Whatever the numbers, the page is valid.
func NewPage(index, size int64) Page {
	if size <= 0 {
		size = DefaultPageSize
	}
	return Page{Index: int(min(max(index, 1), MaxPageIndex)), Size: int(min(size, MaxPageSize))}
}

// Paging reads the page of a list call from the query: pageIndex and pageSize (or their short
// forms page and size), clamped by NewPage, so a huge or negative number is a valid page and never
// a 500. A value that is not a number is ErrFormat.
func (r *Request) Paging() (Page, error) {
	index, err := r.intQuery(1, "pageIndex", "page")
	if err != nil {
		return Page{}, err
	}
	size, err := r.intQuery(DefaultPageSize, "pageSize", "size")
	if err != nil {
		return Page{}, err
	}
	return NewPage(index, size), nil
}

// PathPaging is Paging for the spec's calls that carry the page index in the path
// (`/{game}/{type}/{pageIndex}`): the index from the path value named, the size from pageSize/size.
func (r *Request) PathPaging(name string) (Page, error) {
	index, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil {
		return Page{}, ErrFormat
	}
	size, err := r.intQuery(DefaultPageSize, "pageSize", "size")
	if err != nil {
		return Page{}, err
	}
	return NewPage(index, size), nil
}

// IntQuery reads an integer query parameter: def when absent, ErrFormat when it is not a number.
// A number beyond the int range is clamped to it.
func (r *Request) IntQuery(name string, def int) (int, error) {
	n, err := r.intQuery(int64(def), name)
	return int(min(max(n, math.MinInt), math.MaxInt)), err
}

// intQuery reads the first of names that is present as an int64, clamping out-of-range numbers.
func (r *Request) intQuery(def int64, names ...string) (int64, error) {
	q := r.HTTP.URL.Query()
	for _, name := range names {
		v := q.Get(name)
		if v == "" {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if errors.Is(err, strconv.ErrRange) {
			return n, nil // ParseInt saturates at the bound crossed
		}
		if err != nil {
			return 0, ErrFormat.Wrap(err)
		}
		return n, nil
	}
	return def, nil
}

// Millis is how the API sends a time: Unix milliseconds, 0 for the zero time.
func Millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// ParseUserID reads a user id as pages send it: "u<id>" (protocol.UserID's wire form) or, from
// older pages, a bare positive id. Surrounding spaces are ignored.
func ParseUserID(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if id, err := protocol.ParseUserID(s); err == nil {
		return int64(id), true
	}
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}
