package picture

import "hash/fnv"

// teamColours are pairs of field and trim colours that read well with white initials.
var teamColours = [][2]string{
	{"#b91c1c", "#fbbf24"}, {"#1d4ed8", "#e5e7eb"}, {"#047857", "#fde68a"}, {"#7c3aed", "#c4b5fd"},
	{"#0f172a", "#f97316"}, {"#be185d", "#fbcfe8"}, {"#0e7490", "#a5f3fc"}, {"#92400e", "#fcd34d"},
	{"#15803d", "#f8fafc"}, {"#1e3a8a", "#fca5a5"}, {"#374151", "#34d399"}, {"#9f1239", "#1f2937"},
}

// Hash is the number a picture draws its choices from (colours, a stripe or a chevron): the same
// id always gives the same number, so a picture never changes between draws or nodes.
func Hash(id string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(id))
	return h.Sum32()
}

// TeamColours is the field and trim colour of the team, competition or player id.
func TeamColours(id string) [2]string {
	return teamColours[Hash(id)%uint32(len(teamColours))]
}
