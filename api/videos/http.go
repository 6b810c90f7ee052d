package videos

import (
	"net/http"
	"strconv"
	"strings"

	"courtside/actors/match/feed"
	"courtside/api"
	"courtside/storage/postgres"
)

// handlers are the videos' REST endpoints (README.md has the table): decode, call the Service,
// shape the answer. No rule lives here.
type handlers struct {
	svc  *Service
	auth api.Auth
}

// Routes registers every endpoint on srv; users says who sends a request (the accounts module),
// Deps.Staff what a staff member may do.
func (s *Service) Routes(srv *api.Server, users api.Authenticator) {
	h := &handlers{svc: s, auth: api.Auth{Users: users, Admins: s.d.Admins, Staff: s.d.Staff}}
	user := h.auth.RequireUser
	staff := h.auth.RequireStaff(PermEdit)

	// Public (spec §7 "Matches, news, video").
	srv.Handle("GET /hot/video/{pageIndex}", h.hot)
	srv.HandleGame("GET /{game}/video{id}", h.detail)
	srv.Handle("GET /videos/list", h.list)
	srv.Handle("GET /videos/detail/{id}", h.detailAnyGame)
	h.replayRoutes(srv) // http_replay.go
	srv.HandleHTTP("GET "+strings.TrimPrefix(filesPath, api.Prefix)+"{id}/{file...}", http.HandlerFunc(h.serveFile))

	// Streamers: their own recordings (the streamer centre's live records page).
	srv.Handle("POST /videos/recording/state", user(h.recordingState))

	// Staff (editContent): uploads and their progress, edits, hiding and deleting.
	srv.Handle("GET /admin/videos", staff(h.staffList))
	srv.Handle("GET /admin/videos/{id}", staff(h.staffOne))
	srv.Handle("POST /admin/videos/upload", staff(h.startUpload))
	srv.Handle("POST /admin/videos/{id}/chunk", staff(h.chunk))
	srv.Handle("POST /admin/videos/{id}/complete", staff(h.complete))
	srv.Handle("POST /admin/videos/{id}", staff(h.edit))
	srv.Handle("POST /admin/videos/{id}/state", staff(h.setState))
}

// filesPath is where a video's files are served: filesPath + id + "/" + file.
const filesPath = api.Prefix + "/videos/files/"

// View is a video as the site shows it.
type View struct {
	ID          int64    `json:"id"`
	Kind        string   `json:"kind"`
	Title       string   `json:"title"`
	GameID      int      `json:"gameId"`
	Game        string   `json:"game"` // the catalogue abbreviation, for the page URL
	MatchID     string   `json:"matchId,omitempty"`
	RoomID      string   `json:"roomId,omitempty"`
	State       string   `json:"state"`
	DurationSec float64  `json:"durationSec"`
	Renditions  []string `json:"renditions"`
	Poster      string   `json:"poster,omitempty"`
	Playlist    string   `json:"playlist,omitempty"` // the HLS master playlist of a ready video
	Views       int64    `json:"views"`
	CreatedAt   int64    `json:"createdAt"`
}

// ViewOf shapes v (exported for the streamer centre's /liveRecord).
func ViewOf(v postgres.Video) View {
	out := View{ID: v.ID, Kind: v.Kind, Title: v.Title, GameID: v.GameID, MatchID: v.MatchID, RoomID: v.RoomID, State: v.State,
		DurationSec: float64(v.Duration.Milliseconds()) / 1000, Renditions: v.Renditions, Views: v.Views, CreatedAt: api.Millis(v.CreatedAt)}
	if g, ok := feed.GameByID(v.GameID); ok {
		out.Game = g.Abbr
	}
	if out.Renditions == nil {
		out.Renditions = []string{}
	}
	base := filesPath + strconv.FormatInt(v.ID, 10) + "/"
	if v.HasPoster {
		out.Poster = base + "poster.jpg"
	}
	if v.State == postgres.VideoReady || v.State == postgres.VideoHidden {
		out.Playlist = base + "master.m3u8"
	}
	return out
}

func views(rows []postgres.Video) []View {
	out := make([]View, len(rows))
	for i, v := range rows {
		out[i] = ViewOf(v)
	}
	return out
}

// findGame reads a game segment: a catalogue id, abbreviation or name.

// hot: GET /hot/video/{pageIndex}?kind=&pageSize= — the most watched ready videos.
func (h *handlers) hot(r *api.Request) (any, error) {
	idx, err := strconv.Atoi(r.PathValue("pageIndex"))
	if err != nil || idx < 1 {
		return nil, api.ErrFormat
	}
	size, err := r.IntQuery("pageSize", 12)
	if err != nil {
		return nil, err
	}
	p := api.NewPage(int64(idx), int64(size))
	rows, total, err := h.svc.Hot(r.Context(), r.Query("kind"), p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	return p.List(views(h.svc.LocalTitles(r.Context(), r.Lang, rows)), total), nil
}

// list: GET /videos/list?game=&kind=&matchId=&pageIndex=&pageSize= — ready videos, newest first.
func (h *handlers) list(r *api.Request) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	game := -1
	if g := r.Query("game"); g != "" {
		fg, ok := feed.FindGame(g)
		if !ok {
			return nil, ErrNotFound
		}
		game = fg.ID
	}
	rows, total, err := h.svc.List(r.Context(), Query{GameID: game, Kind: r.Query("kind"), MatchID: r.Query("matchId"), Limit: p.Size, Offset: p.Offset()})
	if err != nil {
		return nil, err
	}
	return p.List(views(h.svc.LocalTitles(r.Context(), r.Lang, rows)), total), nil
}

// detail: GET /{game}/video{id} — one ready video of that game; counts a view.
func (h *handlers) detail(r *api.Request) (any, error) {
	g, ok := feed.FindGame(r.PathValue("game"))
	if !ok {
		return nil, ErrNotFound
	}
	return h.watch(r, g.ID)
}

// detailAnyGame: GET /videos/detail/{id} — the page /videos/{id} without a game.
func (h *handlers) detailAnyGame(r *api.Request) (any, error) { return h.watch(r, -1) }

func (h *handlers) watch(r *api.Request, game int) (any, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, ErrNotFound
	}
	v, err := h.svc.Watch(r.Context(), id, game)
	if err != nil {
		return nil, err
	}
	related, _, err := h.svc.List(r.Context(), Query{GameID: v.GameID, Limit: 9})
	if err != nil {
		return nil, err
	}
	related = h.svc.LocalTitles(r.Context(), r.Lang, append(related, v))
	v, related = related[len(related)-1], related[:len(related)-1]
	rel := make([]View, 0, len(related))
	for _, x := range related {
		if x.ID != v.ID && len(rel) < 8 {
			rel = append(rel, ViewOf(x))
		}
	}
	return map[string]any{"video": ViewOf(v), "related": rel}, nil
}

// recordingState: POST /videos/recording/state {id, state: hidden|ready|deleted} — a streamer's own
// recording.
func (h *handlers) recordingState(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID    int64  `json:"id"`
		State string `json:"state"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	v, err := h.svc.SetRecordingState(r.Context(), uid, in.ID, in.State)
	if err != nil {
		return nil, err
	}
	return ViewOf(v), nil
}

// serveFile serves a ready video's playlists, segments and poster with their content types and
// range support (GET /videos/files/{id}/{file...}).
func (h *handlers) serveFile(w http.ResponseWriter, hr *http.Request) {
	id, err := strconv.ParseInt(hr.PathValue("id"), 10, 64)
	if err != nil {
		api.WriteError(w, hr, ErrNotFound)
		return
	}
	if _, err := h.svc.Public(hr.Context(), id); err != nil {
		api.WriteError(w, hr, err)
		return
	}
	f, ok := h.svc.OpenFile(hr.Context(), id, hr.PathValue("file"))
	if !ok {
		api.WriteError(w, hr, ErrNotFound)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", contentType(hr.PathValue("file")))
	if strings.HasSuffix(hr.PathValue("file"), ".m3u8") {
		w.Header().Set("Cache-Control", "public, max-age=60")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=86400")
	}
	http.ServeContent(w, hr, "", f.ModTime(), f)
}
