package news

import (
	"encoding/json"
	"net/url"
	"strings"
	"unicode/utf8"
)

// An article's body is a list of blocks, stored and sent as JSON. The client renders each block as
// text inside its own elements (React escapes it), so no HTML written by anybody reaches a page:
// that is the sanitising. Pictures must be our own site's (a path such as /java/news/cover/12.svg
// or an uploaded file), never another host's, so an article cannot track its readers.
//
//	[{"type":"p","text":"..."},{"type":"h","text":"..."},{"type":"quote","text":"..."},
//	 {"type":"img","src":"/java/news/cover/12.svg","caption":"..."},{"type":"match","matchId":"m1"},
//	 {"type":"list","items":["...","..."]}]
type Block struct {
	Type    string   `json:"type"`
	Text    string   `json:"text,omitempty"`
	Src     string   `json:"src,omitempty"`
	Caption string   `json:"caption,omitempty"`
	MatchID string   `json:"matchId,omitempty"`
	Items   []string `json:"items,omitempty"`
}

// Block types.
const (
	BlockParagraph = "p"
	BlockHeading   = "h"
	BlockQuote     = "quote"
	BlockPicture   = "img"
	BlockMatch     = "match"
	BlockList      = "list"
)

// Limits of a body.
const (
	MaxBlocks     = 200
	MaxBlockRunes = 5000
	MaxListItems  = 30
)

// ParseBody reads and checks a body: known block types, text where text belongs, pictures of our
// own site, at most MaxBlocks blocks. Empty text blocks are dropped; unknown fields are ignored.
func ParseBody(raw json.RawMessage) ([]Block, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return []Block{}, nil
	}
	var in []Block
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, ErrBody
	}
	if len(in) > MaxBlocks {
		return nil, ErrTooLong
	}
	out := make([]Block, 0, len(in))
	for _, b := range in {
		c := Block{Type: b.Type}
		switch b.Type {
		case BlockParagraph, BlockHeading, BlockQuote:
			c.Text = strings.TrimSpace(b.Text)
			if c.Text == "" {
				continue
			}
			if utf8.RuneCountInString(c.Text) > MaxBlockRunes {
				return nil, ErrTooLong
			}
		case BlockPicture:
			if !OwnPicture(b.Src) {
				return nil, ErrPicture
			}
			c.Src, c.Caption = b.Src, strings.TrimSpace(b.Caption)
			if utf8.RuneCountInString(c.Caption) > 300 {
				return nil, ErrTooLong
			}
		case BlockMatch:
			c.MatchID = strings.TrimSpace(b.MatchID)
			if c.MatchID == "" || len(c.MatchID) > 100 {
				return nil, ErrBody
			}
		case BlockList:
			if len(b.Items) > MaxListItems {
				return nil, ErrTooLong
			}
			for _, it := range b.Items {
				if it = strings.TrimSpace(it); it != "" {
					if utf8.RuneCountInString(it) > MaxBlockRunes {
						return nil, ErrTooLong
					}
					c.Items = append(c.Items, it)
				}
			}
			if len(c.Items) == 0 {
				continue
			}
		default:
			return nil, ErrBody
		}
		out = append(out, c)
	}
	return out, nil
}

// OwnPicture reports whether src is a picture of our own site: an absolute path ("/java/...",
// "/images/..."), not a scheme, not another host ("//host"), no "..", no odd characters.
func OwnPicture(src string) bool {
	if src == "" || len(src) > 500 || !strings.HasPrefix(src, "/") || strings.HasPrefix(src, "//") || strings.Contains(src, "..") {
		return false
	}
	u, err := url.Parse(src)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return false
	}
	for _, r := range src {
		if r < 0x21 || r == '\\' || r == '"' || r == '\'' || r == '<' || r == '>' || r == 0x7f {
			return false
		}
	}
	return true
}

// PlainText is the body's text, blocks separated by blank lines (search, summaries).
func PlainText(blocks []Block) string {
	var b strings.Builder
	for _, x := range blocks {
		t := x.Text
		if x.Type == BlockList {
			t = strings.Join(x.Items, "\n")
		} else if x.Type == BlockPicture {
			t = x.Caption
		}
		if t == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(t)
	}
	return b.String()
}
