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
	"io"
	"net/http"
	"strings"

	"go.uber.org/zap"

	"courtside/api"
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

// maxAvatarPixels refuses decompression bombs: a 3 MB PNG can claim a gigapixel.
const maxAvatarPixels = 40_000_000

// POST /user/uploadAvatar (multipart/form-data, one file part, any field name): JPG or PNG by
// content, at most Config.AvatarMaxBytes; cropped to a centred square, resized to AvatarSize and
// re-encoded (PNG stays PNG, JPEG becomes a clean JPEG: no metadata, no EXIF location).
func (s *Service) handleAvatar(r *api.Request) (any, error) {
	u, _ := UserFrom(r)
	data, err := s.readAvatarPart(r)
	if err != nil {
		return nil, err
	}
	kind := http.DetectContentType(data)
	if kind != "image/jpeg" && kind != "image/png" {
		return nil, ErrAvatarFormat
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxAvatarPixels {
		return nil, ErrAvatarFormat
	}
	var img image.Image
	if kind == "image/png" {
		img, err = png.Decode(bytes.NewReader(data))
	} else {
		img, err = jpeg.Decode(bytes.NewReader(data))
	}
	if err != nil {
		return nil, ErrAvatarFormat
	}
	out := squareResize(img, s.cfg.AvatarSize)
	var buf bytes.Buffer
	ext := ".jpg"
	if kind == "image/png" {
		ext = ".png"
		err = png.Encode(&buf, out)
	} else {
		err = jpeg.Encode(&buf, out, &jpeg.Options{Quality: 88})
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	name := u.UID() + "-" + hex.EncodeToString(rnd[:]) + ext
	ctx := r.Context()
	if err := s.avatars.Put(ctx, name, buf.Bytes()); err != nil {
		return nil, api.Internal(err)
	}
	old, err := s.store.SetAvatar(ctx, u.ID, avatarPath+name)
	if err != nil {
		_ = s.avatars.Delete(ctx, name)
		return nil, api.Internal(err)
	}
	if oldName, ok := strings.CutPrefix(old, avatarPath); ok && validAvatarName(oldName) {
		if err := s.avatars.Delete(ctx, oldName); err != nil {
			s.log.Warn("account: deleting old avatar", zap.String("name", oldName), zap.Error(err))
		}
	}
	return map[string]any{"avatar": avatarPath + name}, nil
}

// readAvatarPart returns the first file part of a multipart body, refusing more than the limit.
func (s *Service) readAvatarPart(r *api.Request) ([]byte, error) {
	mr, err := r.HTTP.MultipartReader()
	if err != nil {
		return nil, ErrAvatarFormat
	}
	for {
		p, err := mr.NextPart()
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				return nil, ErrAvatarTooLarge
			}
			return nil, ErrAvatarFormat
		}
		if p.FileName() == "" {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(p, s.cfg.AvatarMaxBytes+1))
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				return nil, ErrAvatarTooLarge
			}
			return nil, ErrAvatarFormat
		}
		if int64(len(data)) > s.cfg.AvatarMaxBytes {
			return nil, ErrAvatarTooLarge
		}
		return data, nil
	}
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

// serveAvatar serves GET /java/user/avatar/{name}. Names are random per upload, so the answer
// never changes: cached for a year.
func (s *Service) serveAvatar(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !validAvatarName(name) {
		http.NotFound(w, r)
		return
	}
	data, err := s.avatars.Get(r.Context(), name)
	if err != nil {
		if !errors.Is(err, ErrAvatarNotFound) {
			s.log.Error("account: reading avatar", zap.String("name", name), zap.Error(err))
		}
		http.NotFound(w, r)
		return
	}
	ct := "image/jpeg"
	if strings.HasSuffix(name, ".png") {
		ct = "image/png"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(data)
}
