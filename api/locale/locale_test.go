package locale_test

import (
	"testing"

	"courtside/api/locale"
)

func TestAllHasTheTwentyTwoLocales(t *testing.T) {
	want := "en_US zh_CN zh_tw vi es pt fr de sv ru uk da pl nl ko ms tl el tr thai ar jp"
	got := ""
	for i, l := range locale.All {
		if i > 0 {
			got += " "
		}
		got += l
	}
	if got != want {
		t.Fatalf("All = %q, want %q", got, want)
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		tag  string
		want string
		ok   bool
	}{
		{"en_US", "en_US", true},
		{"en-US", "en_US", true},
		{"en", "en_US", true},
		{"en-GB", "en_US", true},
		{"EN-au", "en_US", true},
		{"zh", "zh_CN", true},
		{"zh-CN", "zh_CN", true},
		{"zh_CN", "zh_CN", true},
		{"zh-Hans", "zh_CN", true},
		{"zh-Hans-TW", "zh_CN", true}, // script beats region
		{"zh-SG", "zh_CN", true},
		{"zh-TW", "zh_tw", true},
		{"zh_tw", "zh_tw", true},
		{"zh-HK", "zh_tw", true},
		{"zh-MO", "zh_tw", true},
		{"zh-Hant", "zh_tw", true},
		{"zh-Hant-CN", "zh_tw", true},
		{"vi-VN", "vi", true},
		{"es-419", "es", true},
		{"pt-BR", "pt", true},
		{"fr-CA", "fr", true},
		{"de-AT", "de", true},
		{"sv-SE", "sv", true},
		{"ru", "ru", true},
		{"uk-UA", "uk", true},
		{"da", "da", true},
		{"pl", "pl", true},
		{"nl-BE", "nl", true},
		{"ko-KR", "ko", true},
		{"ms-MY", "ms", true},
		{"tl", "tl", true},
		{"fil", "tl", true},
		{"fil-PH", "tl", true},
		{"el-GR", "el", true},
		{"tr", "tr", true},
		{"th", "thai", true},
		{"th-TH", "thai", true},
		{"thai", "thai", true},
		{"ar-SA", "ar", true},
		{"ja", "jp", true},
		{"ja-JP", "jp", true},
		{"jp", "jp", true},
		{" de ", "de", true},
		{"it", "", false},
		{"hi-IN", "", false},
		{"*", "", false},
		{"", "", false},
		{"english", "", false},
	}
	for _, tt := range tests {
		got, ok := locale.Normalize(tt.tag)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Normalize(%q) = %q, %v; want %q, %v", tt.tag, got, ok, tt.want, tt.ok)
		}
	}
}

func TestNormalizeReturnsOnlySupportedCodes(t *testing.T) {
	for _, l := range locale.All {
		got, ok := locale.Normalize(l)
		if !ok || got != l {
			t.Errorf("Normalize(%q) = %q, %v; a locale code must map to itself", l, got, ok)
		}
		if !locale.Supported(got) {
			t.Errorf("Normalize(%q) = %q, not in All", l, got)
		}
	}
}

func TestCountryLocaleCoversTheBriefedCountries(t *testing.T) {
	want := map[string]string{
		"CN": "zh_CN", "TW": "zh_tw", "HK": "zh_tw", "MO": "zh_tw", "VN": "vi",
		"ES": "es", "MX": "es", "AR": "es", "CO": "es", "CL": "es", "PE": "es",
		"BR": "pt", "PT": "pt", "FR": "fr", "DE": "de", "AT": "de", "SE": "sv",
		"RU": "ru", "UA": "uk", "DK": "da", "PL": "pl", "NL": "nl", "KR": "ko",
		"MY": "ms", "PH": "tl", "GR": "el", "TR": "tr", "TH": "thai", "SA": "ar",
		"AE": "ar", "EG": "ar", "JP": "jp", "US": "en_US", "GB": "en_US",
		"AU": "en_US", "CA": "en_US", "us": "en_US",
	}
	for iso, l := range want {
		got, ok := locale.CountryLocale(iso)
		if !ok || got != l {
			t.Errorf("CountryLocale(%q) = %q, %v; want %q", iso, got, ok, l)
		}
	}
	if got, ok := locale.CountryLocale("AQ"); ok {
		t.Errorf("CountryLocale(AQ) = %q; an unmapped country must fall through", got)
	}
}
