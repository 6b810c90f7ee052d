package news

import (
	"encoding/json"
	"errors"

	"courtside/api/safeblock"
)

// An article's body is a list of safe blocks (api/safeblock), stored and sent as JSON; no HTML
// written by anybody reaches a page. Pictures must be our own site's (a path such as
// /java/news/cover/12.svg or an uploaded file), never another host's, so an article cannot track
// its readers.
type Block = safeblock.Block

// Block types.
const (
	BlockParagraph = safeblock.Paragraph
	BlockHeading   = safeblock.Heading
	BlockQuote     = safeblock.Quote
	BlockPicture   = safeblock.Picture
	BlockMatch     = safeblock.Match
	BlockList      = safeblock.List
)

// Limits of a body.
const (
	MaxBlocks     = 200
	MaxBlockRunes = 5000
	MaxListItems  = 30
)

// bodyRules are an article's block types and limits.
var bodyRules = safeblock.Rules{
	Types:         []string{BlockParagraph, BlockHeading, BlockQuote, BlockPicture, BlockMatch, BlockList},
	MaxBlocks:     MaxBlocks,
	MaxBlockRunes: MaxBlockRunes,
	MaxListItems:  MaxListItems,
}

// ParseBody reads and checks a body: known block types, text where text belongs, pictures of our
// own site, at most MaxBlocks blocks. Empty text blocks are dropped; unknown fields are ignored; an
// empty or null body is an empty list.
func ParseBody(raw json.RawMessage) ([]Block, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return []Block{}, nil
	}
	in, err := safeblock.Decode(raw)
	if err == nil {
		var out []Block
		if out, err = bodyRules.Parse(in); err == nil {
			return out, nil
		}
	}
	switch {
	case errors.Is(err, safeblock.ErrTooLong):
		return nil, ErrTooLong
	case errors.Is(err, safeblock.ErrPicture):
		return nil, ErrPicture
	default:
		return nil, ErrBody
	}
}

// OwnPicture reports whether src is a picture of our own site (safeblock.OwnPicture).
func OwnPicture(src string) bool { return safeblock.OwnPicture(src) }

// PlainText is the body's text, blocks separated by blank lines (search, summaries).
func PlainText(blocks []Block) string { return safeblock.PlainText(blocks) }
