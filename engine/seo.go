package engine

import (
	"context"
	"errors"
	"strconv"
	"time"

	"courtside/actors/match/feed"
	"courtside/api"
	"courtside/api/anchor"
	"courtside/api/matches"
	"courtside/api/news"
	"courtside/api/seo"
	"courtside/api/videos"
	"courtside/storage/postgres"
)

// buildSEO tells the site what each entity page is about, for the head of its first HTML
// (api.Server.PageHead, package seo), and lists the pages of each sitemap section
// (api.Server.SitemapSection). It reads through the areas' services and stores; a made-up id
// answers 404 as the areas' PageLookups do. Call it after the areas are built.
func (w *wiring) buildSEO() {
	h := seoLookups{sports: w.sports, matches: w.matchAPI, anchors: w.anchor, news: w.newsSvc, videos: w.videoComments.svc, rooms: w.rooms}
	w.api.PageHead("match", h.match)
	w.api.PageHead("liveRoom", h.liveRoom)
	w.api.PageHead("anchor", h.streamer)
	// The streamer list's first screen of cards in its first HTML (issue 19: the first cover is the
	// page's largest paint), read as the list's REST call reads it.
	w.api.PageShellData("anchorIndex", h.streamerCards)
	w.api.PageShellData("anchorList", h.streamerCards)
	// The match page's answer in its first HTML: its first render draws the head and the overview
	// (the page's largest paint, a key-event line, waited for this call).
	w.api.PageShellData("match", h.matchDetail)
	// A library page's tabs (/squadLibrary/{id}/config, ...) are about the same entity.
	for _, tab := range []string{"", "Tab"} {
		w.api.PageHead("league"+tab, h.league)
		w.api.PageHead("team"+tab, h.team)
		w.api.PageHead("player"+tab, h.player)
	}
	if h.news != nil {
		w.api.PageHead("news", h.article)
		w.api.PageHead("newsArticle", h.article)
	}
	if h.videos != nil {
		w.api.PageHead("video", h.video)
		w.api.PageHead("videoNoGame", h.video)
	}
	w.api.SitemapSection("matches", h.matchURLs)
	w.api.SitemapSection("leagues", h.leagueURLs)
	w.api.SitemapSection("teams", h.teamURLs)
	w.api.SitemapSection("players", h.playerURLs)
	w.api.SitemapSection("streamers", h.streamerURLs)
	if h.news != nil {
		w.api.SitemapSection("news", h.newsURLs)
	}
	if h.videos != nil {
		w.api.SitemapSection("videos", h.videoURLs)
	}
}

type seoLookups struct {
	sports  *postgres.SportsStore
	matches *matches.Service
	anchors *anchor.Service
	news    *news.Service
	videos  *videos.Service
	rooms   *postgres.RoomStore
}

// sitemapCap bounds one section's list (four sitemap files), so a huge table cannot fill the
// node's memory; the newest pages come first where the order allows.
const sitemapCap = 4 * seo.MaxURLsPerFile

// sitemapWindow is which matches the sitemap lists: the last season's and the coming month's.
const (
	sitemapPast   = 365 * 24 * time.Hour
	sitemapFuture = 31 * 24 * time.Hour
)

func (h seoLookups) match(ctx context.Context, p map[string]string) (seo.Entity, bool, error) {
	row, err := h.sports.Match(ctx, p["id"])
	if errors.Is(err, postgres.ErrMatchNotFound) {
		return seo.Entity{}, false, nil
	}
	if err != nil {
		return seo.Entity{}, false, err
	}
	if g, ok := news.GameOf(p["game"]); !ok || g.ID != row.Game {
		return seo.Entity{}, false, nil
	}
	return seo.Entity{
		Name: row.HomeName + " vs " + row.AwayName, Game: news.Slug(row.Game), Image: row.HomeLogo, Published: row.Start,
		Match: &seo.Match{Home: row.HomeName, Away: row.AwayName, HomeImage: row.HomeLogo, AwayImage: row.AwayLogo,
			League: row.LeagueName, Venue: row.Venue, Start: row.Start, Status: matchStatus(row.Live.Status)},
	}, true, nil
}

func matchStatus(s feed.Status) seo.EventStatus {
	switch s {
	case feed.StatusNotStarted, feed.StatusAnnounced:
		return seo.StatusScheduled
	case feed.StatusFinished:
		return seo.StatusFinished
	case feed.StatusPostponed:
		return seo.StatusPostponed
	case feed.StatusCancelled:
		return seo.StatusCancelled
	}
	return seo.StatusLive
}

// liveRoom is a streamer's room, or else one of the site's own rooms (the demo rooms) by its
// title.
func (h seoLookups) liveRoom(ctx context.Context, p map[string]string) (seo.Entity, bool, error) {
	c, err := h.anchors.Room(ctx, p["id"])
	switch {
	case err == nil:
		e := seo.Entity{Name: c.Title, Published: c.LiveSince,
			Live: &seo.Live{Streamer: c.Username, OnAir: c.Live, Since: c.LiveSince}}
		if c.Cover != 0 {
			e.Image = api.Prefix + "/anchor/upload/" + strconv.FormatInt(c.Cover, 10)
		}
		if g, ok := feed.GameByID(c.GameID); ok && c.GameID > 0 {
			e.Game = news.Slug(g.ID)
		}
		if e.Live.Streamer == "" {
			e.Live.Streamer = seo.SiteName
		}
		return e, true, nil
	case errors.Is(err, anchor.ErrBadInput):
		return seo.Entity{}, false, nil
	case !errors.Is(err, anchor.ErrRoomNotFound):
		return seo.Entity{}, false, err
	}
	row, found, err := h.rooms.LoadRoom(ctx, p["id"], time.Now())
	if err != nil || !found {
		return seo.Entity{}, false, err
	}
	return seo.Entity{Name: row.Title, Live: &seo.Live{Streamer: seo.SiteName, OnAir: row.Open}}, true, nil
}

// matchDetail is the match page's answer as its REST call (GET /{game}/{id}) gives it to a guest,
// under the page's resource key (MatchDetail.tsx: "<game>/<id>", the path's own segments).
func (h seoLookups) matchDetail(ctx context.Context, p map[string]string) (api.ShellData, error) {
	d, err := h.matches.Detail(ctx, p["game"], p["id"], "", 0)
	if err != nil {
		return api.ShellData{}, err
	}
	return api.ShellData{Key: p["game"] + "/" + p["id"], Value: d, GuestView: true}, nil
}

// streamerCards is the first screen of the streamer list (/anchor, /anchor/anchorList) as
// GET /anchor/anchorList answers it, under the resource key of pages/Anchor/AnchorList.tsx
// ("anchors:all": the "live now only" switch is off on arrival).
func (h seoLookups) streamerCards(ctx context.Context, _ map[string]string) (api.ShellData, error) {
	list, err := h.anchors.ListEntries(ctx, false, api.ShellCards, 0)
	if err != nil {
		return api.ShellData{}, err
	}
	cards := make([]api.StreamerCard, len(list))
	for i, a := range list {
		cards[i] = api.StreamerCard{AnchorID: a.AnchorID, Name: a.Name, Title: a.Title, CoverURL: a.CoverURL, Avatar: a.Avatar,
			CustomTag: a.CustomTag, Live: a.Live, Viewers: a.Viewers, Followers: a.Followers}
	}
	return api.ShellData{Key: "anchors:all", Value: list, Streamers: cards}, nil
}

// streamer is /anchor/:id, id the streamer's user id.
func (h seoLookups) streamer(ctx context.Context, p map[string]string) (seo.Entity, bool, error) {
	id, err := strconv.ParseInt(p["id"], 10, 64)
	if err != nil || id <= 0 {
		return seo.Entity{}, false, nil
	}
	st, err := h.anchors.StreamerPage(ctx, "", id)
	if errors.Is(err, anchor.ErrRoomNotFound) || errors.Is(err, anchor.ErrBadInput) {
		return seo.Entity{}, false, nil
	}
	if err != nil {
		return seo.Entity{}, false, err
	}
	c, err := h.anchors.Room(ctx, st.Anchor.RoomID)
	if err != nil {
		return seo.Entity{}, false, err
	}
	// The streamer's public name: the real name on the application is private.
	e := seo.Entity{Name: c.Username, Image: c.Avatar}
	if e.Name == "" {
		e.Name = c.Title
	}
	return e, true, nil
}

func (h seoLookups) league(ctx context.Context, p map[string]string) (seo.Entity, bool, error) {
	row, err := h.sports.League(ctx, p["id"])
	if errors.Is(err, postgres.ErrNotFound) {
		return seo.Entity{}, false, nil
	}
	if err != nil {
		return seo.Entity{}, false, err
	}
	return seo.Entity{Name: row.League.Name, Image: row.League.Logo, Game: news.Slug(row.League.Game)}, true, nil
}

func (h seoLookups) team(ctx context.Context, p map[string]string) (seo.Entity, bool, error) {
	t, _, err := h.sports.Team(ctx, p["id"])
	if errors.Is(err, postgres.ErrNotFound) {
		return seo.Entity{}, false, nil
	}
	if err != nil {
		return seo.Entity{}, false, err
	}
	return seo.Entity{Name: t.Name, Image: t.Logo, Game: news.Slug(t.Game)}, true, nil
}

func (h seoLookups) player(ctx context.Context, p map[string]string) (seo.Entity, bool, error) {
	pl, err := h.sports.Player(ctx, p["id"])
	if errors.Is(err, postgres.ErrNotFound) {
		return seo.Entity{}, false, nil
	}
	if err != nil {
		return seo.Entity{}, false, err
	}
	return seo.Entity{Name: pl.Name, Image: pl.Photo, Game: news.Slug(pl.Game)}, true, nil
}

// article is /news/:id and /news/:game/:id; the page's existence is the news area's rule
// (PageExists), the text is the stored article's.
func (h seoLookups) article(ctx context.Context, p map[string]string) (seo.Entity, bool, error) {
	ok, err := h.news.PageExists(ctx, p)
	if err != nil || !ok {
		return seo.Entity{}, false, err
	}
	id, _ := strconv.ParseInt(p["id"], 10, 64)
	a, err := h.news.Store().Article(ctx, id)
	if err != nil {
		return seo.Entity{}, false, err
	}
	return seo.Entity{Name: a.Title, Description: a.Summary, Image: news.CoverOf(a), Game: news.Slug(a.Game),
		Published: a.PublishAt, Modified: a.Updated, Author: a.AuthorName}, true, nil
}

// video is /videos/:game/:id and /videos/:id.
func (h seoLookups) video(ctx context.Context, p map[string]string) (seo.Entity, bool, error) {
	ok, err := h.videos.Exists(ctx, p["game"], p["id"])
	if err != nil || !ok {
		return seo.Entity{}, false, err
	}
	id, _ := strconv.ParseInt(p["id"], 10, 64)
	v, err := h.videos.Public(ctx, id)
	if err != nil {
		return seo.Entity{}, false, err
	}
	view := videos.ViewOf(v)
	return seo.Entity{Name: v.Title, Image: view.Poster, Game: news.Slug(v.GameID), Published: v.ReadyAt,
		Video: &seo.Video{Duration: v.Duration}}, true, nil
}

func (h seoLookups) matchURLs(ctx context.Context) ([]seo.URL, error) {
	now := time.Now()
	rows, err := h.sports.MatchesBetween(ctx, now.Add(-sitemapPast), now.Add(sitemapFuture))
	if err != nil {
		return nil, err
	}
	out := make([]seo.URL, 0, min(len(rows), sitemapCap))
	for i := len(rows) - 1; i >= 0 && len(out) < sitemapCap; i-- { // the newest first
		out = append(out, seo.URL{Path: "/" + news.Slug(rows[i].Game) + "/" + rows[i].ID})
	}
	return out, nil
}

func (h seoLookups) leagueURLs(ctx context.Context) ([]seo.URL, error) {
	rows, err := h.sports.Leagues(ctx, -1)
	if err != nil {
		return nil, err
	}
	out := make([]seo.URL, 0, len(rows))
	for _, l := range rows[:min(len(rows), sitemapCap)] {
		out = append(out, seo.URL{Path: "/leagueLibrary/" + l.ID})
	}
	return out, nil
}

// pages reads a listing page by page until it runs dry or the cap is reached.
func pages[T any](ctx context.Context, list func(ctx context.Context, limit, offset int) ([]T, error), url func(T) seo.URL) ([]seo.URL, error) {
	const page = 1000
	var out []seo.URL
	for offset := 0; len(out) < sitemapCap; offset += page {
		rows, err := list(ctx, page, offset)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out = append(out, url(r))
		}
		if len(rows) < page {
			break
		}
	}
	return out[:min(len(out), sitemapCap)], nil
}

func (h seoLookups) teamURLs(ctx context.Context) ([]seo.URL, error) {
	return pages(ctx, func(ctx context.Context, limit, offset int) ([]feed.Team, error) {
		return h.sports.Teams(ctx, -1, limit, offset)
	},
		func(t feed.Team) seo.URL { return seo.URL{Path: "/squadLibrary/" + t.ID} })
}

func (h seoLookups) playerURLs(ctx context.Context) ([]seo.URL, error) {
	return pages(ctx, func(ctx context.Context, limit, offset int) ([]feed.Player, error) {
		return h.sports.Players(ctx, -1, limit, offset)
	}, func(p feed.Player) seo.URL { return seo.URL{Path: "/playerLibrary/" + p.ID} })
}

func (h seoLookups) streamerURLs(ctx context.Context) ([]seo.URL, error) {
	return pages(ctx, func(ctx context.Context, limit, offset int) ([]anchor.Listed, error) {
		return h.anchors.List(ctx, false, limit, offset)
	}, func(a anchor.Listed) seo.URL { return seo.URL{Path: "/anchor/" + strconv.FormatInt(a.UserID, 10)} })
}

func (h seoLookups) newsURLs(ctx context.Context) ([]seo.URL, error) {
	return pages(ctx, func(ctx context.Context, limit, offset int) ([]news.View, error) {
		rows, _, err := h.news.List(ctx, news.ListQuery{Limit: limit, Offset: offset})
		return rows, err
	}, func(v news.View) seo.URL { return seo.URL{Path: v.Link, LastMod: time.UnixMilli(v.Updated)} })
}

func (h seoLookups) videoURLs(ctx context.Context) ([]seo.URL, error) {
	return pages(ctx, func(ctx context.Context, limit, offset int) ([]postgres.Video, error) {
		rows, _, err := h.videos.List(ctx, videos.Query{GameID: -1, Limit: limit, Offset: offset})
		return rows, err
	}, func(v postgres.Video) seo.URL {
		return seo.URL{Path: "/videos/" + news.Slug(v.GameID) + "/" + strconv.FormatInt(v.ID, 10), LastMod: v.ReadyAt}
	})
}
