// Package api is the core of Courtside's REST API: everything under /java that backs
// the web site (accounts, wallet, shop, plans, news, ...), in the contract of spec §7–§8
// and design §5. Feature packages (api/account, api/wallet, ...) register handlers on a
// *Server; this package owns the envelope, the errors, the middleware chain, language
// resolution per request and the static web client.
//
// # The envelope
//
// Every /java response, success or failure, is one JSON object:
//
//	{"status":"success","result":{...},"errorCode":0,"errorMsg":"","msg":"","code":200}
//	{"status":"fail","result":null,"errorCode":1000,"errorMsg":"格式错误","msg":"格式错误","code":400}
//
// code is the HTTP status of the response, chosen once from the error's Kind (Status,
// errors.go); errorCode comes from the one catalogue, package api/errcode (3000/3001 mean
// the session is gone, 2010 "bind an e-mail"; docs/errors.md lists them all); errorMsg
// and msg are the same text, localized in the request's language.
//
// # Handlers
//
// A handler is a HandlerFunc: it gets a *Request (resolved language, sysType, token,
// client IP, the http.Request) and returns a result or an error:
//
//	s.Handle("POST /login/V2/sendEmailcheckCode", func(r *api.Request) (any, error) {
//		var in struct{ MobileOrEmail string `json:"mobileOrEmail"` }
//		if err := r.Decode(&in); err != nil {
//			return nil, err // already a localized 400 "format error"
//		}
//		if !validEmail(in.MobileOrEmail) {
//			return nil, api.BadRequest("validation.emailFormat")
//		}
//		return map[string]any{"sent": true}, nil
//	})
//
// An *errcode.Error carries a code and a message key looked up in package locale. Any
// other error becomes a 500 "server.error" and is logged; its text never reaches the
// client. A panic is recovered, logged with its stack, and answered with the same 500
// envelope.
//
// # Business areas
//
// Each area (api/account, api/wallet, api/anchor, api/matches, api/chat, ...) is a Service
// holding the rules, with no net/http and no package api in its files, and handlers on
// top in http.go (Routes) and http_<topic>.go; layout_test.go keeps it so. The pieces the
// handlers share live here: Auth (User, Viewer, Admin, Subject and the RequireUser,
// RequireAdmin, RequireSubject wrappers of the route tables), FlexInt and FlexString,
// Request.Paging, NewPage and Page.List (the {list, total, pageIndex, pageSize} answer),
// Request.IntQuery, Meta.IP (the client address for records, "" when unknown), ParseUserID,
// Millis, PlainRequest and WriteError.
//
// # Middleware order (outermost first)
//
// meta (headers sysType, lan, token — or the token cookie —, client IP and language)
// → access log (zap, debug level) → panic recovery → body size limit → routing, where
// an unknown path gets a 404 envelope and a known path with the wrong method a 405
// envelope. The `_t` cache-busting query parameter is ignored.
//
// # Mounting
//
// Handler serves /java/... and the static web client (Site) for everything else. The
// engine mounts its own /healthz, /readyz, /metrics and /debug/pprof on an outer
// http.ServeMux and hands "/" to Handler; JavaHandler and SiteHandler are there for a
// different arrangement.
//
// Package api/apitest has helpers for other packages' tests (a real HTTP round trip
// that decodes the envelope, a small GeoIP database).
//
// # Concurrency
//
// Handle, HandleHTTP and Use must be called before the server starts serving: the
// middleware list read by every request is not locked. After that a Server is safe for
// concurrent use by any number of requests. A *Request belongs to the
// goroutine serving that request and must not be retained after the handler returns.
package api
