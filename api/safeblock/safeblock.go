package safeblock

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"unicode/utf8"
)

// Block is one block of a body:
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
	Paragraph = "p"
	Heading   = "h"
	Quote     = "quote"
	Picture   = "img"
	Match     = "match"
	List      = "list"
)

// Limits that do not vary between areas.
const (
	MaxCaptionRunes = 300
	MaxMatchID      = 100
	MaxPictureSrc   = 500
)

// The ways a body can be refused; areas map them to their own codes.
var (
	// ErrMalformed: not a JSON list of blocks, an unknown or refused block type, a bad match card.
	ErrMalformed = errors.New("safeblock: malformed body")
	// ErrTooLong: too many blocks, list items or runes.
	ErrTooLong = errors.New("safeblock: body too long")
	// ErrPicture: a picture that is not of our own site.
	ErrPicture = errors.New("safeblock: picture not of our site")
)

// Rules are an area's block types and limits.
type Rules struct {
	Types         []string // accepted block types; any other is ErrMalformed
	MaxBlocks     int      // blocks in a body
	MaxBlockRunes int      // runes in a text block or a list item
	MaxListItems  int      // items in a list
}

func (r Rules) accepts(typ string) bool {
	for _, t := range r.Types {
		if t == typ {
			return true
		}
	}
	return false
}

// Decode reads raw as a list of blocks; unknown fields are ignored. ErrMalformed for anything else.
func Decode(raw json.RawMessage) ([]Block, error) {
	var in []Block
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, ErrMalformed
	}
	return in, nil
}

// Parse checks a decoded body and returns it cleaned: only the fields of each block's type are
// kept, text is trimmed, empty text blocks and empty lists are dropped.
func (r Rules) Parse(in []Block) ([]Block, error) {
	if len(in) > r.MaxBlocks {
		return nil, ErrTooLong
	}
	out := make([]Block, 0, len(in))
	for _, b := range in {
		if !r.accepts(b.Type) {
			return nil, ErrMalformed
		}
		c := Block{Type: b.Type}
		switch b.Type {
		case Paragraph, Heading, Quote:
			c.Text = strings.TrimSpace(b.Text)
			if c.Text == "" {
				continue
			}
			if utf8.RuneCountInString(c.Text) > r.MaxBlockRunes {
				return nil, ErrTooLong
			}
		case Picture:
			if !OwnPicture(b.Src) {
				return nil, ErrPicture
			}
			c.Src, c.Caption = b.Src, strings.TrimSpace(b.Caption)
			if utf8.RuneCountInString(c.Caption) > MaxCaptionRunes {
				return nil, ErrTooLong
			}
		case Match:
			c.MatchID = strings.TrimSpace(b.MatchID)
			if c.MatchID == "" || len(c.MatchID) > MaxMatchID {
				return nil, ErrMalformed
			}
		case List:
			if len(b.Items) > r.MaxListItems {
				return nil, ErrTooLong
			}
			for _, it := range b.Items {
				if it = strings.TrimSpace(it); it != "" {
					if utf8.RuneCountInString(it) > r.MaxBlockRunes {
						return nil, ErrTooLong
					}
					c.Items = append(c.Items, it)
				}
			}
			if len(c.Items) == 0 {
				continue
			}
		default:
			return nil, ErrMalformed
		}
		out = append(out, c)
	}
	return out, nil
}

// OwnPicture reports whether src is a picture of our own site: an absolute path ("/java/...",
// "/images/..."), not a scheme, not another host ("//host"), no "..", no odd characters.
func OwnPicture(src string) bool {
	if src == "" || len(src) > MaxPictureSrc || !strings.HasPrefix(src, "/") || strings.HasPrefix(src, "//") || strings.Contains(src, "..") {
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

// PlainText is the body's text, blocks separated by blank lines (search, summaries): a list's
// items one a line, a picture's caption.
func PlainText(blocks []Block) string {
	var b strings.Builder
	for _, x := range blocks {
		t := x.Text
		if x.Type == List {
			t = strings.Join(x.Items, "\n")
		} else if x.Type == Picture {
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
