package engine

import (
	"context"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/api/news"
	"courtside/api/periodic"
	"courtside/api/search"
	"courtside/api/videos"
	"courtside/storage/postgres"
)

// The news and video areas feed the site search: each change they commit reaches the index
// through their hooks (newsIndex, videoIndex), and contentIndexer passes over what is already
// stored once at start (demo articles are written straight to the store) and then, every minute,
// over the articles whose publish time has just come (a scheduled article changes nothing when it
// goes public, so no hook fires).

// newsIndex puts an article in the index while readers can see it and takes it out otherwise.
type newsIndex struct {
	idx search.Indexer
	log *zap.Logger
	now func() time.Time
}

func (x newsIndex) ArticleChanged(ctx context.Context, a news.Article) {
	var err error
	if news.Visible(a, x.now()) {
		err = x.idx.Put(ctx, articleDocument(a))
	} else {
		err = x.idx.Delete(ctx, search.KindNews, strconv.FormatInt(a.ID, 10))
	}
	if err != nil {
		x.log.Warn("search: indexing an article", zap.Int64("article", a.ID), zap.Error(err))
	}
}

// articleDocument is what the search finds of an article: its title, and its summary, tags and
// text to match on; the newest and most read rank first.
func articleDocument(a news.Article) search.Document {
	text := a.Summary
	if blocks, err := news.ParseBody(a.Body); err == nil {
		text += " " + news.PlainText(blocks)
	}
	return search.Document{Kind: search.KindNews, ID: strconv.FormatInt(a.ID, 10), Title: a.Title,
		Body: text + " " + strings.Join(a.Tags, " "), Subtitle: a.Summary, Picture: a.Cover, Target: news.Link(a),
		Lang: a.Lang, Game: a.Game, Rank: popularity(a.Views), Time: a.PublishAt}
}

// videoIndex keeps a video in the index while it is ready and public.
type videoIndex struct {
	idx search.Indexer
	log *zap.Logger
}

func (x videoIndex) VideoChanged(ctx context.Context, v postgres.Video) {
	var err error
	if v.State == postgres.VideoReady {
		err = x.idx.Put(ctx, videoDocument(v))
	} else {
		err = x.idx.Delete(ctx, search.KindVideo, strconv.FormatInt(v.ID, 10))
	}
	if err != nil {
		x.log.Warn("search: indexing a video", zap.Int64("video", v.ID), zap.Error(err))
	}
}

func videoDocument(v postgres.Video) search.Document {
	view := videos.ViewOf(v)
	target := "/videos/" + strconv.FormatInt(v.ID, 10)
	if g, ok := feed.GameByID(v.GameID); ok {
		target = "/videos/" + g.Abbr + "/" + strconv.FormatInt(v.ID, 10)
	}
	at := v.ReadyAt
	if at.IsZero() {
		at = v.CreatedAt
	}
	return search.Document{Kind: search.KindVideo, ID: strconv.FormatInt(v.ID, 10), Title: v.Title, Picture: view.Poster,
		Target: target, Game: v.GameID, Rank: popularity(v.Views), Time: at}
}

// popularity maps a view count into the index's [0,1] rank: 10,000 views and more rank fully.
func popularity(views int64) float64 {
	if views <= 0 {
		return 0
	}
	return min(float64(views)/10_000, 1)
}

// contentIndexer is the background pass described above.
type contentIndexer struct {
	news   *news.Service
	videos *videos.Service
	idx    search.Indexer
	log    *zap.Logger
	every  time.Duration
}

func (c *contentIndexer) Run(ctx context.Context) error {
	if err := c.allVideos(ctx); err != nil && ctx.Err() == nil {
		c.log.Warn("search: indexing videos", zap.Error(err))
	}
	since := time.Time{} // the first pass takes every visible article
	return periodic.NowAndEvery(ctx, c.every, c.log, "search: indexing news", func(ctx context.Context) error {
		now := time.Now()
		if err := c.articles(ctx, now, since); err != nil {
			return err
		}
		since = now.Add(-c.every) // overlap one period: a put is idempotent
		return nil
	})
}

// articles puts the visible articles published after since, newest first.
func (c *contentIndexer) articles(ctx context.Context, now, since time.Time) error {
	const page = 200
	for off := 0; ; off += page {
		rows, _, err := c.news.Store().Articles(ctx, postgres.NewsFilter{Visible: now, Limit: page, Offset: off})
		if err != nil {
			return err
		}
		for _, a := range rows {
			if !since.IsZero() && a.PublishAt.Before(since) {
				return nil
			}
			if err := c.idx.Put(ctx, articleDocument(a)); err != nil {
				return err
			}
		}
		if len(rows) < page {
			return nil
		}
	}
}

// allVideos puts every public video (the hooks keep them fresh afterwards).
func (c *contentIndexer) allVideos(ctx context.Context) error {
	const page = 200
	for off := 0; ; off += page {
		rows, _, err := c.videos.List(ctx, videos.Query{GameID: -1, Limit: page, Offset: off})
		if err != nil {
			return err
		}
		for _, v := range rows {
			if v.State == postgres.VideoReady {
				if err := c.idx.Put(ctx, videoDocument(v)); err != nil {
					return err
				}
			}
		}
		if len(rows) < page {
			return nil
		}
	}
}
