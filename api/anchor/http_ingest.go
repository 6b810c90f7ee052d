package anchor

import (
	"courtside/api"
	"courtside/api/matches"
	"courtside/storage/postgres"
)

// The ingest tools' REST calls (issue 17 "Around the room"; rules in ingest.go).

// SourceEntry is one entry of the allow-list as the answers show it.
type SourceEntry struct {
	Address   string `json:"address"` // "192.0.2.7/32", "2001:db8::/48"
	Note      string `json:"note"`
	CreatedAt int64  `json:"createdAt"`
}

// SourceList is the answer of GET /addIpWhite and part of /getAnchorIP.
type SourceList struct {
	// Enforced: the list is not empty, so only its addresses may push.
	Enforced bool          `json:"enforced"`
	List     []SourceEntry `json:"list"`
	Max      int           `json:"max"`
}

func (h *handlers) sourceList(rows []postgres.SourceAllowRow) SourceList {
	out := SourceList{List: make([]SourceEntry, 0, len(rows)), Max: h.svc.cfg.MaxSources}
	for _, r := range rows {
		out.List = append(out.List, SourceEntry{Address: r.Prefix.String(), Note: r.Note, CreatedAt: api.Millis(r.CreatedAt)})
	}
	out.Enforced = len(out.List) > 0
	return out
}

// AnchorIP is the answer of GET /getAnchorIP: where to push, the key hint and the allow-list.
type AnchorIP struct {
	Server        string     `json:"server"` // OBS "Server": rtmp://host:port/app
	Host          string     `json:"host"`
	Port          int        `json:"port"`
	App           string     `json:"app"`
	Configured    bool       `json:"configured"`    // the configured public address (else the page's host)
	HasStreamKey  bool       `json:"hasStreamKey"`  // a key exists (shown once, when made)
	StreamKeyHint string     `json:"streamKeyHint"` // "cs_…a1b2"; "" without a key
	KeyRotatedAt  int64      `json:"keyRotatedAt"`
	Sources       SourceList `json:"sources"`
}

// anchorIP: GET /getAnchorIP.
func (h *handlers) anchorIP(r *api.Request, uid int64) (any, error) {
	in, err := h.svc.Ingest(r.Context(), uid, r.HTTP.Host)
	if err != nil {
		return nil, err
	}
	return AnchorIP{Server: in.Server, Host: in.Host, Port: in.Port, App: in.App, Configured: in.Configured,
		HasStreamKey: in.HasStreamKey, StreamKeyHint: in.StreamKeyHint, KeyRotatedAt: api.Millis(in.KeyRotatedAt),
		Sources: h.sourceList(in.AllowList)}, nil
}

// addIPWhite: GET /addIpWhite?action=add|remove|list&ip=<address or CIDR>&note=<≤ 40 characters>.
// action defaults to add when ip is given, to list otherwise. It changes state on GET (spec §7), so
// it is in api/csrf.go's stateChangingGets: a foreign page cannot call it with the cookie.
func (h *handlers) addIPWhite(r *api.Request, uid int64) (any, error) {
	action := SourceAction(r.Query("action"))
	ip := r.Query("ip")
	if action == "" {
		action = SourceListAll
		if ip != "" {
			action = SourceAdd
		}
	}
	rows, err := h.svc.EditSources(r.Context(), uid, action, ip, r.Query("note"))
	if err != nil {
		return nil, err
	}
	return h.sourceList(rows), nil
}

// HealthPoint is one sample of the stream's health.
type HealthPoint struct {
	Time        int64   `json:"time"`
	BitrateKbps int     `json:"bitrateKbps"`
	FPS         float64 `json:"fps"`
	Viewers     int     `json:"viewers"`
}

// LinkDetailsAnswer is the answer of GET /anchor/liveLinkDetails.
type LinkDetailsAnswer struct {
	RoomID       string        `json:"roomId"`
	Title        string        `json:"title"`
	MatchID      string        `json:"matchId"`
	GameID       int           `json:"gameId"`
	CustomTag    string        `json:"customTag"`
	Match        *matches.Item `json:"match"` // the linked match with its score, clock and state; null without one
	Broadcasting bool          `json:"broadcasting"`
	Live         bool          `json:"live"`
	Stalled      bool          `json:"stalled"`
	LiveSince    int64         `json:"liveSince"`
	Viewers      int           `json:"viewers"`
	BitrateKbps  int           `json:"bitrateKbps"`
	FPS          float64       `json:"fps"`
	SessionStart int64         `json:"sessionStart"` // the broadcast the samples are from; 0: none yet
	Samples      []HealthPoint `json:"samples"`      // oldest first
}

// liveLinkDetails: GET /anchor/liveLinkDetails (the page /anchorCenter/liveLinkDetails).
func (h *handlers) liveLinkDetails(r *api.Request, uid int64) (any, error) {
	d, err := h.svc.LiveLinkDetails(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	out := LinkDetailsAnswer{RoomID: d.Room.RoomID, Title: d.Room.Title, MatchID: d.Room.MatchID, GameID: d.Room.GameID,
		CustomTag: d.Room.CustomTag, Match: d.Match, Broadcasting: d.Room.Broadcasting, SessionStart: api.Millis(d.SessionAt),
		Samples: make([]HealthPoint, 0, len(d.Samples))}
	if d.Up {
		out.Live, out.Stalled, out.Viewers = true, d.Stream.Stalled, d.Stream.Viewers()
		out.LiveSince, out.BitrateKbps, out.FPS = api.Millis(d.Stream.Since), d.Stream.BitrateKbps, d.Stream.FPS
	}
	for _, s := range d.Samples {
		out.Samples = append(out.Samples, HealthPoint{Time: s.At.UnixMilli(), BitrateKbps: s.BitrateKbps, FPS: s.FPS, Viewers: s.Viewers})
	}
	return out, nil
}

// streamableMatches: GET /anchor/streamableMatches?q= — the match picker.
func (h *handlers) streamableMatches(r *api.Request, uid int64) (any, error) {
	list, err := h.svc.StreamableMatches(r.Context(), uid, r.Query("q"))
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": list}, nil
}
