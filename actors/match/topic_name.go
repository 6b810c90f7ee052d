package match

import (
	"strconv"
	"strings"
	"time"

	"courtside/actors/match/feed"
)

// Topic prefixes of docs/protocol.md.
const (
	PrefixMatch  = "match:"
	PrefixScores = "scores:"
)

// DefaultDelays are the delay classes: 0 for the SVIP "Pro" stream (HTTP-FLV, near zero), 3 s
// for the low-delay FLV stream, 12 s for the standard HLS stream (three 4-second segments).
var DefaultDelays = []time.Duration{0, 3 * time.Second, 12 * time.Second}

// IsTopic reports whether a relay subscription name is a score topic rather than a room.
func IsTopic(name string) bool {
	return strings.HasPrefix(name, PrefixMatch) || strings.HasPrefix(name, PrefixScores)
}

// MatchTopic is the class-0 topic of a match.
func MatchTopic(id string) string { return PrefixMatch + id }

// ScoresTopic is the class-0 scoreboard topic of a game.
func ScoresTopic(game int) string { return PrefixScores + strconv.Itoa(game) }

// delayClass returns the smallest class at or above want (the largest class when want exceeds
// them all): a viewer must never see a score before the stream shows it.
func delayClass(classes []time.Duration, want time.Duration) time.Duration {
	best := time.Duration(-1)
	var largest time.Duration
	for _, c := range classes {
		if c > largest {
			largest = c
		}
		if c >= want && (best < 0 || c < best) {
			best = c
		}
	}
	if best < 0 {
		return largest
	}
	return best
}

// topicWithDelay names the topic of base at delay class d: base itself for 0, base@<ms> otherwise.
func topicWithDelay(base string, d time.Duration) string {
	if d <= 0 {
		return base
	}
	return base + "@" + strconv.FormatInt(d.Milliseconds(), 10)
}

// splitTopic parses a full topic name into its base and delay.
func splitTopic(name string) (base string, delay time.Duration, ok bool) {
	base = name
	if i := strings.LastIndexByte(name, '@'); i >= 0 {
		ms, err := strconv.ParseInt(name[i+1:], 10, 64)
		if err != nil || ms <= 0 {
			return "", 0, false
		}
		base, delay = name[:i], time.Duration(ms)*time.Millisecond
	}
	switch {
	case strings.HasPrefix(base, PrefixMatch):
		return base, delay, validMatchID(base[len(PrefixMatch):])
	case strings.HasPrefix(base, PrefixScores):
		g, err := strconv.Atoi(base[len(PrefixScores):])
		if err != nil {
			return "", 0, false
		}
		_, known := feed.GameByID(g)
		return base, delay, known && strconv.Itoa(g) == base[len(PrefixScores):]
	}
	return "", 0, false
}

func validMatchID(s string) bool {
	if s == "" || len(s) > 48 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
