package matches

import (
	"errors"
	"net/http"
	"strings"
)

// picture serves GET /images/{teams,leagues,players}/{id}.svg (and .png, the name the data
// stores): the generated crest, badge or portrait, cached for a day; 404 for one that does not exist.
func (h *handlers) picture(kind PictureKind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { h.servePicture(w, r, kind) }
}

func (h *handlers) servePicture(w http.ResponseWriter, r *http.Request, kind PictureKind) {
	file := r.PathValue("file")
	id := strings.TrimSuffix(strings.TrimSuffix(file, ".svg"), ".png")
	if id == file || id == "" {
		http.NotFound(w, r)
		return
	}
	svg, err := h.svc.Picture(r.Context(), kind, id)
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
