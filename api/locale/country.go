package locale

import "strings"

// countries maps ISO 3166-1 alpha-2 codes to the locale most of that country's
// visitors read. Countries not listed fall through to Default. The list favours the
// majority language; multilingual countries (BE, CH, CA, ...) get the language most
// of our audience there is likely to read.
var countries = map[string]string{
	"CN": "zh_CN", "SG": "en_US",
	"TW": "zh_tw", "HK": "zh_tw", "MO": "zh_tw",
	"VN": "vi",
	"ES": "es", "MX": "es", "AR": "es", "CO": "es", "CL": "es", "PE": "es", "VE": "es",
	"EC": "es", "BO": "es", "PY": "es", "UY": "es", "CR": "es", "PA": "es", "DO": "es",
	"GT": "es", "HN": "es", "SV": "es", "NI": "es", "CU": "es", "PR": "es",
	"BR": "pt", "PT": "pt", "AO": "pt", "MZ": "pt",
	"FR": "fr", "BE": "fr", "LU": "fr", "MC": "fr", "SN": "fr", "CI": "fr",
	"DE": "de", "AT": "de", "CH": "de", "LI": "de",
	"SE": "sv",
	"RU": "ru", "BY": "ru", "KZ": "ru", "KG": "ru",
	"UA": "uk",
	"DK": "da", "GL": "da", "FO": "da",
	"PL": "pl",
	"NL": "nl", "SR": "nl",
	"KR": "ko",
	"MY": "ms", "BN": "ms",
	"PH": "tl",
	"GR": "el", "CY": "el",
	"TR": "tr",
	"TH": "thai",
	"SA": "ar", "AE": "ar", "EG": "ar", "QA": "ar", "KW": "ar", "BH": "ar", "OM": "ar",
	"JO": "ar", "LB": "ar", "IQ": "ar", "SY": "ar", "YE": "ar", "MA": "ar", "DZ": "ar",
	"TN": "ar", "LY": "ar", "SD": "ar", "PS": "ar",
	"JP": "jp",
	"US": "en_US", "GB": "en_US", "AU": "en_US", "CA": "en_US", "NZ": "en_US",
	"IE": "en_US", "IN": "en_US", "ZA": "en_US", "NG": "en_US", "KE": "en_US",
	"GH": "en_US", "PK": "en_US", "JM": "en_US", "MT": "en_US",
}

// CountryLocale maps an ISO 3166-1 alpha-2 country code (any case) to a locale.
func CountryLocale(iso string) (string, bool) {
	if iso == "" {
		return "", false
	}
	l, ok := countries[strings.ToUpper(iso)]
	return l, ok
}
