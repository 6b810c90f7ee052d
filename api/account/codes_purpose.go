package account

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"
)

// CodePurpose is what a one-time code sent to a signed-in user's own phone or e-mail confirms (a
// redemption in the shop, for one). Its codes are stored under "<Name>:<destination>", apart from the
// sign-in codes of that destination: a sign-in code never confirms it, and its codes never sign
// anyone in or change a password. They share the limits per destination and per IP with every other
// code (SMS and mail cost money whatever they say).
type CodePurpose struct {
	Name    string // a short lower-case word ("order"); never empty
	Subject string // message key of the e-mail's subject
	Body    string // message key of the text; args: the code, its validity in minutes
}

// UserCodeSent says where a purpose code went.
type UserCodeSent struct {
	Channel     string // "sms" or "email"
	To          string // the destination, masked ("+86 138****8000", "f***@example.com")
	ResendAfter int    // seconds until another code may be asked for
}

// ErrNoCodeAddress: the user has neither a phone nor an e-mail bound, so no code can reach them. The
// caller turns it into its own message ("bind a phone or an e-mail first").
var ErrNoCodeAddress = errors.New("account: no phone or e-mail bound")

// scoped is the key a purpose's codes are stored under.
func (p CodePurpose) scoped(addr string) string { return p.Name + ":" + addr }

// userDestination is where a signed-in user's codes go: the bound phone, else the bound e-mail.
func (s *Service) userDestination(ctx context.Context, userID int64) (destination, error) {
	u, err := s.UserByID(ctx, userID)
	if err != nil {
		return destination{}, err
	}
	switch {
	case u.Phone != "":
		return destination{addr: u.Phone, area: u.AreaCode}, nil
	case u.Email != "":
		return destination{addr: u.Email, email: true}, nil
	}
	return destination{}, ErrNoCodeAddress
}

// SendUserCode sends userID a new 6-digit code for purpose p to their bound phone (SMS) or else
// e-mail, in c.Lang, with the limits of SendCode (per destination and per IP, the resend interval:
// ErrRateLimited, CodeTooSoon). ErrNoCodeAddress when neither is bound.
func (s *Service) SendUserCode(ctx context.Context, userID int64, p CodePurpose, c Client) (UserCodeSent, error) {
	if p.Name == "" {
		return UserCodeSent{}, errors.New("account: a code purpose needs a name")
	}
	d, err := s.userDestination(ctx, userID)
	if err != nil {
		return UserCodeSent{}, err
	}
	subject, body := p.Subject, p.Body
	if subject == "" || body == "" {
		subject, body = "mail.codeSubject", "mail.codeBody"
	}
	if err := s.deliverCode(ctx, d, p.scoped(d.addr), subject, body, c.IP, c.Lang); err != nil {
		return UserCodeSent{}, err
	}
	out := UserCodeSent{Channel: "sms", To: maskPhone(d.addr, d.area), ResendAfter: int(s.cfg.CodeResendInterval.Seconds())}
	if d.email {
		out.Channel, out.To = "email", maskEmail(d.addr)
	}
	return out, nil
}

// ConsumeUserCode checks code against userID's live code for purpose p and consumes it when right:
// ErrCodeWrong (the attempt counts; enough void it), ErrCodeExpired (none live: expired, used, voided
// or never sent), validation.codeRequired when empty. A code of another purpose is never live here.
func (s *Service) ConsumeUserCode(ctx context.Context, userID int64, p CodePurpose, code string) error {
	code = strings.TrimSpace(code)
	if err := requireCodePresent(code); err != nil {
		return err
	}
	if p.Name == "" {
		return errors.New("account: a code purpose needs a name")
	}
	d, err := s.userDestination(ctx, userID)
	if errors.Is(err, ErrNoCodeAddress) {
		return ErrCodeExpired // nothing can have been sent
	}
	if err != nil {
		return err
	}
	return s.consumeCode(ctx, p.scoped(d.addr), code)
}

// maskPhone shows the area, the first three and the last four digits: "+86 138****8000".
func maskPhone(full, area string) string {
	n := strings.TrimPrefix(full, "+"+area)
	if n == full || area == "" {
		area, n = "", strings.TrimPrefix(full, "+")
	}
	if len(n) > 7 {
		n = n[:3] + strings.Repeat("*", len(n)-7) + n[len(n)-4:]
	} else if len(n) > 2 {
		n = strings.Repeat("*", len(n)-2) + n[len(n)-2:]
	}
	if area == "" {
		return n
	}
	return "+" + area + " " + n
}

// maskEmail keeps the first character of the local part and the domain: "f***@example.com".
func maskEmail(e string) string {
	at := strings.LastIndexByte(e, '@')
	if at <= 0 {
		return "***"
	}
	r, _ := utf8.DecodeRuneInString(e)
	return string(r) + "***" + e[at:]
}
