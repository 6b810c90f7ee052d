package matches

import (
	"errors"
	"net/http"
	"strings"
)

// crest serves GET /images/teams/{id}.svg (and .png, the name older data stores): the team's
// generated crest, cached for a day; 404 for a team that does not exist.
func (h *handlers) crest(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	id := strings.TrimSuffix(strings.TrimSuffix(file, ".svg"), ".png")
	if id == file || id == "" {
		http.NotFound(w, r)
		return
	}
	svg, err := h.svc.Crest(r.Context(), id)
	switch {
	case errors.Is(err, ErrLibraryNotFound):
		http.NotFound(w, r)
		return
	case err != nil:
		http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	// A picture, never a document: nothing in it may run or load.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	_, _ = w.Write(svg)
}
