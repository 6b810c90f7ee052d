package matches

import (
	"context"
	"courtside/actors/match/feed"
	"courtside/api"
	"strconv"
	"strings"
)

// handlers are the Matches calls of spec §7 and the data library: they read the query, ask auth who
// calls, call the Service and return its answer (see README.md for the list). No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers the service's endpoints on srv; users says who calls (guests are welcome, a
// signed-in caller sees their reservations).
func (m *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: m, auth: api.Auth{Users: users}}
	user := h.auth.RequireUser
	srv.HandleAsset("GET /images/teams/{file}", h.picture(PictureTeam))
	srv.HandleAsset("GET /images/leagues/{file}", h.picture(PictureLeague))
	srv.HandleAsset("GET /images/players/{file}", h.picture(PicturePlayer))
	srv.Handle("GET /game/v3/getPCGameSource", h.gameSource)
	srv.Handle("GET /game/getPCGameSource", h.gameSource)
	srv.Handle("GET /v2/match/getPCLiveGameMatch", list(h, m.Live))
	srv.Handle("POST /v2/match/getPCPastGameMatch", list(h, m.Past))
	srv.Handle("POST /v2/match/getPCGameMatchByCondition", list(h, m.ByCondition))
	srv.Handle("POST /v2/match/getPCUpcomingGameMatch", list(h, m.Upcoming))
	srv.Handle("POST /match/getSevenDayMatch", list(h, m.SevenDayMatches))
	srv.Handle("POST /match/pcMatches", list(h, m.Day))
	srv.Handle("POST /match/getSevenDayResults", list(h, m.SevenDayResults))
	srv.Handle("POST /match/attention", user(h.attention))
	srv.Handle("GET /match/attention/list", user(h.attentionList))
	srv.Handle("GET /match/getSeriesCount", h.seriesCount)
	srv.Handle("GET /match/gameLivingFuture", list(h, m.LivingFuture))
	srv.Handle("GET /match/gameMatchLive", h.gameMatchLive)
	srv.Handle("GET /league/match_leagues", h.leagues(true))
	srv.Handle("GET /sprots_league/match_leagues", h.leagues(false)) // sic, spec §7
	srv.Handle("GET /sport_match/sportsLiving", list(h, m.SportsLiving))
	srv.Handle("GET /library/leagues", h.libraryLeagues)
	srv.Handle("GET /library/league/{id}", h.libraryLeague)
	srv.Handle("GET /library/teams", h.libraryTeams)
	srv.Handle("GET /library/team/{id}", h.libraryTeam)
	srv.Handle("GET /library/players", h.libraryPlayers)
	srv.Handle("GET /library/player/{id}", h.libraryPlayer)
	srv.SetGames(func(seg string) bool { _, ok := feed.FindGame(seg); return ok })
	srv.HandleGame("GET /{game}/{matchId}", h.detail)
}

// listQuery is every filter a list call may carry, in the JSON body (POST) or the query string.
type listQuery struct {
	GameID    api.FlexInt   `json:"gameId"`
	GameIDs   []api.FlexInt `json:"gameIds"`
	Group     string        `json:"group"`
	LeagueID  string        `json:"leagueId"`
	Date      string        `json:"date"` // yyyy-mm-dd in the caller's time zone
	Day       api.FlexInt   `json:"day"`  // offset from today (-1 yesterday)
	Tab       string        `json:"tab"`  // hot, live, time, today, yesterday, tomorrow
	Status    []api.FlexInt `json:"status"`
	TZOffset  api.FlexInt   `json:"tzOffset"` // minutes east of UTC; default 0
	PageIndex api.FlexInt   `json:"pageIndex"`
	PageSize  api.FlexInt   `json:"pageSize"`
	Limit     api.FlexInt   `json:"limit"`
}

// query reads a list query from the body (POST) and the query string (what the body did not set).
// The page is clamped with api.NewPage.
func query(r *api.Request) (Query, error) {
	var in listQuery
	if r.HTTP.Method == "POST" {
		if err := r.Decode(&in); err != nil {
			return Query{}, err
		}
	}
	v := r.HTTP.URL.Query()
	setInt := func(f *api.FlexInt, name string) error {
		if s := v.Get(name); s != "" && !f.Set {
			n, err := strconv.Atoi(s)
			if err != nil {
				return api.ErrFormat.Wrap(err)
			}
			*f = api.FlexInt{Value: n, Set: true}
		}
		return nil
	}
	for name, f := range map[string]*api.FlexInt{"gameId": &in.GameID, "day": &in.Day, "tzOffset": &in.TZOffset,
		"pageIndex": &in.PageIndex, "pageSize": &in.PageSize, "limit": &in.Limit} {
		if err := setInt(f, name); err != nil {
			return Query{}, err
		}
	}
	for _, s := range []struct {
		dst  *string
		name string
	}{{&in.Group, "group"}, {&in.LeagueID, "leagueId"}, {&in.Date, "date"}, {&in.Tab, "tab"}} {
		if *s.dst == "" {
			*s.dst = v.Get(s.name)
		}
	}
	if s := v.Get("gameIds"); s != "" && len(in.GameIDs) == 0 {
		for _, p := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				return Query{}, api.ErrFormat.Wrap(err)
			}
			in.GameIDs = append(in.GameIDs, api.FlexInt{Value: n, Set: true})
		}
	}
	page := api.NewPage(int64(in.PageIndex.Value), int64(in.PageSize.Value))
	q := Query{GameID: in.GameID.Ptr(), Group: in.Group, LeagueID: in.LeagueID, Date: in.Date, Day: in.Day.Ptr(), Tab: in.Tab,
		TZOffset: in.TZOffset.Value, PageIndex: page.Index, PageSize: page.Size, Limit: in.Limit.Value}
	for _, g := range in.GameIDs {
		q.GameIDs = append(q.GameIDs, g.Value)
	}
	for _, s := range in.Status {
		q.Status = append(q.Status, s.Value)
	}
	return q, nil
}

// list serves a Service call that takes the list query and the caller (0 for a guest; a signed-in
// caller sees their reservations).
func list[T any](h *handlers, f func(ctx context.Context, q Query, viewer int64) (T, error)) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		viewer, err := h.auth.Viewer(r)
		if err != nil {
			return nil, err
		}
		q, err := query(r)
		if err != nil {
			return nil, err
		}
		return f(r.Context(), q, viewer)
	}
}
