package account

import (
	"context"
	"sync"
)

// AvatarThumbSides are the smaller squares an avatar is served at (GET /java/user/avatar/{name}?s=),
// besides the stored one (Config.AvatarSize, 256 px): the site draws most avatars 18–48 px wide, and
// a 22 px avatar on a phone's screen (about two device pixels to one) needs 48, not 256 (the demo's
// 7 KB pictures are 3 KB at 48 px: the streamer list's first screen fetched seven of them beside its
// covers, issue 19). The web client and the first HTML ask for the smallest side at least twice the
// drawn size (components/Avatar.tsx avatarSrc, api/siteshelldata.go); only these sides are made,
// so a request cannot make the node resize to any size it likes.
var AvatarThumbSides = []int{48, 96}

// thumbSide is the side served for ?s=requested: the smallest of AvatarThumbSides at least as large,
// or 0 (the stored avatar) when none is, or when requested is not positive.
func thumbSide(requested int) int {
	if requested <= 0 {
		return 0
	}
	for _, s := range AvatarThumbSides {
		if s >= requested {
			return s
		}
	}
	return 0
}

// avatarThumbs keeps the thumbnails made, by name and side. An avatar's name is random per upload
// and its picture never changes, so an entry is never stale; the original is read from the store
// on every request all the same, so a deleted avatar is not served from here. Bounded: when full,
// an entry goes (whichever the map's order gives: the hot ones are made again at once).
type avatarThumbs struct {
	mu sync.Mutex
	m  map[thumbKey][]byte
}

type thumbKey struct {
	name string
	side int
}

// maxAvatarThumbs bounds the cache: 4,096 thumbnails of 1–6 KB are at most about 24 MB.
const maxAvatarThumbs = 4096

func (c *avatarThumbs) get(k thumbKey) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.m[k]
	return b, ok
}

func (c *avatarThumbs) put(k thumbKey, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[thumbKey][]byte)
	}
	if len(c.m) >= maxAvatarThumbs {
		for old := range c.m {
			delete(c.m, old)
			break
		}
	}
	c.m[k] = b
}

// AvatarAt is Avatar at a side of AvatarThumbSides (thumbSide of requested; the stored picture for
// 0 or a side larger than them), in the avatar's own format.
func (s *Service) AvatarAt(ctx context.Context, name string, requested int) (data []byte, contentType string, err error) {
	data, contentType, err = s.Avatar(ctx, name)
	side := thumbSide(requested)
	if err != nil || side == 0 || side >= s.cfg.AvatarSize {
		return data, contentType, err
	}
	k := thumbKey{name, side}
	if b, ok := s.thumbs.get(k); ok {
		return b, contentType, nil
	}
	isPNG := contentType == "image/png"
	img, err := decodeAvatar(data, isPNG)
	if err != nil {
		// A stored avatar that does not decode (it was checked on upload) is served as it is.
		return data, contentType, nil
	}
	thumb, err := encodeAvatar(squareResize(img, side), isPNG)
	if err != nil {
		return data, contentType, nil
	}
	s.thumbs.put(k, thumb)
	return thumb, contentType, nil
}
