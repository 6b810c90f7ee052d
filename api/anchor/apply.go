package anchor

import (
	"bytes"
	"context"
	"errors"
	"image"
	_ "image/jpeg" // DecodeConfig of JPG uploads
	_ "image/png"  // DecodeConfig of PNG uploads
	"strings"
	"time"

	"courtside/storage/postgres"
)

// Application is caller uid's streamer application as it stands (found false: never applied).
func (s *Service) Application(ctx context.Context, uid int64) (a postgres.AnchorRow, found bool, err error) {
	a, err = s.d.Store.Anchor(ctx, uid)
	if errors.Is(err, postgres.ErrAnchorNotFound) {
		return a, false, nil
	}
	return a, err == nil, err
}

// Application is the body of POST /V2/anchor/user. The phone is not taken from the body: it is the
// one bound to the account (spec §3). BirthDate (YYYY-MM-DD) is needed only when IDNumber is not an
// 18-character resident identity number, from which the birth date is read.
type Application struct {
	RealName    string `json:"realName"`
	IDNumber    string `json:"idNumber"`
	BirthDate   string `json:"birthDate"`
	Intro       string `json:"intro"`
	LiveContent string `json:"liveContent"`
	IDFront     int64  `json:"idFront"` // upload ids (POST /anchor/upload)
	IDBack      int64  `json:"idBack"`
	IDHand      int64  `json:"idHand"`
}

// Apply submits uid's application for review (spec §5 checks it first). ErrUnderReview while one
// is under review, ErrState when the current status allows none (approved, banned).
func (s *Service) Apply(ctx context.Context, uid int64, in Application) error {
	row, err := s.validateApplication(ctx, uid, in)
	if err != nil {
		return err
	}
	switch err := s.d.Store.Submit(ctx, row, s.cfg.Now()); {
	case errors.Is(err, postgres.ErrAnchorState):
		if cur, e := s.d.Store.Anchor(ctx, uid); e == nil && cur.Status == postgres.AnchorReview {
			return ErrUnderReview
		}
		return ErrState
	case err != nil:
		return err
	}
	return nil
}

// validateApplication applies spec §5: name, ID number, bound phone, intro and the three ID photos
// are required, and the applicant must be MinAge or older.
func (s *Service) validateApplication(ctx context.Context, uid int64, in Application) (postgres.AnchorRow, error) {
	in.RealName, in.IDNumber = strings.TrimSpace(in.RealName), strings.TrimSpace(in.IDNumber)
	in.Intro, in.LiveContent = strings.TrimSpace(in.Intro), strings.TrimSpace(in.LiveContent)
	switch {
	case in.RealName == "" || tooLong(in.RealName, maxNameLen):
		return postgres.AnchorRow{}, appError("anchor.nameRequired")
	case in.IDNumber == "" || tooLong(in.IDNumber, 32):
		return postgres.AnchorRow{}, appError("anchor.idNumberRequired")
	case in.Intro == "" || tooLong(in.Intro, maxIntroLen):
		return postgres.AnchorRow{}, appError("anchor.introRequired")
	case tooLong(in.LiveContent, maxIntroLen):
		return postgres.AnchorRow{}, ErrBadInput
	case in.IDFront == 0 || in.IDBack == 0 || in.IDHand == 0:
		return postgres.AnchorRow{}, appError("anchor.photosRequired")
	}
	var birth time.Time
	if looksLikeResidentID(in.IDNumber) {
		b, ok := birthFromIDNumber(in.IDNumber)
		if !ok {
			return postgres.AnchorRow{}, appError("anchor.idNumberInvalid")
		}
		birth = b
	} else {
		b, err := time.Parse("2006-01-02", strings.TrimSpace(in.BirthDate))
		if err != nil {
			return postgres.AnchorRow{}, appError("anchor.birthDateRequired")
		}
		birth = b
	}
	now := s.cfg.Now()
	if birth.After(now) || age(birth, now) < s.cfg.MinAge {
		return postgres.AnchorRow{}, ErrUnderage
	}
	kinds, err := s.d.Store.UploadKinds(ctx, uid, []int64{in.IDFront, in.IDBack, in.IDHand})
	if err != nil {
		return postgres.AnchorRow{}, err
	}
	if kinds[in.IDFront] != "idFront" || kinds[in.IDBack] != "idBack" || kinds[in.IDHand] != "idHand" {
		return postgres.AnchorRow{}, appError("anchor.photosRequired")
	}
	phone := ""
	if s.d.Phones != nil {
		if phone, err = s.d.Phones.BoundPhone(ctx, uid); err != nil {
			return postgres.AnchorRow{}, err
		}
	}
	if phone == "" {
		return postgres.AnchorRow{}, ErrPhoneNotBound
	}
	return postgres.AnchorRow{UserID: uid, RealName: in.RealName, IDNumber: strings.ToUpper(in.IDNumber), Phone: phone,
		BirthDate: birth, Intro: in.Intro, LiveContent: in.LiveContent, IDFront: in.IDFront, IDBack: in.IDBack, IDHand: in.IDHand}, nil
}

// Upload kinds: the three ID photos of an application, a room cover, a detail picture.
var uploadKinds = map[string]bool{"idFront": true, "idBack": true, "idHand": true, "cover": true, "detail": true}

// publicKinds are the pictures anybody may see; ID photos reach only their owner and administrators.
var publicKinds = map[string]bool{"cover": true, "detail": true}

// maxPixels is what each kind of picture needs, checked from the header (pictures are stored as
// sent, but every viewer decodes them): an ID photo is a phone photo (24 MP covers a 6000×4000
// camera), a cover is shown at most 4K wide (3840×2160), a detail picture is a square of at most
// 2048 px.
var maxPixels = map[string]int{"idFront": 24_000_000, "idBack": 24_000_000, "idHand": 24_000_000,
	"cover": 3840 * 2160, "detail": 2048 * 2048}

// Picture is an uploaded picture.
type Picture struct {
	ID     int64
	Kind   string
	Width  int
	Height int
}

// SaveUpload stores one JPG or PNG picture of kind for uid, at most Config.MaxUploadBytes and
// maxPixels[kind] (read from the header), within the user's Config.UploadQuotaBytes. A detail
// picture must be square (spec §5: 1:1), checked here on upload.
func (s *Service) SaveUpload(ctx context.Context, uid int64, kind string, data []byte) (Picture, error) {
	if !uploadKinds[kind] {
		return Picture{}, ErrBadInput
	}
	if int64(len(data)) > s.cfg.MaxUploadBytes {
		return Picture{}, uploadError("anchor.imageInvalid")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "jpeg" && format != "png") || cfg.Width <= 0 || cfg.Height <= 0 {
		return Picture{}, uploadError("anchor.imageInvalid")
	}
	if cfg.Width > 16384 || cfg.Height > 16384 || cfg.Width*cfg.Height > maxPixels[kind] {
		return Picture{}, uploadError("security.imagePixels").WithArgs(max(1, maxPixels[kind]/1_000_000))
	}
	if kind == "detail" && cfg.Width != cfg.Height {
		return Picture{}, uploadError("anchor.pictureNotSquare")
	}
	id, err := s.d.Store.SaveUploadWithin(ctx, postgres.UploadRow{UserID: uid, Kind: kind, ContentType: "image/" + format,
		Width: cfg.Width, Height: cfg.Height, Data: data}, s.cfg.UploadQuotaBytes)
	if errors.Is(err, postgres.ErrUploadQuota) {
		return Picture{}, uploadError("security.uploadQuota").WithArgs(s.cfg.UploadQuotaBytes >> 20)
	}
	if err != nil {
		return Picture{}, err
	}
	return Picture{ID: id, Kind: kind, Width: cfg.Width, Height: cfg.Height}, nil
}

// PhotoGrant is how a request for a picture may show its right to an ID photo: the signature of a
// signed URL (SignedUploadURL) and its expiry, both zero without one.
type PhotoGrant struct {
	Expires int64
	Sig     string
}

// ViewUpload returns picture id for viewing. Covers and detail pictures are public; ID photos reach
// their owner, staff who review applications (a valid signed URL from the back office, or the
// permission itself) and administrators, so viewer (the caller's user id, 0 for a guest) is asked for
// only then: ErrLoginRequired for a guest, ErrAccessDenied for anybody else. ErrUploadNotFound for
// an unknown id.
func (s *Service) ViewUpload(ctx context.Context, id int64, grant PhotoGrant, viewer func() int64) (postgres.UploadRow, error) {
	u, err := s.d.Store.Upload(ctx, id)
	if errors.Is(err, postgres.ErrUploadNotFound) {
		return u, ErrUploadNotFound
	}
	if err != nil || publicKinds[u.Kind] {
		return u, err
	}
	if s.validPhotoSignature(id, grant.Expires, grant.Sig) {
		return u, nil
	}
	who := viewer()
	if who == 0 {
		return postgres.UploadRow{}, ErrLoginRequired
	}
	if who != u.UserID && !s.reviews(ctx, who) {
		return postgres.UploadRow{}, ErrAccessDenied
	}
	return u, nil
}

// reviews reports whether uid may open streamer applications: staff with the permission, or an
// administrator.
func (s *Service) reviews(ctx context.Context, uid int64) bool {
	if s.d.Staff != nil {
		if ok, err := s.d.Staff.Can(ctx, uid, PermReviewStreamers); err == nil && ok {
			return true
		}
	}
	ok, err := s.isAdmin(ctx, uid)
	return err == nil && ok
}
