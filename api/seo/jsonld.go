package seo

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"courtside/api/locale"
)

// structured is the page's JSON-LD (schema.org): the WebSite with its SearchAction on the home
// page, and one description of the page's subject everywhere (the table in jsonld_test.go lists
// the properties each type must carry).
func structured(in Input, p page, h Head, title string) []map[string]any {
	e := in.Entity
	lang := LangTag(in.Lang)
	base := func(typ string) map[string]any {
		return map[string]any{"@context": "https://schema.org", "@type": typ, "url": h.Canonical, "inLanguage": lang}
	}
	if needsEntity(p.kind) && e == nil {
		p.kind = KindCollection
	}
	switch p.kind {
	case KindHome:
		site := base("WebSite")
		site["name"] = SiteName
		site["url"] = in.Origin + "/"
		site["description"] = h.Description
		site["potentialAction"] = map[string]any{
			"@type":       "SearchAction",
			"target":      map[string]any{"@type": "EntryPoint", "urlTemplate": in.Origin + "/search/{search_term_string}"},
			"query-input": "required name=search_term_string",
		}
		return []map[string]any{site}
	case KindLive:
		v := base("VideoObject")
		v["name"] = title
		v["description"] = h.Description
		v["thumbnailUrl"] = []string{h.Image}
		v["uploadDate"] = isoTime(first(e.Live.Since, e.Published, in.Now))
		v["embedUrl"] = h.Canonical
		broadcast := map[string]any{"@type": "BroadcastEvent", "isLiveBroadcast": true,
			"startDate": isoTime(first(e.Live.Since, e.Published, in.Now))}
		if !e.Live.OnAir {
			// Not on air now: the last broadcast has ended (its end is not known here).
			broadcast["endDate"] = isoTime(first(e.Live.Since, e.Published, in.Now))
		}
		v["publication"] = broadcast
		if e.Live.Streamer != "" {
			v["author"] = map[string]any{"@type": "Person", "name": e.Live.Streamer}
		}
		return []map[string]any{v}
	case KindMatch:
		m := e.Match
		ev := base("SportsEvent")
		ev["name"] = m.Home + " vs " + m.Away
		ev["description"] = h.Description
		ev["startDate"] = isoTime(m.Start)
		ev["eventStatus"] = "https://schema.org/" + eventStatus(m.Status)
		ev["image"] = []string{h.Image}
		ev["sport"] = GameName(locale.Fallback, e.Game)
		if m.Venue != "" {
			ev["location"] = map[string]any{"@type": "Place", "name": m.Venue}
			ev["eventAttendanceMode"] = "https://schema.org/OfflineEventAttendanceMode"
		} else {
			ev["location"] = map[string]any{"@type": "VirtualLocation", "url": h.Canonical}
			ev["eventAttendanceMode"] = "https://schema.org/OnlineEventAttendanceMode"
		}
		home := team(in.Origin, m.Home, m.HomeImage)
		away := team(in.Origin, m.Away, m.AwayImage)
		ev["homeTeam"], ev["awayTeam"] = home, away
		ev["competitor"] = []map[string]any{home, away}
		if m.League != "" {
			ev["superEvent"] = map[string]any{"@type": "SportsEvent", "name": m.League}
			ev["organizer"] = map[string]any{"@type": "SportsOrganization", "name": m.League}
		}
		return []map[string]any{ev}
	case KindArticle:
		a := base("NewsArticle")
		a["headline"] = clip(e.Name, 110)
		a["description"] = h.Description
		a["image"] = []string{h.Image}
		a["datePublished"] = isoTime(first(e.Published, in.Now))
		a["dateModified"] = isoTime(first(e.Modified, e.Published, in.Now))
		a["mainEntityOfPage"] = h.Canonical
		if e.Author != "" {
			a["author"] = map[string]any{"@type": "Person", "name": e.Author}
		} else {
			a["author"] = map[string]any{"@type": "Organization", "name": SiteName, "url": in.Origin + "/"}
		}
		a["publisher"] = map[string]any{"@type": "Organization", "name": SiteName, "url": in.Origin + "/",
			"logo": map[string]any{"@type": "ImageObject", "url": in.Origin + DefaultImage}}
		return []map[string]any{a}
	case KindVideo:
		v := base("VideoObject")
		v["name"] = e.Name
		v["description"] = h.Description
		v["thumbnailUrl"] = []string{h.Image}
		v["uploadDate"] = isoTime(first(e.Published, in.Now))
		v["embedUrl"] = h.Canonical
		if e.Video != nil && e.Video.Duration > 0 {
			v["duration"] = isoDuration(e.Video.Duration)
		}
		return []map[string]any{v}
	case KindStreamer, KindPlayer:
		pg := base("ProfilePage")
		pg["name"] = title
		person := map[string]any{"@type": "Person", "name": e.Name, "image": h.Image, "url": h.Canonical}
		if p.kind == KindPlayer && e.Game != "" {
			person["knowsAbout"] = GameName(locale.Fallback, e.Game)
		}
		pg["mainEntity"] = person
		return []map[string]any{pg}
	case KindTeam, KindLeague:
		typ := "SportsTeam"
		if p.kind == KindLeague {
			typ = "SportsOrganization"
		}
		t := base(typ)
		t["name"] = e.Name
		t["description"] = h.Description
		t["logo"] = h.Image
		t["sport"] = GameName(locale.Fallback, e.Game)
		return []map[string]any{t}
	case KindSearch:
		s := base("SearchResultsPage")
		s["name"] = title
		return []map[string]any{s}
	case KindCollection:
		c := base("CollectionPage")
		c["name"] = title
		c["description"] = h.Description
		return []map[string]any{c}
	}
	w := base("WebPage")
	w["name"] = title
	w["description"] = h.Description
	return []map[string]any{w}
}

func team(origin, name, logo string) map[string]any {
	t := map[string]any{"@type": "SportsTeam", "name": name}
	if logo != "" {
		t["logo"] = absolute(origin, logo)
	}
	return t
}

// eventStatus maps a match's status to schema.org's EventStatusType: schema.org has no "live" or
// "finished"; such an event took place as scheduled.
func eventStatus(s EventStatus) string {
	switch s {
	case StatusPostponed:
		return "EventPostponed"
	case StatusCancelled:
		return "EventCancelled"
	}
	return "EventScheduled"
}

// first is the first non-zero time.
func first(ts ...time.Time) time.Time {
	for _, t := range ts {
		if !t.IsZero() {
			return t
		}
	}
	return time.Time{}
}

func isoTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// isoDuration is an ISO 8601 duration ("PT1H2M3S").
func isoDuration(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	var b strings.Builder
	b.WriteString("PT")
	if h > 0 {
		fmt.Fprintf(&b, "%dH", h)
	}
	if m > 0 {
		fmt.Fprintf(&b, "%dM", m)
	}
	if s > 0 || (h == 0 && m == 0) {
		fmt.Fprintf(&b, "%dS", s)
	}
	return b.String()
}

// jsonLD encodes structured data for a <script> element: encoding/json escapes <, > and & (so
// no "</script>" can close the element early) and U+2028/U+2029.
func jsonLD(v map[string]any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return "{}"
	}
	return string(data)
}
