package locale

import "strings"

// Default is the language used when nothing about the client says otherwise (spec §9).
const Default = "zh_CN"

// Fallback is the catalogue every other locale is checked against and the language a
// missing translation falls back to.
const Fallback = "en_US"

// All lists the 22 interface languages, spelled as the web client and the `lan` header
// spell them. The slice must not be modified.
var All = []string{
	"en_US", "zh_CN", "zh_tw", "vi", "es", "pt", "fr", "de", "sv", "ru", "uk",
	"da", "pl", "nl", "ko", "ms", "tl", "el", "tr", "thai", "ar", "jp",
}

// primary maps a lower-case BCP-47 primary language subtag (or one of our own codes,
// lower-cased) to our locale code. Chinese is handled separately because the script or
// region decides between the two Chinese locales.
var primary = map[string]string{
	"en": "en_US", "vi": "vi", "es": "es", "pt": "pt", "fr": "fr", "de": "de",
	"sv": "sv", "ru": "ru", "uk": "uk", "da": "da", "pl": "pl", "nl": "nl",
	"ko": "ko", "ms": "ms", "tl": "tl", "fil": "tl", "el": "el", "tr": "tr",
	"th": "thai", "thai": "thai", "ar": "ar", "ja": "jp", "jp": "jp",
}

// Supported reports whether code is exactly one of the 22 locale codes.
func Supported(code string) bool {
	for _, c := range All {
		if c == code {
			return true
		}
	}
	return false
}

// Normalize maps a language tag to one of the 22 locale codes. It accepts our own
// codes in any letter case ("en_US", "zh_TW", "thai", "jp") and BCP-47 tags with '-' or
// '_' separators ("en-GB", "zh-Hant-HK", "fil-PH", "ja"). The second result is false
// when the tag names a language we do not offer, or is empty or "*".
func Normalize(tag string) (string, bool) {
	tag = strings.TrimSpace(tag)
	if tag == "" || len(tag) > 64 {
		return "", false
	}
	tag = strings.ToLower(strings.ReplaceAll(tag, "_", "-"))
	parts := strings.Split(tag, "-")
	lang := parts[0]
	if lang == "zh" {
		for _, p := range parts[1:] {
			switch p {
			case "hant", "tw", "hk", "mo":
				return "zh_tw", true
			case "hans", "cn", "sg", "my":
				return "zh_CN", true
			}
		}
		return "zh_CN", true
	}
	if c, ok := primary[lang]; ok {
		return c, true
	}
	return "", false
}
