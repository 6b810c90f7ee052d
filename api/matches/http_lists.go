package matches

import (
	"courtside/api"
)

// GET /match/getSeriesCount: counts per game (gameId or group narrows it).
func (h *handlers) seriesCount(r *api.Request) (any, error) {
	q, err := query(r)
	if err != nil {
		return nil, err
	}
	return h.svc.SeriesCounts(q)
}

// GET /match/gameMatchLive: every match of a game in play (at most MaxList).
func (h *handlers) gameMatchLive(r *api.Request) (any, error) {
	q, err := query(r)
	if err != nil {
		return nil, err
	}
	return h.svc.GameLive(q)
}

// GET /league/match_leagues (esports) and /sprots_league/match_leagues (sports): leagues and series
// with their counts.
func (h *handlers) leagues(esports bool) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		q, err := query(r)
		if err != nil {
			return nil, err
		}
		return h.svc.Leagues(r.Context(), q, esports)
	}
}

// GET /game/v3/getPCGameSource and /game/getPCGameSource: the game catalogue and home groups.
func (h *handlers) gameSource(*api.Request) (any, error) { return h.svc.Games(), nil }

// attentionRequest books (attention true, or type 1) or cancels (false, or type 0) a match.
type attentionRequest struct {
	MatchID   string       `json:"matchId"`
	Attention *bool        `json:"attention"`
	Type      *api.FlexInt `json:"type"`
}

// POST /match/attention: book or cancel a match for the signed-in user (spec §4 reservations).
func (h *handlers) attention(r *api.Request, uid int64) (any, error) {
	var in attentionRequest
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	book := true
	if in.Attention != nil {
		book = *in.Attention
	} else if in.Type != nil && in.Type.Set {
		book = in.Type.Value != 0
	}
	return h.svc.Book(r.Context(), uid, in.MatchID, book)
}

// GET /match/attention/list: the signed-in user's bookings (the Favourites tab), newest match first.
func (h *handlers) attentionList(r *api.Request, uid int64) (any, error) {
	q, err := query(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Bookings(r.Context(), q, uid)
}
