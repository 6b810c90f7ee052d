package engine

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"courtside/actors/match/feed"
	"courtside/api/news"
	"courtside/api/search"
	"courtside/storage/postgres"
)

// indexLog records what an area asks of the search index.
type indexLog struct {
	mu   sync.Mutex
	puts []search.Document
	dels []string
}

func (l *indexLog) Put(_ context.Context, d search.Document) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.puts = append(l.puts, d)
	return nil
}

func (l *indexLog) Delete(_ context.Context, kind search.Kind, id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.dels = append(l.dels, string(kind)+":"+id)
	return nil
}

// An article is findable while readers can see it: published (or scheduled and due) goes in with
// its page and text; unpublished, or scheduled for later, comes out.
func TestNewsReachTheSearchIndexWhileVisible(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	log := &indexLog{}
	x := newsIndex{idx: log, log: zap.NewNop(), now: func() time.Time { return now }}
	body, _ := json.Marshal([]map[string]any{{"type": "p", "text": "The derby is decided in midfield."}})
	a := news.Article{ID: 7, Game: feed.GameSoccer, Title: "Derby preview", Summary: "Who wins the middle", Body: body,
		Tags: []string{"derby"}, Lang: "en_US", State: news.StatePublished, PublishAt: now.Add(-time.Hour)}
	x.ArticleChanged(context.Background(), a)
	a.State, a.PublishAt = news.StateScheduled, now.Add(time.Hour)
	x.ArticleChanged(context.Background(), a)
	a.State, a.PublishAt = news.StateUnpublished, now.Add(-time.Hour)
	x.ArticleChanged(context.Background(), a)
	if len(log.puts) != 1 || len(log.dels) != 2 || log.dels[0] != "news:7" {
		t.Fatalf("puts %+v, deletes %v", log.puts, log.dels)
	}
	d := log.puts[0]
	if d.Kind != search.KindNews || d.ID != "7" || d.Target != news.Link(a) || d.Game != feed.GameSoccer || d.Lang != "en_US" {
		t.Fatalf("document %+v", d)
	}
	for _, want := range []string{"midfield", "derby", "Who wins"} {
		if !strings.Contains(d.Body, want) {
			t.Fatalf("body %q lacks %q", d.Body, want)
		}
	}
}

// A video is findable while ready; hidden or deleted, it comes out. Its page carries its game.
func TestVideosReachTheSearchIndexWhileReady(t *testing.T) {
	log := &indexLog{}
	x := videoIndex{idx: log, log: zap.NewNop()}
	v := postgres.Video{ID: 3, Title: "Highlights: Ashford v Kelby", GameID: feed.GameSoccer, State: postgres.VideoReady, Views: 5000}
	x.VideoChanged(context.Background(), v)
	v.State = postgres.VideoHidden
	x.VideoChanged(context.Background(), v)
	if len(log.puts) != 1 || len(log.dels) != 1 || log.dels[0] != "video:3" {
		t.Fatalf("puts %+v, deletes %v", log.puts, log.dels)
	}
	if d := log.puts[0]; d.Target != "/videos/soccer/3" || d.Rank != 0.5 || d.Kind != search.KindVideo {
		t.Fatalf("document %+v", d)
	}
}
