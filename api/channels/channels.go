package channels

import (
	"context"
	"crypto/rand"
	"strings"
	"unicode/utf8"

	"courtside/storage/postgres"
)

// Channel kinds (spec §3: type register or download).
const (
	KindRegister = "register" // the link lands on sign-up
	KindDownload = "download" // the link lands on /download
)

// Channel is a partner's channel as the partner sees it.
type Channel struct {
	ID        int64  `json:"id"`
	Code      string `json:"code"`
	Name      string `json:"name"`
	Source    string `json:"source"`
	Kind      string `json:"type"`
	Path      string `json:"path"` // the link's path and query; the handler makes it absolute
	ShareBps  int    `json:"shareBps"`
	CreatedAt int64  `json:"createdAt"` // Unix milliseconds
}

// ChannelInput is a partner's add or edit (ID 0: add).
type ChannelInput struct {
	ID     int64
	Name   string
	Source string
	Kind   string
}

// Path is where a channel's link lands: sign-up on the home page, or the download page, with the
// code in c.
func Path(kind, code string) string {
	if kind == KindDownload {
		return "/download?c=" + code
	}
	return "/?c=" + code
}

func view(c postgres.Channel) Channel {
	return Channel{ID: c.ID, Code: c.Code, Name: c.Name, Source: c.Source, Kind: c.Kind, Path: Path(c.Kind, c.Code),
		ShareBps: c.ShareBps, CreatedAt: c.CreatedAt.UnixMilli()}
}

// Channels lists the partner's own channels, newest first.
func (s *Service) Channels(ctx context.Context, partner int64) ([]Channel, error) {
	rows, err := s.store.Channels(ctx, partner)
	if err != nil {
		return nil, err
	}
	out := make([]Channel, len(rows))
	for i, c := range rows {
		out[i] = view(c)
	}
	return out, nil
}

// Channel is one of the partner's channels (ErrNotFound for another partner's).
func (s *Service) Channel(ctx context.Context, partner, id int64) (Channel, error) {
	c, err := s.own(ctx, partner, id)
	return view(c), err
}

func (s *Service) own(ctx context.Context, partner, id int64) (postgres.Channel, error) {
	c, err := s.store.Channel(ctx, id)
	if err != nil {
		return c, storeErr(err)
	}
	if c.OwnerID != partner || partner == 0 {
		return postgres.Channel{}, ErrNotFound
	}
	return c, nil
}

// SaveChannel adds a channel (a fresh code) or edits one of the partner's own.
func (s *Service) SaveChannel(ctx context.Context, partner int64, in ChannelInput) (Channel, error) {
	in.Name, in.Source = strings.TrimSpace(in.Name), strings.TrimSpace(in.Source)
	switch {
	case in.Name == "" || utf8.RuneCountInString(in.Name) > 64:
		return Channel{}, ErrNameRequired
	case utf8.RuneCountInString(in.Source) > 64:
		return Channel{}, ErrSourceLong
	case in.Kind != KindRegister && in.Kind != KindDownload:
		return Channel{}, ErrKind
	}
	c := postgres.Channel{ID: in.ID, OwnerID: partner, Name: in.Name, Source: in.Source, Kind: in.Kind, ShareBps: s.cfg.ShareBps}
	if in.ID != 0 {
		if _, err := s.own(ctx, partner, in.ID); err != nil {
			return Channel{}, err
		}
	}
	for attempt := 0; ; attempt++ {
		if c.ID == 0 {
			c.Code = newCode()
		}
		out, err := s.store.SaveChannel(ctx, c, s.cfg.Now())
		if err == postgres.ErrChannelCodeTaken && attempt < 3 {
			continue
		}
		return view(out), storeErr(err)
	}
}

// newCode is a fresh channel code: "c" and nine letters or digits from crypto/rand.
func newCode() string {
	const alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
	b := make([]byte, 9)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return "c" + string(b)
}

// ids are the partner's channel ids (none: an empty slice, which matches nothing).
func (s *Service) ids(ctx context.Context, partner int64) ([]postgres.Channel, []int64, error) {
	if partner == 0 {
		return nil, []int64{}, nil
	}
	rows, err := s.store.Channels(ctx, partner)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, len(rows))
	for i, c := range rows {
		ids[i] = c.ID
	}
	return rows, ids, nil
}
