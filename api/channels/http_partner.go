package channels

import (
	"courtside/api"
)

// channelOut is a channel with its absolute link.
type channelOut struct {
	Channel
	Link string `json:"link"`
}

// GET /promotion/channel/list: the partner's channels with their links.
func (h *handlers) list(r *api.Request, uid int64) (any, error) {
	rows, err := h.svc.Channels(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	base := h.base(r)
	out := make([]channelOut, len(rows))
	for i, c := range rows {
		out[i] = channelOut{c, base + c.Path}
	}
	return map[string]any{"list": out}, nil
}

// POST /promotion/channel/save {id?, name, source, type}: add (no id) or edit a channel.
func (h *handlers) save(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID     api.FlexInt `json:"id"`
		Name   string      `json:"name"`
		Source string      `json:"source"`
		Type   string      `json:"type"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	c, err := h.svc.SaveChannel(r.Context(), uid, ChannelInput{ID: int64(in.ID.Value), Name: in.Name, Source: in.Source, Kind: in.Type})
	if err != nil {
		return nil, err
	}
	return channelOut{c, h.base(r) + c.Path}, nil
}

// GET /promotion/channel/users {pageIndex, pageSize}: users registered through the channels.
func (h *handlers) users(r *api.Request, uid int64) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.Users(r.Context(), uid, p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	return p.List(rows, total), nil
}

// days reads the period of a report (default 30).
func days(r *api.Request) (int, error) { return r.IntQuery("days", 30) }

// GET /promotion/channel/statistics {days}: visits, registrations, downloads per day and channel.
func (h *handlers) stats(r *api.Request, uid int64) (any, error) {
	d, err := days(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Stats(r.Context(), uid, d)
}

// GET /promotion/channel/gold {days}: what the channels' users spent and the partner's share.
func (h *handlers) gold(r *api.Request, uid int64) (any, error) {
	d, err := days(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Gold(r.Context(), uid, d)
}

// GET /promotion/channel/water {days, pageIndex, pageSize}: the flow of those movements.
func (h *handlers) water(r *api.Request, uid int64) (any, error) {
	d, err := days(r)
	if err != nil {
		return nil, err
	}
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.Water(r.Context(), uid, d, p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	return p.List(rows, total), nil
}
