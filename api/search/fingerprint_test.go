package search

import (
	"testing"
	"time"
)

// A document's fingerprint changes with every field the index keeps, and not with a drift of its
// rank below 1/rankStep (a match's rank moves with the clock at every read).
func TestFingerprintSeesEveryKeptField(t *testing.T) {
	base := func() Document {
		return Document{Kind: KindMatch, ID: "m1", Title: "Lions vs Tigers", Names: []string{"Lions", "Tigers"}, Body: "b",
			Subtitle: "League", Target: "/soccer/m1", Game: 202, Rank: 0.5, Time: time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC),
			Meta: map[string]any{"status": float64(2), "homeScore": float64(1), "awayScore": float64(0), "live": true, "game": "soccer"}}
	}
	fp := fingerprint(base())
	if fingerprint(base()) != fp {
		t.Fatal("the same document, another fingerprint")
	}
	d := base()
	d.Rank += 0.0001
	if fingerprint(d) != fp {
		t.Fatal("a rank drift below 0.001 changed the fingerprint")
	}
	for name, change := range map[string]func(*Document){
		"title":    func(d *Document) { d.Title = "Lions vs Bears" },
		"names":    func(d *Document) { d.Names = []string{"Lions", "Tigers", "獅子"} },
		"name cut": func(d *Document) { d.Names = []string{"LionsTigers"} },
		"body":     func(d *Document) { d.Body = "c" },
		"subtitle": func(d *Document) { d.Subtitle = "Cup" },
		"picture":  func(d *Document) { d.Picture = "/x.png" },
		"target":   func(d *Document) { d.Target = "/soccer/m2" },
		"lang":     func(d *Document) { d.Lang = "en_US" },
		"game":     func(d *Document) { d.Game = 1 },
		"rank":     func(d *Document) { d.Rank = 1 },
		"time":     func(d *Document) { d.Time = d.Time.Add(time.Minute) },
		"score":    func(d *Document) { d.Meta["homeScore"] = float64(2) },
		"live":     func(d *Document) { d.Meta["live"] = false },
		"meta key": func(d *Document) { d.Meta["matchId"] = "m1" },
	} {
		d := base()
		change(&d)
		if fingerprint(d) == fp {
			t.Errorf("%s: same fingerprint", name)
		}
	}
}
