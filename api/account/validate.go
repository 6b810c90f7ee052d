package account

import (
	"net/mail"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Spec §5 rules, enforced on the server with localized messages.
var (
	usernameRE = regexp.MustCompile(`^[A-Za-z0-9]{1,32}$`)
	cnMobileRE = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
	digitsRE   = regexp.MustCompile(`^[0-9]+$`)
)

// MaxSignature is the longest personal signature, in characters.
const MaxSignature = 100

// checkPassword: at least 8 characters with a letter and a digit (at most 64: argon2 does not
// need more, and it bounds the work an attacker can ask for).
func checkPassword(p string) error {
	n := utf8.RuneCountInString(p)
	if n < 8 || n > 64 || !strings.ContainsFunc(p, unicode.IsLetter) || !strings.ContainsFunc(p, unicode.IsDigit) {
		return invalid("validation.passwordWeak")
	}
	return nil
}

// checkUsername: letters and digits only (ASCII), 1 to 32 of them.
func checkUsername(n string) error {
	if !usernameRE.MatchString(n) {
		return invalid("validation.usernameChars")
	}
	return nil
}

// normalizeEmail lower-cases and checks an address; it returns the stored form.
func normalizeEmail(e string) (string, error) {
	e = strings.ToLower(strings.TrimSpace(e))
	if e == "" || len(e) > 254 {
		return "", invalid("validation.emailFormat")
	}
	a, err := mail.ParseAddress(e)
	at := strings.LastIndexByte(e, '@')
	if err != nil || a.Address != e || at < 1 || !strings.Contains(e[at+1:], ".") || strings.HasSuffix(e, ".") {
		return "", invalid("validation.emailFormat")
	}
	return e, nil
}

// normalizePhone checks areaCode and number and returns the area code and the stored form
// "+<area><number>". Area code 86 (the default) takes the legacy pattern: 1, then 3–9, 11 digits
// in all; other area codes 5 to 15 digits.
func normalizePhone(areaCode, number string) (area, full string, err error) {
	number = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.TrimSpace(number))
	area = strings.TrimPrefix(strings.TrimSpace(areaCode), "+")
	if area == "" {
		area = "86"
	}
	if number == "" {
		return "", "", invalid("validation.mobileEmpty")
	}
	if !digitsRE.MatchString(area) || len(area) > 4 || !digitsRE.MatchString(number) {
		return "", "", invalid("validation.mobileFormat")
	}
	if area == "86" {
		if !cnMobileRE.MatchString(number) {
			return "", "", invalid("validation.mobileFormat")
		}
	} else if len(number) < 5 || len(number) > 15 {
		return "", "", invalid("validation.mobileFormat")
	}
	return area, "+" + area + number, nil
}

// destination is where a code goes: an e-mail or a full phone number.
type destination struct {
	addr  string // stored form: lower-case e-mail or "+<area><number>"
	email bool
	area  string // phones only
}

// parseDestination reads mobileOrEmail (+ areaCode): an "@" makes it an e-mail; kind 1 forces
// e-mail and 2 mobile (the modal's switch), 0 guesses.
func parseDestination(mobileOrEmail, areaCode string, kind int) (destination, error) {
	v := strings.TrimSpace(mobileOrEmail)
	isEmail := strings.Contains(v, "@")
	switch kind {
	case 1:
		isEmail = true
	case 2:
		isEmail = false
	}
	if isEmail {
		e, err := normalizeEmail(v)
		return destination{addr: e, email: true}, err
	}
	area, full, err := normalizePhone(areaCode, v)
	return destination{addr: full, area: area}, err
}
