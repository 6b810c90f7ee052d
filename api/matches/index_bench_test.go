package matches

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"courtside/actors/match/feed"
	"courtside/storage/postgres"
)

// BenchmarkLiveList: the live list of one game over an index of 10,000 matches while the feed
// changes a match between requests (the worst case for the cache: every request recomputes).
//
//	go test -run XXX -bench LiveList ./api/matches/
func BenchmarkLiveList(b *testing.B) {
	for _, changing := range []bool{false, true} {
		b.Run(fmt.Sprintf("feedChanging=%v", changing), func(b *testing.B) {
			b.ReportAllocs()
			ix := newIndex()
			rows := make([]postgres.MatchRow, 10000)
			base := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
			for i := range rows {
				st := feed.StatusNotStarted
				if i%5 == 0 {
					st = feed.StatusLive
				}
				rows[i] = postgres.MatchRow{Fixture: feed.Fixture{ID: "m" + strconv.Itoa(i), Game: []int{202, 201, 1, 2}[i%4],
					Start: base.Add(time.Duration(i) * time.Minute)}}
				rows[i].Live = feed.State{Match: rows[i].ID, Game: rows[i].Game, Status: st, LastSeq: 1}
			}
			ix.replace(rows)
			soccer := 202
			q := Query{GameID: &soccer}
			keep := q.base()
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				if changing {
					ix.update(feed.State{Match: "m0", Game: 202, Status: feed.StatusLive, Home: n, LastSeq: uint64(n + 2)})
				}
				out := ix.query("live"+q.key(), base, 0, func(r *postgres.MatchRow) bool { return keep(r) && r.Live.Status.InPlay() }, byStart)
				if len(out) != 500 {
					b.Fatalf("%d live soccer matches", len(out))
				}
			}
		})
	}
}
