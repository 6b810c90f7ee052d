package content

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"courtside/api/audit"
	"courtside/api/locale"
	"courtside/api/safeblock"
	"courtside/storage/postgres"
)

// PageInfo is one of the site's text pages: its slug (the key of its texts) and its path.
type PageInfo struct {
	Slug string `json:"slug"`
	Path string `json:"path"`
}

// Pages are the footer and protocol pages (spec §2, issue 19), in the order the footer and the
// /protocol index list them.
var Pages = []PageInfo{
	{"about", "/about"},
	{"agreement", "/protocol/1"},
	{"privacy", "/protocol/2"},
	{"service", "/protocol/service"},
	{"streamer", "/protocol/streamer"},
	{"complaint", "/protocol/complaint"},
	{"power", "/protocol/power"},
	{"responsibility", "/protocol/responsibility"},
	{"cooperation", "/protocol/cooperation"},
	{"certificate", "/certificate"},
}

// protocolIDs maps the id of /protocol/{id} to its page; "privacy" is an alias of "2".
var protocolIDs = map[string]string{
	"1": "agreement", "2": "privacy", "privacy": "privacy", "service": "service", "streamer": "streamer",
	"complaint": "complaint", "power": "power", "responsibility": "responsibility", "cooperation": "cooperation",
}

// ProtocolSlug is the page of /protocol/{id}; ok false for an id that names none (404).
func ProtocolSlug(id string) (string, bool) {
	s, ok := protocolIDs[id]
	return s, ok
}

func pageInfo(slug string) (PageInfo, bool) {
	for _, p := range Pages {
		if p.Slug == slug {
			return p, true
		}
	}
	return PageInfo{}, false
}

// A page's body is a list of safe blocks (api/safeblock): headings, paragraphs and lists, stored and
// sent as JSON; no HTML written by anybody reaches a page:
//
//	[{"type":"h","text":"..."},{"type":"p","text":"..."},{"type":"list","items":["...","..."]}]
type Block = safeblock.Block

// Block types.
const (
	BlockHeading   = safeblock.Heading
	BlockParagraph = safeblock.Paragraph
	BlockList      = safeblock.List
)

// Limits of a page.
const (
	MaxBlocks     = 150
	MaxBlockRunes = 5000
	MaxListItems  = 40
	MaxPageTitle  = 120
)

// bodyRules are a page's block types and limits.
var bodyRules = safeblock.Rules{
	Types:         []string{BlockHeading, BlockParagraph, BlockList},
	MaxBlocks:     MaxBlocks,
	MaxBlockRunes: MaxBlockRunes,
	MaxListItems:  MaxListItems,
}

// ParseBody reads and checks a page's body: known block types only, text where text belongs,
// within the limits. Empty blocks are dropped; a body left empty is refused. Every refusal is
// ErrBody.
func ParseBody(raw json.RawMessage) ([]Block, error) {
	if len(raw) == 0 {
		return nil, ErrBody
	}
	in, err := safeblock.Decode(raw)
	if err != nil {
		return nil, ErrBody
	}
	out, err := bodyRules.Parse(in)
	if err != nil || len(out) == 0 {
		return nil, ErrBody
	}
	return out, nil
}

// Page is a page as readers and the editor see it. Lang is the language of the text served (English
// when the asked one has none); Edited says staff saved it (else it is the shipped default).
type Page struct {
	Slug       string  `json:"slug"`
	Path       string  `json:"path"`
	Lang       string  `json:"lang"`
	Title      string  `json:"title"`
	Body       []Block `json:"body"`
	Edited     bool    `json:"edited"`
	UpdateTime int64   `json:"updateTime,omitempty"` // unix ms of the last save; 0 for a default
}

// text is the page in exactly lang: saved, else the default; ok false when neither exists.
func (s *Service) text(ctx context.Context, info PageInfo, lang string) (Page, bool, error) {
	row, err := s.store.Page(ctx, info.Slug, lang)
	if err == nil {
		var body []Block
		if err := json.Unmarshal(row.Body, &body); err != nil {
			return Page{}, false, err
		}
		return Page{Slug: info.Slug, Path: info.Path, Lang: lang, Title: row.Title, Body: body, Edited: true,
			UpdateTime: row.UpdatedAt.UnixMilli()}, true, nil
	}
	if !errors.Is(err, postgres.ErrContentNotFound) {
		return Page{}, false, err
	}
	if d, ok := s.texts[lang][info.Slug]; ok {
		return Page{Slug: info.Slug, Path: info.Path, Lang: lang, Title: d.Title, Body: d.Body}, true, nil
	}
	return Page{}, false, nil
}

// Page is the text of page slug for a reader of lang: that language's (saved or default), else
// English's. ErrNotFound for a slug that is not one of Pages.
func (s *Service) Page(ctx context.Context, slug, lang string) (Page, error) {
	info, ok := pageInfo(slug)
	if !ok {
		return Page{}, ErrNotFound
	}
	if !locale.Supported(lang) {
		lang = locale.Fallback
	}
	for _, l := range []string{lang, locale.Fallback} {
		p, ok, err := s.text(ctx, info, l)
		if err != nil || ok {
			return p, err
		}
	}
	return Page{}, ErrNotFound // unreachable while every page has an English default (TestEveryPageHasItsTexts)
}

// PageLink is one entry of the /protocol index.
type PageLink struct {
	PageInfo
	Title string `json:"title"`
}

// Index lists the pages with their titles in lang (saved, default, then English), for the footer's
// index page.
func (s *Service) Index(ctx context.Context, lang string) ([]PageLink, error) {
	if !locale.Supported(lang) {
		lang = locale.Fallback
	}
	saved, err := s.store.SavedPages(ctx)
	if err != nil {
		return nil, err
	}
	titles := map[[2]string]string{}
	for _, r := range saved {
		titles[[2]string{r.Slug, r.Lang}] = r.Title
	}
	out := make([]PageLink, 0, len(Pages))
	for _, p := range Pages {
		title := ""
		for _, l := range []string{lang, locale.Fallback} {
			if t, ok := titles[[2]string{p.Slug, l}]; ok {
				title = t
			} else if d, ok := s.texts[l][p.Slug]; ok {
				title = d.Title
			}
			if title != "" {
				break
			}
		}
		out = append(out, PageLink{PageInfo: p, Title: title})
	}
	return out, nil
}

// PageStatus is one page in the editor's overview: which languages staff saved, which have a
// shipped default.
type PageStatus struct {
	PageLink
	Edited   []EditedLang `json:"edited"`
	Defaults []string     `json:"defaults"`
}

// EditedLang is one saved language of a page.
type EditedLang struct {
	Lang       string `json:"lang"`
	UpdateTime int64  `json:"updateTime"`
	UpdatedBy  int64  `json:"-"`
}

// StaffPages is the editor's overview of every page (titles in lang).
func (s *Service) StaffPages(ctx context.Context, lang string) ([]PageStatus, error) {
	links, err := s.Index(ctx, lang)
	if err != nil {
		return nil, err
	}
	saved, err := s.store.SavedPages(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]PageStatus, len(links))
	for i, l := range links {
		st := PageStatus{PageLink: l, Edited: []EditedLang{}, Defaults: []string{}}
		for _, r := range saved {
			if r.Slug == l.Slug {
				st.Edited = append(st.Edited, EditedLang{Lang: r.Lang, UpdateTime: r.UpdatedAt.UnixMilli(), UpdatedBy: r.UpdatedBy})
			}
		}
		for _, lc := range locale.All {
			if _, ok := s.texts[lc][l.Slug]; ok {
				st.Defaults = append(st.Defaults, lc)
			}
		}
		out[i] = st
	}
	return out, nil
}

// StaffPage is the text the editor starts from for slug in lang: the saved text, else the default
// of that language, else English's default (Lang then says en_US, so the editor knows to translate).
func (s *Service) StaffPage(ctx context.Context, slug, lang string) (Page, error) {
	if !locale.Supported(lang) {
		return Page{}, ErrLang
	}
	return s.Page(ctx, slug, lang)
}

func pageSummary(p *Page) any {
	if p == nil {
		return nil
	}
	return map[string]any{"lang": p.Lang, "title": p.Title, "body": p.Body, "edited": p.Edited}
}

// SavePage stores staff's text of slug in lang; readers of lang see it at once. The audit log keeps
// the text before and after.
func (s *Service) SavePage(ctx context.Context, a Actor, slug, lang, title string, raw json.RawMessage) (Page, error) {
	info, ok := pageInfo(slug)
	if !ok {
		return Page{}, ErrNotFound
	}
	if !locale.Supported(lang) {
		return Page{}, ErrLang
	}
	title = strings.TrimSpace(title)
	if n := utf8.RuneCountInString(title); n == 0 || n > MaxPageTitle {
		return Page{}, ErrTitle.WithArgs(MaxPageTitle)
	}
	body, err := ParseBody(raw)
	if err != nil {
		return Page{}, err
	}
	enc, err := json.Marshal(body)
	if err != nil {
		return Page{}, err
	}
	before, had, err := s.text(ctx, info, lang)
	if err != nil {
		return Page{}, err
	}
	now := s.Now()
	if err := s.store.SavePage(ctx, postgres.SitePage{Slug: slug, Lang: lang, Title: title, Body: enc, UpdatedBy: a.ID, UpdatedAt: now}); err != nil {
		return Page{}, err
	}
	after := Page{Slug: slug, Path: info.Path, Lang: lang, Title: title, Body: body, Edited: true, UpdateTime: now.UnixMilli()}
	var b *Page
	if had {
		b = &before
	}
	s.record(ctx, a, audit.Entry{Action: "page.update", TargetKind: "page", TargetID: slug + ":" + lang, Before: pageSummary(b), After: pageSummary(&after)})
	return after, nil
}

// ResetPage removes staff's text of slug in lang, so the shipped default shows again; reason is
// required. A page not saved in lang answers ErrNotFound.
func (s *Service) ResetPage(ctx context.Context, a Actor, slug, lang, reason string) (Page, error) {
	info, ok := pageInfo(slug)
	if !ok {
		return Page{}, ErrNotFound
	}
	if !locale.Supported(lang) {
		return Page{}, ErrLang
	}
	if reason = strings.TrimSpace(reason); reason == "" {
		return Page{}, ErrReason
	}
	before, _, err := s.text(ctx, info, lang)
	if err != nil {
		return Page{}, err
	}
	done, err := s.store.DeletePage(ctx, slug, lang)
	if err != nil {
		return Page{}, err
	}
	if !done {
		return Page{}, ErrNotFound
	}
	after, err := s.Page(ctx, slug, lang)
	if err != nil {
		return Page{}, err
	}
	s.record(ctx, a, audit.Entry{Action: "page.reset", TargetKind: "page", TargetID: slug + ":" + lang, Before: pageSummary(&before),
		After: pageSummary(&after), Reason: reason})
	return after, nil
}

// PageExists answers the page route /protocol/{id}: false (404) for an id that names no page.
func (s *Service) PageExists(_ context.Context, params map[string]string) (bool, error) {
	_, ok := ProtocolSlug(params["id"])
	return ok, nil
}
