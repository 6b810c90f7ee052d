package matches

import (
	"courtside/api"
)

// GET /{game}/{matchId}: the match detail page with every tab (?tab= one of Tabs for one).
func (h *handlers) detail(r *api.Request) (any, error) {
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Detail(r.Context(), r.PathValue("game"), r.PathValue("matchId"), r.Query("tab"), viewer)
}

// GET /library/leagues?gameId=: the league library's index.
func (h *handlers) libraryLeagues(r *api.Request) (any, error) {
	q, err := query(r)
	if err != nil {
		return nil, err
	}
	return h.svc.LibraryLeagues(r.Context(), q)
}

// GET /library/league/{id}: standings, advancement chart, results, schedule, transfers, honours.
func (h *handlers) libraryLeague(r *api.Request) (any, error) {
	return h.svc.League(r.Context(), r.PathValue("id"))
}

// GET /library/teams?gameId=&pageIndex=&pageSize=: the team library's index.
func (h *handlers) libraryTeams(r *api.Request) (any, error) {
	q, err := query(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Teams(r.Context(), q)
}

// GET /library/team/{id}: the team, its squad, recent form (5/7/10/15/30), fixtures, transfers, honours.
func (h *handlers) libraryTeam(r *api.Request) (any, error) {
	return h.svc.Team(r.Context(), r.PathValue("id"))
}

// GET /library/players?gameId=&pageIndex=&pageSize=: the player library's index.
func (h *handlers) libraryPlayers(r *api.Request) (any, error) {
	q, err := query(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Players(r.Context(), q)
}

// GET /library/player/{id}: the player, their team, the last 20 matches with averages, transfers
// and honours.
func (h *handlers) libraryPlayer(r *api.Request) (any, error) {
	return h.svc.Player(r.Context(), r.PathValue("id"))
}
