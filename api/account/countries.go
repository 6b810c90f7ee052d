package account

// Country is one line of the sign-in country list (spec §3: countryAbbr, countryArea).
type Country struct {
	Abbr string `json:"countryAbbr"` // ISO 3166-1 alpha-2
	Area string `json:"countryArea"` // calling code without "+"
}

// Countries are the calling codes offered at sign-in, the product's main markets first.
var Countries = []Country{
	{"CN", "86"}, {"HK", "852"}, {"MO", "853"}, {"TW", "886"}, {"VN", "84"}, {"TH", "66"}, {"MY", "60"},
	{"SG", "65"}, {"PH", "63"}, {"ID", "62"}, {"KR", "82"}, {"JP", "81"}, {"IN", "91"}, {"US", "1"},
	{"CA", "1"}, {"GB", "44"}, {"AU", "61"}, {"NZ", "64"}, {"DE", "49"}, {"FR", "33"}, {"ES", "34"},
	{"PT", "351"}, {"IT", "39"}, {"NL", "31"}, {"BE", "32"}, {"CH", "41"}, {"AT", "43"}, {"SE", "46"},
	{"DK", "45"}, {"NO", "47"}, {"FI", "358"}, {"PL", "48"}, {"GR", "30"}, {"TR", "90"}, {"RU", "7"},
	{"UA", "380"}, {"BR", "55"}, {"MX", "52"}, {"AR", "54"}, {"CO", "57"}, {"CL", "56"}, {"PE", "51"},
	{"SA", "966"}, {"AE", "971"}, {"EG", "20"}, {"QA", "974"}, {"KW", "965"}, {"MA", "212"},
	{"NG", "234"}, {"ZA", "27"}, {"KE", "254"}, {"PK", "92"}, {"BD", "880"}, {"KH", "855"}, {"MM", "95"},
	{"LA", "856"},
}
