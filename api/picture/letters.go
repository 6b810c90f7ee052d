package picture

import (
	"strings"
	"unicode"
)

// Initials are the first letter or digit of the first two words, upper-cased ("Harbor City
// Pioneers" → "HC", "9 Dragons" → "9D"); "?" for a name without one, so a picture never shows
// an empty field.
func Initials(name string) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(name) {
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(unicode.ToUpper(r))
				n++
				break
			}
		}
		if n == 2 {
			break
		}
	}
	if n == 0 {
		return "?"
	}
	return b.String()
}
