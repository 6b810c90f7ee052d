package api

import (
	stdjson "encoding/json"
	"net/http"
	"strconv"

	"go.uber.org/zap"

	"courtside/api/errcode"
	"courtside/api/locale"
)

// Envelope is the shape of every /java response (spec §7). Tests and Go clients
// decode into it with Result as a jsoniter.RawMessage or a concrete type.
type Envelope struct {
	Status    string       `json:"status"` // StatusSuccess or StatusFail
	Result    any          `json:"result"`
	ErrorCode errcode.Code `json:"errorCode"` // 0 on success
	ErrorMsg  string       `json:"errorMsg"`
	Msg       string       `json:"msg"`
	Code      int          `json:"code"` // the HTTP status
}

// Envelope status values.
const (
	StatusSuccess = "success"
	StatusFail    = "fail"
)

// writeSuccess writes a success envelope. A result that cannot be encoded is a bug in
// the handler: it is logged and answered with a 500 envelope.
func writeSuccess(w http.ResponseWriter, log *zap.Logger, lang string, result any) {
	env := Envelope{Status: StatusSuccess, Result: result, Code: http.StatusOK}
	if err := writeEnvelope(w, &env); err != nil {
		log.Error("api: encoding result", zap.Error(err))
		writeFail(w, lang, ErrServer)
	}
}

// writeFail writes a failure envelope for e in lang, with the HTTP status of e's Kind.
func writeFail(w http.ResponseWriter, lang string, e *errcode.Error) {
	msg := locale.Message(lang, e.Key, e.Args...)
	status := Status(e.Kind())
	env := Envelope{Status: StatusFail, ErrorCode: e.Code, ErrorMsg: msg, Msg: msg, Code: status}
	if sw, ok := w.(*statusWriter); ok {
		sw.errorCode = e.Code
	}
	if err := writeEnvelope(w, &env); err != nil {
		// Only strings and ints: cannot fail short of a bug in the codec.
		http.Error(w, msg, status)
	}
}

// WriteError answers a plain handler's request (one registered with Server.HandleHTTP) with the
// failure envelope of err, in the request's language. An error that is no *errcode.Error is
// answered as ErrServer.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e, _ := asError(err)
	m, _ := MetaFrom(r.Context())
	writeFail(w, m.Lang, e)
}

// writeEnvelope encodes first and writes after, so an encoding error can still be
// answered with a proper failure envelope.
func writeEnvelope(w http.ResponseWriter, env *Envelope) error {
	stream := json.BorrowStream(nil)
	defer json.ReturnStream(stream)
	stream.WriteVal(env)
	if stream.Error != nil {
		return stream.Error
	}
	buf := stream.Buffer()
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(buf)))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(env.Code)
	_, _ = w.Write(buf)
	return nil
}

// RawEnvelope is Envelope with the result left encoded, for clients and tests. Decode
// it with encoding/json to get "null" for a null result (jsoniter leaves it empty).
type RawEnvelope struct {
	Status    string             `json:"status"`
	Result    stdjson.RawMessage `json:"result"`
	ErrorCode errcode.Code       `json:"errorCode"`
	ErrorMsg  string             `json:"errorMsg"`
	Msg       string             `json:"msg"`
	Code      int                `json:"code"`
}
