// Package safeblock is the one home of the "safe block" body format: an article's or a text page's
// body is a list of blocks (paragraphs, headings, quotes, lists, pictures of our own site, match
// cards), stored and sent as JSON, never HTML. The client renders each block's text inside its own
// element (React escapes it), so nothing written by anybody reaches a page as markup: that is the
// sanitising. A Rules value says which block types an area accepts and its limits; Rules.Parse
// checks a body against them. Areas (api/news, api/content) map this package's three errors to
// their own error codes.
//
// A leaf: it imports only the standard library. Pure functions, safe for concurrent use.
package safeblock
