package anchor

import (
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Field limits of the streamer centre.
const (
	maxNameLen        = 50
	maxIntroLen       = 1000
	maxTitleLen       = 60
	maxTeaserLen      = 200
	maxDetailIntroLen = 2000
	maxTagLen         = 20
	maxDetailPics     = 3 // spec §5, §9
)

// birthFromIDNumber reads the birth date of an 18-character resident identity number (GB 11643: six
// digits of region, YYYYMMDD, three of sequence, a check character 0-9 or X) after checking its check
// character. ok is false for any other form, whose holder gives a birth date instead.
func birthFromIDNumber(id string) (time.Time, bool) {
	id = strings.ToUpper(strings.TrimSpace(id))
	if len(id) != 18 {
		return time.Time{}, false
	}
	weights := [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i := 0; i < 17; i++ {
		c := id[i]
		if c < '0' || c > '9' {
			return time.Time{}, false
		}
		sum += int(c-'0') * weights[i]
	}
	if id[17] != "10X98765432"[sum%11] {
		return time.Time{}, false
	}
	birth, err := time.Parse("20060102", id[6:14])
	if err != nil {
		return time.Time{}, false
	}
	return birth, true
}

// looksLikeResidentID reports a number of the 18-character resident form, valid or not: for those the
// birth date comes from the number, and a bad check character is an error rather than a reason to ask
// for a date.
func looksLikeResidentID(id string) bool {
	id = strings.TrimSpace(id)
	if len(id) != 18 {
		return false
	}
	for i := 0; i < 17; i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	c := id[17]
	return c >= '0' && c <= '9' || c == 'X' || c == 'x'
}

// age is the number of whole years from birth to now (a 29 February birthday counts on 1 March in
// common years).
func age(birth, now time.Time) int {
	y := now.Year() - birth.Year()
	if now.Month() < birth.Month() || now.Month() == birth.Month() && now.Day() < birth.Day() {
		y--
	}
	return y
}

func tooLong(s string, n int) bool { return utf8.RuneCountInString(s) > n }

// validM3U8 accepts an absolute http(s) address whose path ends in .m3u8.
func validM3U8(s string) bool {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	return strings.HasSuffix(strings.ToLower(u.Path), ".m3u8")
}

// inMatchWindow is the rule of spec §5 "Match for streaming: in progress or starting within 1 hour".
// A scheduled match whose start time has passed but that has not been reported in progress yet (a
// late kick-off) still counts; a finished, postponed or cancelled one never does.
func inMatchWindow(m MatchInfo, now time.Time, window time.Duration) bool {
	switch m.State {
	case MatchLive:
		return true
	case MatchScheduled:
		return !m.Start.After(now.Add(window))
	default:
		return false
	}
}
