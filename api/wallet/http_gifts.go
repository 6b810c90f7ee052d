package wallet

import (
	"courtside/actors/protocol"
	"courtside/api"
	"courtside/storage/postgres"
)

func (h *handlers) giftList(r *api.Request) (any, error) {
	gifts, err := h.svc.Catalogue(r.Context())
	if err != nil {
		return nil, err
	}
	list := make([]map[string]any, len(gifts))
	for i, g := range gifts {
		cur := "gold"
		if g.Currency == postgres.Diamond {
			cur = "score"
		}
		list[i] = map[string]any{"id": g.ID, "name": g.Name, "icon": g.Icon, "currency": cur, "price": g.Price}
	}
	return map[string]any{"list": list}, nil
}

func (h *handlers) leaderboard(r *api.Request) (any, error) {
	p, ok := ParsePeriod(r.PathValue("type"))
	room := r.Query("room")
	if !ok || room == "" {
		return nil, api.ErrFormat
	}
	n, err := r.IntQuery("size", 20)
	if err != nil {
		return nil, err
	}
	top, err := h.svc.Top(r.Context(), room, p, n)
	if err != nil {
		return nil, err
	}
	// Each line also carries the public id ("u<n>") that chat events use.
	type line struct {
		Rank
		UID protocol.UserID `json:"uid"`
	}
	list := make([]line, len(top))
	for i, r := range top {
		list[i] = line{Rank: r, UID: protocol.UserID(r.UserID)}
	}
	return map[string]any{"room": room, "type": p, "list": list}, nil
}

func (h *handlers) rebuildLeaderboard(r *api.Request, _ int64) (any, error) {
	var in struct {
		Room string `json:"room"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	n, err := h.svc.RebuildLeaderboard(r.Context(), in.Room)
	if err != nil {
		return nil, err
	}
	return map[string]any{"gifts": n}, nil
}
