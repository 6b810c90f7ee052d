package anchor

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/api/errcode"
	"courtside/api/matches"
	"courtside/gateway/media"
	"courtside/storage/postgres"
)

// The streamer centre's ingest tools (issue 17 "Around the room"): the ingest address to push to
// (GET /getAnchorIP), the optional allow-list of source addresses for the stream key
// (GET /addIpWhite, enforced by the media path at the RTMP ingest through MediaStore.SourceAllowed),
// the live link details (the linked match and the stream's health) and the match picker.

// Errors of the allow-list (api/errcode/codes_streamcentre.go).
var (
	// ErrSourceInvalid: not an IP address or CIDR network, too wide, or the note too long (7400).
	ErrSourceInvalid = errcode.New(errcode.StreamSourceInvalid)
	// ErrSourceListFull: the list holds Config.MaxSources entries already (7401).
	ErrSourceListFull = errcode.New(errcode.StreamSourceListFull)
	// ErrSourceNotListed: removing an address not on the list (7402).
	ErrSourceNotListed = errcode.New(errcode.StreamSourceNotListed)
	// ErrSourceAction: an action other than add, remove or list (7403).
	ErrSourceAction = errcode.New(errcode.StreamSourceAction)
)

// Allow-list limits.
const (
	maxSourceNote = 40
	// The widest networks accepted: anything wider is nearly everyone and protects nothing.
	minPrefixV4 = 8
	minPrefixV6 = 16
)

// Ingest is where the streamer pushes: the address actually configured, and the hint of the key in
// force (its prefix and last four characters; the key itself is shown once, when it is made).
type Ingest struct {
	media.IngestAddress
	HasStreamKey  bool
	StreamKeyHint string
	KeyRotatedAt  time.Time
	// AllowList is the stream key's source allow-list; empty: any address may push.
	AllowList []postgres.SourceAllowRow
}

// Ingest is uid's ingest address as reached from pageHost (the request's host: the public host
// when no public RTMP address is configured).
func (s *Service) Ingest(ctx context.Context, uid int64, pageHost string) (Ingest, error) {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return Ingest{}, err
	}
	hint, err := s.d.Store.StreamKeyHint(ctx, a.UserID)
	if err != nil {
		return Ingest{}, err
	}
	list, err := s.d.Store.SourceAllowList(ctx, a.RoomID)
	if err != nil {
		return Ingest{}, err
	}
	return Ingest{IngestAddress: s.d.Media.Ingest(pageHost), HasStreamKey: a.HasStreamKey, StreamKeyHint: hint,
		KeyRotatedAt: a.KeyRotatedAt, AllowList: list}, nil
}

// keyHint is the part of a stream key shown later: its prefix and last four characters.
func keyHint(key string) string {
	if len(key) <= len(media.StreamKeyPrefix)+4 {
		return media.StreamKeyPrefix + "…"
	}
	return media.StreamKeyPrefix + "…" + key[len(key)-4:]
}

// ParseSource reads an allow-list entry: an IPv4 or IPv6 address (one host) or a CIDR network, no
// wider than /8 (IPv4) or /16 (IPv6). IPv4-mapped IPv6 addresses are read as IPv4.
func ParseSource(raw string) (netip.Prefix, error) {
	raw = strings.TrimSpace(raw)
	var p netip.Prefix
	if strings.Contains(raw, "/") {
		var err error
		if p, err = netip.ParsePrefix(raw); err != nil {
			return p, ErrSourceInvalid
		}
		if p.Addr().Is4In6() && p.Bits() >= 96 {
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
	} else {
		a, err := netip.ParseAddr(raw)
		if err != nil || a.Zone() != "" {
			return p, ErrSourceInvalid
		}
		a = a.Unmap()
		p = netip.PrefixFrom(a, a.BitLen())
	}
	if p.Addr().Zone() != "" || (p.Addr().Is4() && p.Bits() < minPrefixV4) || (!p.Addr().Is4() && p.Bits() < minPrefixV6) {
		return p, ErrSourceInvalid
	}
	return p.Masked(), nil
}

// SourceAction is what GET /addIpWhite does.
type SourceAction string

// Allow-list actions.
const (
	SourceListAll SourceAction = "list"
	SourceAdd     SourceAction = "add"
	SourceRemove  SourceAction = "remove"
)

// EditSources applies action to uid's allow-list (address and note for add, address for remove)
// and returns the list as it now stands. A banned streamer may still tighten or read the list.
func (s *Service) EditSources(ctx context.Context, uid int64, action SourceAction, address, note string) ([]postgres.SourceAllowRow, error) {
	a, err := s.streamer(ctx, uid, true)
	if err != nil {
		return nil, err
	}
	switch action {
	case SourceListAll:
	case SourceAdd, SourceRemove:
		p, err := ParseSource(address)
		if err != nil {
			return nil, err
		}
		if action == SourceAdd {
			note = strings.TrimSpace(note)
			if tooLong(note, maxSourceNote) {
				return nil, ErrSourceInvalid
			}
			err = s.d.Store.AddSourceAllow(ctx, a.RoomID, p, note, s.cfg.Now(), s.cfg.MaxSources)
			if errors.Is(err, postgres.ErrAllowListFull) {
				return nil, ErrSourceListFull
			}
		} else {
			var found bool
			found, err = s.d.Store.RemoveSourceAllow(ctx, a.RoomID, p)
			if err == nil && !found {
				return nil, ErrSourceNotListed
			}
		}
		if err != nil {
			return nil, err
		}
		s.log.Info("anchor: source allow-list changed", zap.String("room", a.RoomID), zap.String("action", string(action)),
			zap.String("source", address))
	default:
		return nil, ErrSourceAction
	}
	return s.d.Store.SourceAllowList(ctx, a.RoomID)
}

// LinkDetails is /anchorCenter/liveLinkDetails: the linked match and its live state, and the
// stream's health now and over the current (or last) broadcast.
type LinkDetails struct {
	Room      postgres.LiveRoomRow
	Match     *matches.Item // nil: no match linked, or the match module does not know it
	Stream    media.RoomStats
	Up        bool
	Samples   []postgres.HealthSampleRow
	SessionAt time.Time // start of the broadcast the samples are from; zero: none yet
}

// maxHealthSamples bounds the chart: an hour of samples at the default 5 s.
const maxHealthSamples = 720

// LiveLinkDetails is uid's live link details.
func (s *Service) LiveLinkDetails(ctx context.Context, uid int64) (LinkDetails, error) {
	l, err := s.Live(ctx, uid)
	if err != nil {
		return LinkDetails{}, err
	}
	out := LinkDetails{Room: l.Room, Stream: l.Stream, Up: l.Up}
	if l.Room.MatchID != "" && s.d.Scores != nil {
		if items := s.d.Scores.Items([]string{l.Room.MatchID}); len(items) == 1 {
			out.Match = &items[0]
		}
	}
	sessions, err := s.d.Store.Sessions(ctx, l.Anchor.RoomID, 1, 0)
	if err != nil {
		return LinkDetails{}, err
	}
	if len(sessions) == 1 {
		out.SessionAt = sessions[0].StartedAt
		// Samples of that broadcast: from its start (a little before, the first sample can precede
		// the session row by a moment) to its end.
		rows, err := s.d.Store.HealthSamples(ctx, l.Anchor.RoomID, out.SessionAt.Add(-time.Minute), maxHealthSamples)
		if err != nil {
			return LinkDetails{}, err
		}
		end := sessions[0].EndedAt
		for _, r := range rows {
			if end.IsZero() || !r.At.After(end.Add(time.Minute)) {
				out.Samples = append(out.Samples, r)
			}
		}
	}
	if out.Samples == nil {
		out.Samples = []postgres.HealthSampleRow{}
	}
	return out, nil
}

// MatchFinder lists the matches a streamer could link now (*matches.Service).
type MatchFinder interface {
	StreamCandidates(by time.Time) []matches.Item
}

// maxPickerMatches bounds one answer of the match picker.
const maxPickerMatches = 30

// StreamableMatches is the match picker (issue 17): the matches in the streaming window (in
// progress, or not started and starting within Config.MatchWindow: the rule LinkMatch applies)
// whose teams, competition or game contain q (case-insensitive; every word of q must match), in
// play first, then by start, at most 30.
func (s *Service) StreamableMatches(ctx context.Context, uid int64, q string) ([]matches.Item, error) {
	if _, err := s.streamer(ctx, uid, true); err != nil {
		return nil, err
	}
	if s.d.Finder == nil {
		return []matches.Item{}, nil
	}
	now := s.cfg.Now()
	words := strings.Fields(strings.ToLower(q))
	out := []matches.Item{}
	for _, it := range s.d.Finder.StreamCandidates(now.Add(s.cfg.MatchWindow)) {
		if !inMatchWindow(matchInfoOf(it), now, s.cfg.MatchWindow) || !matchesWords(it, words) {
			continue
		}
		out = append(out, it)
		if len(out) == maxPickerMatches {
			break
		}
	}
	return out, nil
}

// matchInfoOf is the window rule's view of a listed match.
func matchInfoOf(it matches.Item) MatchInfo {
	m := MatchInfo{Found: true, Start: time.UnixMilli(it.StartTime), GameID: it.GameID, State: MatchOver}
	switch {
	case it.Status.InPlay():
		m.State = MatchLive
	case it.Status.Upcoming():
		m.State = MatchScheduled
	}
	return m
}

func matchesWords(it matches.Item, words []string) bool {
	hay := strings.ToLower(it.HomeName + " " + it.AwayName + " " + it.LeagueName + " " + it.GameName)
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}
