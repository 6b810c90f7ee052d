package anchor

import (
	"net/http"
	"strconv"
	"strings"

	"courtside/api"
	"courtside/storage/postgres"
)

// handlers are the streamer centre's REST endpoints: they decode, ask auth who calls, call the
// Service and shape the answer (the table is in README.md). No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers every endpoint on srv (the table is in README.md); users says who sends a
// request (the accounts module), and Deps.Roles who is an administrator.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Admins: s.d.Roles}}
	user, admin := h.auth.RequireUser, h.auth.RequireAdmin
	if s.d.Staff != nil {
		admin = api.Auth{Users: users, Admins: s.d.Roles, Staff: s.d.Staff}.RequireStaff(PermReviewStreamers)
	}

	// Applying and the application's state.
	srv.Handle("GET /anchor/whether", user(h.whether))
	srv.Handle("GET /anchor/status", user(h.status))
	srv.Handle("POST /V2/anchor/user", user(h.apply))
	srv.Handle("POST /anchor/upload", user(h.upload))
	srv.HandleHTTP("GET "+strings.TrimPrefix(uploadPath, api.Prefix)+"{id}", http.HandlerFunc(h.serveUpload))

	// The streamer's own room.
	srv.Handle("GET /anchor/liveInfo", user(h.liveInfo))
	srv.Handle("POST /updateAnchor", user(h.updateAnchor))
	srv.Handle("POST /anchor/toggleMatchId", user(h.toggleMatch))
	srv.Handle("GET /anchor/broadcast", user(h.broadcast))
	srv.Handle("GET /anchor/downcast", user(h.downcast))
	srv.Handle("GET /anchor/isBroadcast", user(h.isBroadcast))
	srv.Handle("POST /anchor/streamKey", user(h.rotateKey))
	srv.Handle("GET /anchor/goldDetail", user(h.goldDetail))
	srv.Handle("GET /anchor/goldTotal", user(h.goldTotal))
	srv.Handle("GET /anchor/moderators", user(h.moderators))
	srv.Handle("GET /liveRecord", h.liveRecord) // the caller's own, or a match's (?matchId=, public)

	// The ingest tools (issue 17 "Around the room"; http_ingest.go). addIpWhite changes state on
	// GET: api/csrf.go lists it.
	srv.Handle("GET /getAnchorIP", user(h.anchorIP))
	srv.Handle("GET /addIpWhite", user(h.addIPWhite))
	srv.Handle("GET /anchor/liveLinkDetails", user(h.liveLinkDetails))
	srv.Handle("GET /anchor/streamableMatches", user(h.streamableMatches))

	// Public.
	srv.Handle("GET /anchor/anchorList", h.anchorList)
	srv.Handle("POST /anchorInfo", h.anchorInfo)
	srv.Handle("GET /live/playback", h.playback)
	srv.Handle("POST /orderpay/match/pay/liveUnlock", user(h.liveUnlock))

	// Finding streams (issue 17).
	srv.Handle("GET /live/rooms", h.liveRooms)
	srv.Handle("GET /live/room", h.liveRoom)
	srv.Handle("GET /getAnchorMatchLive", h.anchorMatchLive)
	srv.Handle("GET /user/isMatchLive/{matchId}/{gameId}", h.isMatchLive)

	// Reserved broadcasts (issue 17 "Reservations"; reservations.go).
	srv.Handle("POST /anchor/announce", user(h.announce))
	srv.Handle("POST /anchor/announce/withdraw", user(h.withdrawAnnouncement))
	srv.Handle("GET /anchor/announcement", h.announcement)
	srv.Handle("POST /anchor/reservation", user(h.reserve))
	srv.Handle("GET /anchor/cancelReservation", user(h.cancelReservation))
	srv.Handle("GET /anchor/reservations", user(h.reservations))

	// The back office (staff who review streamers; the back office's own pages call these).
	srv.Handle("GET /admin/anchor/applications", admin(h.adminList))
	srv.Handle("POST /admin/anchor/review", admin(h.adminReview))
	srv.Handle("POST /admin/anchor/ban", admin(h.adminBan))
}

// uploadPath is where a picture is served: uploadPath + its id.
const uploadPath = api.Prefix + "/anchor/upload/"

// uploadURL is the URL of picture id ("" for none).
func uploadURL(id int64) string {
	if id == 0 {
		return ""
	}
	return uploadPath + strconv.FormatInt(id, 10)
}

// Whether is the answer of /anchor/whether.
type Whether struct {
	IsAnchor bool   `json:"isAnchor"` // approved (a banned streamer is not)
	Status   string `json:"status"`   // none, review, approved, rejected, banned
	RoomID   string `json:"roomId,omitempty"`
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
		Intro: a.Intro, LiveContent: a.LiveContent, SubmittedAt: api.Millis(a.SubmittedAt), ReviewedAt: api.Millis(a.ReviewedAt), RoomID: a.RoomID}
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

// withURLs is settings with the URLs of its pictures.
func withURLs(st Settings) Settings {
	st.CoverURL = uploadURL(st.Cover)
	st.DetailPicURLs = nil
	for _, id := range st.DetailPics {
		st.DetailPicURLs = append(st.DetailPicURLs, uploadURL(id))
	}
	return st
}
