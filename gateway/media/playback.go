package media

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"go.uber.org/zap"
)

// Source kinds of a Playback, in the order a player should prefer them.
const (
	SourcePro      = "pro"      // HTTP-FLV, low delay, SVIP
	SourceHLS      = "hls"      // HLS, standard delay
	SourceExternal = "external" // the room's external m3u8 address
)

// Source is one way to watch a room.
type Source struct {
	Kind      string `json:"kind"`
	URL       string `json:"url"`
	ExpiresAt int64  `json:"expiresAt,omitempty"` // unix ms; ask Playback again before it
}

// Playback is the answer to "how may this viewer watch this room": the sources they are entitled to,
// best first, and what they are missing.
type Playback struct {
	Room        string   `json:"room"`
	Live        bool     `json:"live"`    // the room's own stream is up (on this node or, in a cluster, another)
	Stalled     bool     `json:"stalled"` // its publisher is connected but sends nothing
	Viewers     int      `json:"viewers"`
	Sources     []Source `json:"sources"`
	ProLocked   bool     `json:"proLocked"` // a Pro stream exists but needs SVIP (prompt to upgrade)
	Trial       bool     `json:"trial"`     // a non-member's trial: it ends at TrialEndsAt
	TrialEndsAt int64    `json:"trialEndsAt,omitempty"`
}

// Playback decides what userID (0 for a guest) may watch in room and returns signed, expiring URLs
// for it. Refusals are the sentinels of errors.go (ErrorKey gives their message keys). A stream that
// another node holds gets URLs on that node after the same checks (this node's trial book
// included), signed with the key every node shares, so the holder serves them as its own. When the
// directory cannot be read the answer is the local one (the room's external source, if any, or not
// live).
func (h *Hub) Playback(ctx context.Context, room string, userID int64) (Playback, error) {
	if st, live := h.stream(room); live {
		return h.playback(ctx, room, userID, &heldStream{stats: h.stats(st)})
	}
	rs, ok, err := h.deps.Directory.Lookup(ctx, room)
	if err != nil {
		h.log.Warn("media: stream directory unreadable", zap.String("room", room), zap.Error(err))
	}
	if !ok {
		return h.playback(ctx, room, userID, nil)
	}
	return h.playback(ctx, room, userID, &heldStream{base: strings.TrimSuffix(rs.BaseURL, "/"), stats: rs.Stats})
}

// RemoteStream is a live stream another node of the cluster holds, as the Directory records it.
type RemoteStream struct {
	BaseURL string    // the holder's public HTTP base URL, scheme://host[:port]
	Stats   RoomStats // the stream's state as the holder last announced it
}

// heldStream is the room's own live stream, wherever it is held.
type heldStream struct {
	base  string // "" on this node (relative URLs), else the holder's public base URL
	stats RoomStats
}

// playback applies the rules to room for userID and signs the URLs of held (nil: the room's own
// stream is not live, only an external source may be offered).
func (h *Hub) playback(ctx context.Context, room string, userID int64, held *heldStream) (Playback, error) {
	now := h.cfg.Now()
	acc, found, err := h.deps.Rooms.MediaRoom(ctx, room)
	if err != nil {
		return Playback{}, err
	}
	if !found {
		return Playback{}, ErrRoomNotFound
	}
	live := held != nil
	if !live && acc.ExternalURL == "" {
		return Playback{}, ErrNotLive
	}
	v := viewer{id: userID}
	if userID > 0 {
		if v.tier, v.tierExpiry, err = h.deps.Entitlements.Entitlements(ctx, userID); err != nil {
			return Playback{}, err
		}
		if acc.Paid {
			if v.unlockedUntil, v.unlocked, err = h.deps.Unlocks.Unlocked(ctx, userID, room); err != nil {
				return Playback{}, err
			}
		}
	}
	var trialStart time.Time
	if acc.MemberOnly && userID > 0 && !v.member(now) && h.cfg.Trial > 0 {
		trialStart = h.trialStart(ctx, userID, room, now)
	}
	until, trial, err := decide(now, acc, v, KindHLS, trialStart, h.cfg.Trial)
	if err != nil {
		return Playback{}, err
	}
	p := Playback{Room: room, Live: live, Trial: trial}
	if trial {
		p.TrialEndsAt = until.UnixMilli()
	}
	exp := now.Add(h.cfg.URLTTL)
	if !until.IsZero() && until.Before(exp) {
		exp = until
	}
	if live {
		p.Stalled, p.Viewers = held.stats.Stalled, held.stats.Viewers()
		proUntil, _, perr := decide(now, acc, v, KindFLV, trialStart, h.cfg.Trial)
		switch {
		case perr == nil:
			pexp := exp
			if !proUntil.IsZero() && proUntil.Before(pexp) {
				pexp = proUntil
			}
			p.Sources = append(p.Sources, h.source(held.base, room, KindFLV, userID, pexp))
		case errors.Is(perr, ErrProRequiresSVIP), errors.Is(perr, ErrLoginRequired):
			p.ProLocked = true
		}
		p.Sources = append(p.Sources, h.source(held.base, room, KindHLS, userID, exp))
	}
	if acc.ExternalURL != "" {
		p.Sources = append(p.Sources, Source{Kind: SourceExternal, URL: acc.ExternalURL})
	}
	return p, nil
}

// source signs one URL of the room's own stream, on base ("" for a path on this node).
func (h *Hub) source(base, room, kind string, userID int64, exp time.Time) Source {
	q := h.sign.query(Grant{Room: room, Kind: kind, UserID: userID, Expiry: exp})
	s := Source{ExpiresAt: exp.UnixMilli()}
	esc := url.PathEscape(room)
	if kind == KindFLV {
		s.Kind, s.URL = SourcePro, base+h.cfg.PathPrefix+"/"+esc+".flv?"+q
	} else {
		s.Kind, s.URL = SourceHLS, base+h.cfg.PathPrefix+"/"+esc+"/index.m3u8?"+q
	}
	return s
}

// SignedURL signs a URL of room's own stream of kind (KindFLV or KindHLS) without checking any rule,
// for tools and tests that act as a trusted party.
func (h *Hub) SignedURL(room, kind string, userID int64, exp time.Time) string {
	return h.source("", room, kind, userID, exp).URL
}
