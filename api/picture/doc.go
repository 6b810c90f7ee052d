// Package picture holds what the site's drawn pictures share: the letters a picture shows for a
// name (Initials) and the colours a team wears (TeamColours). The match area draws crests, round
// badges and portraits (api/matches/crest.go), the news area draws article covers with the two
// teams' shields (api/news/cover.go); both take their letters and a team's colours from here, so a
// team wears the same colours and letters on its crest and on a preview's cover.
//
// A leaf: it imports only the standard library. Pure functions, safe for concurrent use.
package picture
