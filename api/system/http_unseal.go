package system

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strings"

	"courtside/api"
)

// sealedBody is the shape of a sealed request body: the whole JSON payload sealed in one field.
type sealedBody struct {
	Sealed string `json:"sealed"`
}

// Unseal is the middleware (api.Server.Use) that opens sealed request bodies before any handler
// decodes them: a JSON body {"sealed": "gcm1...."} is replaced by the payload it seals, opened for
// the request's session token, so the handlers of sign-in and payment read the same fields either
// way. A body that does not open is answered with ErrKey or ErrDecrypt (logged only); any other
// body passes untouched. A handler learns that its body arrived sealed from OpenedKey.
func (s *Service) Unseal(next api.HandlerFunc) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		hr := r.HTTP
		if hr.Method != http.MethodPost || hr.Body == nil || hr.Body == http.NoBody {
			return next(r)
		}
		if mt, _, _ := mime.ParseMediaType(hr.Header.Get("Content-Type")); mt != "application/json" {
			return next(r)
		}
		data, err := io.ReadAll(hr.Body)
		if err != nil {
			return nil, api.ErrFormat.Wrap(err)
		}
		hr.Body = io.NopCloser(bytes.NewReader(data))
		trimmed := bytes.TrimSpace(data)
		if !bytes.HasPrefix(trimmed, []byte(`{"sealed"`)) {
			return next(r)
		}
		var in sealedBody
		if json.Unmarshal(trimmed, &in) != nil || !Sealed(in.Sealed) {
			return next(r)
		}
		plain, err := s.Open(r.Token, in.Sealed)
		if err != nil {
			return nil, err
		}
		hr.Body = io.NopCloser(bytes.NewReader(plain))
		hr.ContentLength = int64(len(plain))
		r.WithValue(openedKey{}, strings.SplitN(strings.TrimPrefix(in.Sealed, SealedPrefix), ".", 2)[0])
		return next(r)
	}
}

// openedKey keys the id of the payload key that opened the request's body (Unseal).
type openedKey struct{}

// OpenedKey is the id of the payload key Unseal opened r's body with, and false when the body
// arrived as it is (plain, or no body).
func OpenedKey(r *api.Request) (string, bool) {
	id, ok := r.Context().Value(openedKey{}).(string)
	return id, ok
}
