package anchor

import (
	"bytes"
	"errors"
	"image"
	_ "image/jpeg" // DecodeConfig of JPG uploads
	_ "image/png"  // DecodeConfig of PNG uploads
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/api"
	"courtside/storage/postgres"
)

// Whether is the answer of /anchor/whether.
type Whether struct {
	IsAnchor bool   `json:"isAnchor"` // approved (a banned streamer is not)
	Status   string `json:"status"`   // none, review, approved, rejected, banned
	RoomID   string `json:"roomId,omitempty"`
}

func (s *Service) whether(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	a, err := s.d.Store.Anchor(r.Context(), uid)
	if errors.Is(err, postgres.ErrAnchorNotFound) {
		return Whether{Status: "none"}, nil
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	return Whether{IsAnchor: a.Status == postgres.AnchorApproved, Status: a.Status, RoomID: a.RoomID}, nil
}

// Status is the caller's application as /anchor/status shows it; the identity number and phone are
// masked.
type Status struct {
	Status      string `json:"status"`
	Reason      string `json:"reason"`
	RealName    string `json:"realName"`
	IDNumber    string `json:"idNumber"`
	Phone       string `json:"phone"`
	Intro       string `json:"intro"`
	LiveContent string `json:"liveContent"`
	SubmittedAt int64  `json:"submittedAt"`
	ReviewedAt  int64  `json:"reviewedAt"`
	RoomID      string `json:"roomId"`
}

func statusOf(a postgres.AnchorRow, masked bool) Status {
	st := Status{Status: a.Status, Reason: a.Reason, RealName: a.RealName, IDNumber: a.IDNumber, Phone: a.Phone,
		Intro: a.Intro, LiveContent: a.LiveContent, SubmittedAt: ms(a.SubmittedAt), ReviewedAt: ms(a.ReviewedAt), RoomID: a.RoomID}
	if masked {
		st.IDNumber, st.Phone = mask(a.IDNumber, 3, 4), mask(a.Phone, 3, 4)
	}
	return st
}

// mask keeps the first head and last tail characters.
func mask(s string, head, tail int) string {
	if len(s) <= head+tail {
		return strings.Repeat("*", len(s))
	}
	return s[:head] + strings.Repeat("*", len(s)-head-tail) + s[len(s)-tail:]
}

func (s *Service) status(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	a, err := s.d.Store.Anchor(r.Context(), uid)
	if errors.Is(err, postgres.ErrAnchorNotFound) {
		return Status{Status: "none"}, nil
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	return statusOf(a, true), nil
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

func (s *Service) apply(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	var in Application
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	row, err := s.validateApplication(r, uid, in)
	if err != nil {
		return nil, err
	}
	switch err := s.d.Store.Submit(r.Context(), row, s.cfg.Now()); {
	case errors.Is(err, postgres.ErrAnchorState):
		if cur, e := s.d.Store.Anchor(r.Context(), uid); e == nil && cur.Status == postgres.AnchorReview {
			return nil, ErrUnderReview
		}
		return nil, ErrState
	case err != nil:
		return nil, api.Internal(err)
	}
	return Whether{Status: postgres.AnchorReview}, nil
}

// validateApplication applies spec §5: name, ID number, bound phone, intro and the three ID photos
// are required, and the applicant must be MinAge or older.
func (s *Service) validateApplication(r *api.Request, uid int64, in Application) (postgres.AnchorRow, error) {
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
		return postgres.AnchorRow{}, api.ErrFormat
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
	kinds, err := s.d.Store.UploadKinds(r.Context(), uid, []int64{in.IDFront, in.IDBack, in.IDHand})
	if err != nil {
		return postgres.AnchorRow{}, api.Internal(err)
	}
	if kinds[in.IDFront] != "idFront" || kinds[in.IDBack] != "idBack" || kinds[in.IDHand] != "idHand" {
		return postgres.AnchorRow{}, appError("anchor.photosRequired")
	}
	phone := ""
	if s.d.Phones != nil {
		if phone, err = s.d.Phones.BoundPhone(r.Context(), uid); err != nil {
			return postgres.AnchorRow{}, api.Internal(err)
		}
	}
	if phone == "" {
		return postgres.AnchorRow{}, ErrPhoneNotBound
	}
	return postgres.AnchorRow{UserID: uid, RealName: in.RealName, IDNumber: strings.ToUpper(in.IDNumber), Phone: phone,
		BirthDate: birth, Intro: in.Intro, LiveContent: in.LiveContent, IDFront: in.IDFront, IDBack: in.IDBack, IDHand: in.IDHand}, nil
}

// Upload is the answer of POST /anchor/upload.
type Upload struct {
	ID     int64  `json:"id"`
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

var uploadKinds = map[string]bool{"idFront": true, "idBack": true, "idHand": true, "cover": true, "detail": true}

// upload takes one JPG or PNG picture (multipart field "file", query or form field "kind"). A detail
// picture must be square (spec §5: 1:1), checked here on upload.
func (s *Service) upload(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	kind := r.Query("kind")
	hr := r.HTTP
	hr.Body = http.MaxBytesReader(nil, hr.Body, s.cfg.MaxUploadBytes+64<<10)
	if err := hr.ParseMultipartForm(s.cfg.MaxUploadBytes + 64<<10); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, uploadError("anchor.imageInvalid")
		}
		return nil, api.ErrFormat.Wrap(err)
	}
	defer hr.MultipartForm.RemoveAll() //nolint:errcheck
	if kind == "" {
		kind = hr.FormValue("kind")
	}
	if !uploadKinds[kind] {
		return nil, api.ErrFormat
	}
	f, fh, err := hr.FormFile("file")
	if err != nil {
		return nil, api.ErrFormat.Wrap(err)
	}
	defer f.Close()
	data, err := readUpload(f, fh, s.cfg.MaxUploadBytes)
	if err != nil {
		return nil, err
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "jpeg" && format != "png") || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, uploadError("anchor.imageInvalid")
	}
	if kind == "detail" && cfg.Width != cfg.Height {
		return nil, uploadError("anchor.pictureNotSquare")
	}
	id, err := s.d.Store.SaveUpload(r.Context(), postgres.UploadRow{UserID: uid, Kind: kind, ContentType: "image/" + format,
		Width: cfg.Width, Height: cfg.Height, Data: data})
	if err != nil {
		return nil, api.Internal(err)
	}
	return Upload{ID: id, URL: uploadURL(id), Width: cfg.Width, Height: cfg.Height}, nil
}

func readUpload(f multipart.File, fh *multipart.FileHeader, limit int64) ([]byte, error) {
	if fh.Size > limit {
		return nil, uploadError("anchor.imageInvalid")
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, api.ErrFormat.Wrap(err)
	}
	if int64(len(data)) > limit {
		return nil, uploadError("anchor.imageInvalid")
	}
	return data, nil
}

// serveUpload serves a picture (GET /anchor/upload/{id}, the image itself, not an envelope). Covers
// and detail pictures are public; ID photos only to their owner and administrators.
func (s *Service) serveUpload(w http.ResponseWriter, hr *http.Request) {
	id, err := strconv.ParseInt(hr.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	u, err := s.d.Store.Upload(hr.Context(), id)
	if errors.Is(err, postgres.ErrUploadNotFound) {
		http.NotFound(w, hr)
		return
	}
	if err != nil {
		s.log.Error("anchor: upload", zap.Error(err))
		http.Error(w, "server error", http.StatusInternalServerError)
		return
	}
	if u.Kind != "cover" && u.Kind != "detail" {
		m, _ := api.MetaFrom(hr.Context())
		who, err := s.user(&api.Request{Meta: m, HTTP: hr, Log: s.log})
		if err != nil {
			http.Error(w, "sign in", http.StatusUnauthorized)
			return
		}
		if who != u.UserID {
			if ok, err := s.isAdmin(hr.Context(), who); err != nil || !ok {
				http.Error(w, "access denied", http.StatusForbidden)
				return
			}
		}
		w.Header().Set("Cache-Control", "private, no-store")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=86400")
	}
	w.Header().Set("Content-Type", u.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(u.Data)))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(u.Data)
}
