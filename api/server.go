package api

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"go.uber.org/zap"

	"courtside/api/locale"
	"courtside/api/seo"
)

// Prefix is where the REST API lives (spec §7).
const Prefix = "/java"

// Server is the REST API: a route table of HandlerFuncs under /java plus the static web
// client.
type Server struct {
	cfg         Config
	log         *zap.Logger
	resolver    *locale.Resolver
	ownResolver bool
	mux         *http.ServeMux
	mws         []Middleware
	java        http.Handler
	site        *site
	assets      []asset // paths of the site outside /java that an area serves (HandleAsset)
	// gameRoutes and isGame are the game-prefixed calls (gamepath.go).
	gameRoutes []gameRoute
	isGame     func(string) bool
}

type asset struct {
	pattern string
	h       http.Handler
}

// New builds a Server. It fills Config's zero values with defaults. A bad GeoIPPath
// or TrustedProxies entry is logged and the Server resolves languages without it; an
// engine that wants to fail fast builds the Resolver with locale.New and passes it in
// Config.Resolver.
func New(cfg Config) *Server {
	cfg.fill()
	s := &Server{cfg: cfg, log: cfg.Logger, mux: http.NewServeMux()}
	s.resolver = cfg.Resolver
	if s.resolver == nil {
		r, err := locale.New(locale.Config{GeoIPPath: cfg.GeoIPPath, TrustedProxies: cfg.TrustedProxies})
		if err != nil {
			s.log.Error("api: language resolver misconfigured; resolving from headers only", zap.Error(err))
			r, _ = locale.New(locale.Config{})
		}
		s.resolver, s.ownResolver = r, true
	}
	s.java = s.withMeta(s.withAccessLog(s.withRecover(s.withBodyLimit(s.withCleanInput(http.HandlerFunc(s.route))))))
	s.site = newSite(cfg.SiteDir)
	s.site.resolve = s.resolver.ResolveRequest
	s.site.mobileOrigin = cfg.MobileHost
	s.Handle("GET /system/gateways", s.gateways)
	s.Handle("GET /site/head", s.siteHead)
	return s
}

// Handle registers h for pattern, a net/http ServeMux pattern relative to /java:
// "POST /login/V2/sendEmailcheckCode", "GET /user/{userId}/{type}/{pageIndex}". The
// middlewares given here run inside those registered with Use. Handle panics on an
// invalid or conflicting pattern, as ServeMux does.
func (s *Server) Handle(pattern string, h HandlerFunc, mw ...Middleware) {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	s.mux.Handle(javaPattern(pattern), http.HandlerFunc(func(w http.ResponseWriter, hr *http.Request) {
		s.serve(w, hr, h)
	}))
}

// HandleAsset registers h for a path of the site outside /java, such as the generated team
// crests at "GET /images/teams/{file}": files an area draws rather than the build holds.
// Call it while wiring, before Handler.
func (s *Server) HandleAsset(pattern string, h http.Handler) {
	s.assets = append(s.assets, asset{pattern, s.withRecover(h)})
}

// HandleHTTP registers a plain http.Handler under /java, for the rare call that does
// not answer with an envelope (a payment provider's webhook, a file download). It
// still runs behind the middleware chain, so MetaFrom works.
func (s *Server) HandleHTTP(pattern string, h http.Handler) {
	s.mux.Handle(javaPattern(pattern), h)
}

// Use adds middlewares that wrap every HandlerFunc, registered before or after, in
// the order given (the first is outermost).
func (s *Server) Use(mw ...Middleware) {
	s.mws = append(s.mws, mw...)
}

// javaPattern puts /java in front of the path of "[METHOD ]/path".
func javaPattern(pattern string) string {
	method, path, found := strings.Cut(pattern, " ")
	if !found {
		method, path = "", pattern
	}
	path = strings.TrimLeft(path, " ")
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	if method == "" {
		return Prefix + path
	}
	return method + " " + Prefix + path
}

// serve runs one HandlerFunc and writes its envelope.
func (s *Server) serve(w http.ResponseWriter, hr *http.Request, h HandlerFunc) {
	m, _ := MetaFrom(hr.Context())
	req := &Request{Meta: m, HTTP: hr, Log: s.log, w: w}
	for i := len(s.mws) - 1; i >= 0; i-- {
		h = s.mws[i](h)
	}
	result, err := h(req)
	if err == nil {
		writeSuccess(w, s.log, m.Lang, result)
		return
	}
	e, isAPI := asError(err)
	switch {
	case !isAPI && errors.Is(err, context.Canceled) && hr.Context().Err() != nil:
		// The client went away; nobody reads the answer and nothing is wrong here.
		s.log.Debug("api: client gone", zap.String("path", hr.URL.Path), zap.Error(err))
	case !isAPI || Status(e.Kind()) >= http.StatusInternalServerError:
		s.log.Error("api: handler failed",
			zap.String("method", hr.Method), zap.String("path", hr.URL.Path), zap.Error(err))
	}
	writeFail(w, m.Lang, e)
}

// Handler serves /java/... with envelopes and the web client for every other path.
// Mount it at "/" of an outer mux that holds /healthz, /metrics and the like.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle(Prefix+"/", s.java)
	mux.Handle(Prefix, s.java)
	for _, a := range s.assets {
		mux.Handle(a.pattern, a.h)
	}
	mux.Handle("/", s.site)
	return withCompression(mux)
}

// JavaHandler serves the REST API alone. It expects full paths (/java/...).
func (s *Server) JavaHandler() http.Handler { return s.java }

// PageLookup tells the site how to look up the ids of a page of the route table (a match,
// a live room), so a made-up id answers 404. Call it while wiring, before serving.
func (s *Server) PageLookup(page string, exists PageExists) { s.site.lookups[page] = exists }

// PageHead tells the site how to look up what a page of the route table is about (a match's
// teams, a live room's title and streamer), for the head of its first HTML (package seo); a
// made-up id answers 404 as with PageLookup. Call it while wiring, before serving.
func (s *Server) PageHead(page string, lookup PageEntity) { s.site.entities[page] = lookup }

// SitemapSection adds a section to the sitemaps (/sitemap.xml lists its files): src lists
// every page of the section, read again at most every seo.DefaultSitemapTTL. Call it while
// wiring, before serving.
func (s *Server) SitemapSection(name string, src seo.Source) { s.site.sitemaps.Add(name, src) }

// SiteHandler serves the web client alone (Site(Config.SiteDir)).
func (s *Server) SiteHandler() http.Handler { return s.site }

// Resolver is the language resolver in use, for sharing with the WebSocket gateway.
func (s *Server) Resolver() *locale.Resolver { return s.resolver }

// Close releases what New opened (the GeoIP database of a Resolver it built).
func (s *Server) Close() error {
	if s.ownResolver {
		return s.resolver.Close()
	}
	return nil
}
