package account

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"

	"go.uber.org/zap"
)

// AvatarStore keeps avatar images by name ("u42-<hex>.jpg"). DiskAvatars is the default; an
// object store is another implementation.
type AvatarStore interface {
	Put(ctx context.Context, name string, data []byte) error
	Get(ctx context.Context, name string) ([]byte, error) // ErrAvatarNotFound when absent
	Delete(ctx context.Context, name string) error
}

// ErrAvatarNotFound: AvatarStore.Get of a name it does not hold.
var ErrAvatarNotFound = errors.New("account: avatar not found")

// avatarPath is the URL prefix avatars are served under (relative to the site root).
const avatarPath = "/java/user/avatar/"

// maxAvatarPixels is what an avatar needs: it is shown at most 256 px wide, and a 4096×4096 photo
// (16.7 megapixels: 64 MiB decoded) covers every phone camera's default. The header's dimensions
// are checked before anything is decoded, so a small PNG that claims 6300×6300 costs nothing.
const maxAvatarPixels = 4096 * 4096

// maxAvatarSide bounds either side (a 1×16M strip is no avatar either).
const maxAvatarSide = 8192

// Magic numbers of the two formats an avatar may have (spec §5: JPG or PNG).
var (
	jpegMagic = []byte("\xff\xd8\xff")
	pngMagic  = []byte("\x89PNG\x0d\x0a\x1a\x0a")
)

// AvatarRules is what an avatar upload may be, for a client that checks a picture before sending
// it (the cropper of /caijian): the server's own limits, so the two never disagree.
type AvatarRules struct {
	MaxBytes  int64    `json:"maxBytes"`  // Config.AvatarMaxBytes
	Size      int      `json:"size"`      // the side of the stored square (Config.AvatarSize)
	MaxSide   int      `json:"maxSide"`   // either side of the picture, in pixels
	MaxPixels int      `json:"maxPixels"` // width × height
	Types     []string `json:"types"`     // the formats accepted (by content)
}

// AvatarRules answers the limits SetAvatar applies.
func (s *Service) AvatarRules() AvatarRules {
	return AvatarRules{MaxBytes: s.cfg.AvatarMaxBytes, Size: s.cfg.AvatarSize, MaxSide: maxAvatarSide, MaxPixels: maxAvatarPixels,
		Types: []string{"image/jpeg", "image/png"}}
}

// SetAvatar makes data u's avatar: JPG or PNG by content (ErrAvatarFormat otherwise), at most
// Config.AvatarMaxBytes (ErrAvatarTooLarge); cropped to a centred square, resized to
// Config.AvatarSize and re-encoded (PNG stays PNG, JPEG becomes a clean JPEG: no metadata, no EXIF
// location). The old avatar is deleted. It returns the new avatar's URL path.
func (s *Service) SetAvatar(ctx context.Context, u User, data []byte) (string, error) {
	if int64(len(data)) > s.cfg.AvatarMaxBytes {
		return "", ErrAvatarTooLarge
	}
	isPNG := bytes.HasPrefix(data, pngMagic)
	if !isPNG && !bytes.HasPrefix(data, jpegMagic) {
		return "", ErrAvatarFormat
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data)) // the header only
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return "", ErrAvatarFormat
	}
	if cfg.Width > maxAvatarSide || cfg.Height > maxAvatarSide || cfg.Width*cfg.Height > maxAvatarPixels {
		return "", ErrAvatarPixels
	}
	img, err := decodeAvatar(data, isPNG)
	if err != nil {
		return "", ErrAvatarFormat
	}
	encoded, err := encodeAvatar(squareResize(img, s.cfg.AvatarSize), isPNG)
	if err != nil {
		return "", err
	}
	ext := ".jpg"
	if isPNG {
		ext = ".png"
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	name := u.UID() + "-" + hex.EncodeToString(rnd[:]) + ext
	if err := s.avatars.Put(ctx, name, encoded); err != nil {
		return "", err
	}
	old, err := s.store.SetAvatar(ctx, u.ID, avatarPath+name)
	if err != nil {
		_ = s.avatars.Delete(ctx, name)
		return "", err
	}
	if oldName, ok := strings.CutPrefix(old, avatarPath); ok && validAvatarName(oldName) {
		if err := s.avatars.Delete(ctx, oldName); err != nil {
			s.log.Warn("account: deleting old avatar", zap.String("name", oldName), zap.Error(err))
		}
	}
	return avatarPath + name, nil
}

// Avatar is the image of an avatar name (the last part of its URL path) with its content type;
// ErrAvatarNotFound for a name this package did not make or the store does not hold.
func (s *Service) Avatar(ctx context.Context, name string) (data []byte, contentType string, err error) {
	if !validAvatarName(name) {
		return nil, "", ErrAvatarNotFound
	}
	data, err = s.avatars.Get(ctx, name)
	if err != nil {
		return nil, "", err
	}
	contentType = "image/jpeg"
	if strings.HasSuffix(name, ".png") {
		contentType = "image/png"
	}
	return data, contentType, nil
}

// decodeAvatar decodes a picture known to be a PNG (isPNG) or a JPEG.
func decodeAvatar(data []byte, isPNG bool) (image.Image, error) {
	if isPNG {
		return png.Decode(bytes.NewReader(data))
	}
	return jpeg.Decode(bytes.NewReader(data))
}

// encodeAvatar encodes an avatar in its format: PNG stays PNG, a JPEG is written clean (no metadata).
func encodeAvatar(img image.Image, isPNG bool) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if isPNG {
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 88})
	}
	return buf.Bytes(), err
}

// squareResize crops the centred square of img and scales it to size×size by area averaging
// (each output pixel is the mean of the source pixels it covers, weighted by coverage): no
// external dependency, and no aliasing when shrinking, which is the common case.
func squareResize(img image.Image, size int) *image.NRGBA {
	b := img.Bounds()
	side := min(b.Dx(), b.Dy())
	x0 := b.Min.X + (b.Dx()-side)/2
	y0 := b.Min.Y + (b.Dy()-side)/2
	dst := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := float64(side) / float64(size)
	for dy := 0; dy < size; dy++ {
		sy0, sy1 := float64(dy)*scale, float64(dy+1)*scale
		for dx := 0; dx < size; dx++ {
			sx0, sx1 := float64(dx)*scale, float64(dx+1)*scale
			var r, g, bl, a, wsum float64
			for sy := int(sy0); float64(sy) < sy1 && sy < side; sy++ {
				wy := min(sy1, float64(sy+1)) - max(sy0, float64(sy))
				for sx := int(sx0); float64(sx) < sx1 && sx < side; sx++ {
					wx := min(sx1, float64(sx+1)) - max(sx0, float64(sx))
					w := wx * wy
					c := color.NRGBA64Model.Convert(img.At(x0+sx, y0+sy)).(color.NRGBA64)
					// Average premultiplied so transparent pixels do not bleed their colour.
					al := float64(c.A)
					r += float64(c.R) * al * w
					g += float64(c.G) * al * w
					bl += float64(c.B) * al * w
					a += al * w
					wsum += w
				}
			}
			if wsum == 0 {
				continue
			}
			px := color.NRGBA{A: uint8(a / wsum / 257)}
			if a > 0 {
				px.R, px.G, px.B = uint8(r/a/257), uint8(g/a/257), uint8(bl/a/257)
			}
			dst.SetNRGBA(dx, dy, px)
		}
	}
	return dst
}

// validAvatarName accepts only names this package makes, so a path cannot escape the store.
func validAvatarName(n string) bool {
	if len(n) < 5 || len(n) > 64 || strings.Contains(n, "..") {
		return false
	}
	for _, c := range n {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return strings.HasSuffix(n, ".jpg") || strings.HasSuffix(n, ".png")
}
