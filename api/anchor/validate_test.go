package anchor

import (
	"testing"
	"time"
)

func TestBirthFromIDNumber(t *testing.T) {
	tests := []struct {
		name  string
		id    string
		want  string
		valid bool
	}{
		{"valid number with X check character", "11010519491231002X", "1949-12-31", true},
		{"lower-case x is accepted", "11010519491231002x", "1949-12-31", true},
		{"valid number with digit check character", "440524188001010014", "1880-01-01", true},
		{"wrong check character", "110105194912310021", "", false},
		{"impossible date", "110105194913310028", "", false},
		{"too short", "11010519491231002", "", false},
		{"letters", "A1010519491231002X", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := birthFromIDNumber(tt.id)
			if ok != tt.valid || (ok && got.Format("2006-01-02") != tt.want) {
				t.Fatalf("got %v %v, want %q %v", got, ok, tt.want, tt.valid)
			}
		})
	}
}

func TestAgeCountsWholeYears(t *testing.T) {
	birth := time.Date(2008, 6, 15, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		now  time.Time
		want int
	}{
		{"day before the 18th birthday", time.Date(2026, 6, 14, 23, 0, 0, 0, time.UTC), 17},
		{"on the 18th birthday", time.Date(2026, 6, 15, 0, 0, 0, 0, time.UTC), 18},
		{"month after", time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC), 18},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := age(birth, tt.now); got != tt.want {
				t.Fatalf("age %d, want %d", got, tt.want)
			}
		})
	}
}

func TestMatchWindowRule(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		m    MatchInfo
		want bool
	}{
		{"in progress", MatchInfo{Found: true, State: MatchLive, Start: now.Add(-50 * time.Minute)}, true},
		{"starts in 30 minutes", MatchInfo{Found: true, State: MatchScheduled, Start: now.Add(30 * time.Minute)}, true},
		{"starts in exactly one hour", MatchInfo{Found: true, State: MatchScheduled, Start: now.Add(time.Hour)}, true},
		{"starts in 61 minutes", MatchInfo{Found: true, State: MatchScheduled, Start: now.Add(61 * time.Minute)}, false},
		{"tomorrow", MatchInfo{Found: true, State: MatchScheduled, Start: now.Add(24 * time.Hour)}, false},
		{"late kick-off not yet reported live", MatchInfo{Found: true, State: MatchScheduled, Start: now.Add(-5 * time.Minute)}, true},
		{"finished", MatchInfo{Found: true, State: MatchOver, Start: now.Add(-2 * time.Hour)}, false},
		{"postponed to within the hour is still over", MatchInfo{Found: true, State: MatchOver, Start: now.Add(10 * time.Minute)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := inMatchWindow(tt.m, now, time.Hour); got != tt.want {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestExternalSourceAddress(t *testing.T) {
	for s, want := range map[string]bool{
		"https://cdn.example/live/a.m3u8":   true,
		"http://cdn.example/a.M3U8?token=x": true,
		"ftp://cdn.example/a.m3u8":          false,
		"https://cdn.example/a.mp4":         false,
		"/relative/a.m3u8":                  false,
		"javascript:alert(1)//a.m3u8":       false,
	} {
		if validM3U8(s) != want {
			t.Errorf("%q: got %v", s, !want)
		}
	}
}
