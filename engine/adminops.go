package engine

import (
	"context"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"courtside/actors/wordfilter"
	"courtside/api/periodic"
	"courtside/storage/postgres"
)

// wordsRecheck is how often a node re-reads the platform's banned words, so a word staff add on
// another node reaches this node's rooms too (the node where it was added rebuilds at once).
const wordsRecheck = 30 * time.Second

// platformWords is the chat's banned-word filter (issue 16's moderation rules): the node's word file
// (Config.BannedWords, or the embedded example list) plus the words staff add in the back office
// (table banned_words). A Filter is immutable, so a change builds a new one and swaps the pointer:
// every room reads the current one for its next line, without a lock.
type platformWords struct {
	base  []string
	words postgres.BannedWords
	cur   atomic.Pointer[wordfilter.Filter]
	log   *zap.Logger
}

// newPlatformWords reads the node's word file (a bad file fails the start, as before) and the staff's
// words, and keeps them fresh until the node closes.
func newPlatformWords(n *Node) (*platformWords, error) {
	text := wordfilter.DefaultList()
	if n.cfg.BannedWords != "" {
		b, err := os.ReadFile(n.cfg.BannedWords)
		if err != nil {
			return nil, err
		}
		text = string(b)
	}
	if _, err := wordfilter.Load(strings.NewReader(text)); err != nil {
		return nil, err
	}
	p := &platformWords{words: postgres.NewAdminStore(n.pool).BannedWords(), log: n.log.Named("words")}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, "\uFEFF"))
		if line != "" && line[0] != '#' {
			p.base = append(p.base, line)
		}
	}
	p.cur.Store(wordfilter.New(p.base))
	ctx, cancel := context.WithCancel(context.Background())
	p.reload(ctx)
	// reload logs its own failures (and keeps the current list), so the loop has none to log.
	go periodic.Every(ctx, wordsRecheck, p.log, "banned words: reload", func(ctx context.Context) error {
		p.reload(ctx)
		return nil
	})
	n.onClose(cancel)
	return p, nil
}

// Match is the room's (and comments') check of a line.
func (p *platformWords) Match(text string) (string, bool) { return p.cur.Load().Match(text) }

// reload rebuilds the filter from the file's words and the table's; on a read error the current
// filter stays.
func (p *platformWords) reload(ctx context.Context) {
	staff, err := p.words.All(ctx)
	if err != nil {
		if ctx.Err() == nil {
			p.log.Warn("banned words: keeping the current list", zap.Error(err))
		}
		return
	}
	p.cur.Store(wordfilter.New(append(append([]string(nil), p.base...), staff...)))
}
