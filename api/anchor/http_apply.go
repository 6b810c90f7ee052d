package anchor

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"

	"go.uber.org/zap"

	"courtside/api"
	"courtside/storage/postgres"
)

func (h *handlers) whether(r *api.Request, uid int64) (any, error) {
	a, found, err := h.svc.Application(r.Context(), uid)
	if err != nil || !found {
		return Whether{Status: "none"}, err
	}
	return Whether{IsAnchor: a.Status == postgres.AnchorApproved, Status: a.Status, RoomID: a.RoomID}, nil
}

func (h *handlers) status(r *api.Request, uid int64) (any, error) {
	a, found, err := h.svc.Application(r.Context(), uid)
	if err != nil || !found {
		return Status{Status: "none"}, err
	}
	return statusOf(a, true), nil
}

func (h *handlers) apply(r *api.Request, uid int64) (any, error) {
	var in Application
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if err := h.svc.Apply(r.Context(), uid, in); err != nil {
		return nil, err
	}
	return Whether{Status: postgres.AnchorReview}, nil
}

// Upload is the answer of POST /anchor/upload.
type Upload struct {
	ID     int64  `json:"id"`
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// upload takes one JPG or PNG picture (multipart field "file", query or form field "kind";
// Service.SaveUpload).
func (h *handlers) upload(r *api.Request, uid int64) (any, error) {
	limit := h.svc.Config().MaxUploadBytes
	kind := r.Query("kind")
	hr := r.HTTP
	hr.Body = http.MaxBytesReader(nil, hr.Body, limit+64<<10)
	if err := hr.ParseMultipartForm(limit + 64<<10); err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, uploadError("anchor.imageInvalid")
		}
		return nil, api.ErrFormat.Wrap(err)
	}
	defer hr.MultipartForm.RemoveAll() //nolint:errcheck
	if kind == "" {
		kind = hr.FormValue("kind")
	}
	f, fh, err := hr.FormFile("file")
	if err != nil {
		return nil, api.ErrFormat.Wrap(err)
	}
	defer f.Close()
	data, err := readUpload(f, fh, limit)
	if err != nil {
		return nil, err
	}
	p, err := h.svc.SaveUpload(r.Context(), uid, kind, data)
	if err != nil {
		return nil, err
	}
	return Upload{ID: p.ID, URL: uploadURL(p.ID), Width: p.Width, Height: p.Height}, nil
}

func readUpload(f multipart.File, fh *multipart.FileHeader, limit int64) ([]byte, error) {
	if fh.Size > limit {
		return nil, uploadError("anchor.imageInvalid")
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, api.ErrFormat.Wrap(err)
	}
	if int64(len(data)) > limit {
		return nil, uploadError("anchor.imageInvalid")
	}
	return data, nil
}

// serveUpload serves a picture (GET /anchor/upload/{id}, the image itself, not an envelope). Covers
// and detail pictures are public; ID photos only to their owner, reviewing staff and through the
// back office's signed short-lived URLs (?e=&s=, Service.ViewUpload).
func (h *handlers) serveUpload(w http.ResponseWriter, hr *http.Request) {
	id, err := strconv.ParseInt(hr.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	exp, _ := strconv.ParseInt(hr.URL.Query().Get("e"), 10, 64)
	u, err := h.svc.ViewUpload(hr.Context(), id, PhotoGrant{Expires: exp, Sig: hr.URL.Query().Get("s")}, func() int64 {
		who, _ := h.auth.User(api.PlainRequest(w, hr))
		return who
	})
	switch {
	case errors.Is(err, ErrUploadNotFound):
		http.NotFound(w, hr)
		return
	case errors.Is(err, ErrLoginRequired):
		http.Error(w, "sign in", http.StatusUnauthorized)
		return
	case errors.Is(err, ErrAccessDenied):
		http.Error(w, "access denied", http.StatusForbidden)
		return
	case err != nil:
		h.svc.Logger().Error("anchor: upload", zap.Error(err))
		http.Error(w, "server error", http.StatusInternalServerError)
		return
	}
	if publicKinds[u.Kind] {
		w.Header().Set("Cache-Control", "public, max-age=86400")
	} else {
		w.Header().Set("Cache-Control", "private, no-store")
	}
	w.Header().Set("Content-Type", u.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(u.Data)))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(u.Data)
}
