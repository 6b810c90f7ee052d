package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"go.uber.org/zap"

	"courtside/api/account/mail"
	"courtside/api/locale"
	"courtside/storage/postgres"
)

// newCode returns a uniformly random 6-digit code.
func newCode() string {
	var b [8]byte
	for {
		_, _ = rand.Read(b[:])
		v := binary.BigEndian.Uint64(b[:])
		// Reject the top sliver so every code is equally likely.
		if v < math.MaxUint64-math.MaxUint64%1_000_000 {
			return fmt.Sprintf("%06d", v%1_000_000)
		}
	}
}

// codeHash keys the stored code to its destination: a leaked table row is no use elsewhere,
// and without the secret not even for its own destination short of guessing.
func (s *Service) codeHash(dest, code string) []byte {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("code\x00" + dest + "\x00" + code))
	return m.Sum(nil)
}

// Address kinds of CodeRequest.Kind and Identity.Type (the login modal's switch).
const (
	AnyAddress    = 0 // an "@" makes it an e-mail, otherwise a phone
	EmailAddress  = 1
	MobileAddress = 2
	// RegisterMode is Identity.Type 3 of a code sign-in: register, and refuse an existing account.
	RegisterMode = 3
)

// CodeRequest asks for a verification code.
type CodeRequest struct {
	To       string // an e-mail address or a phone number
	AreaCode string // phones only; default 86
	Kind     int    // EmailAddress, MobileAddress or AnyAddress
}

// CodeSent is what the sign-in modal needs after a code went out.
type CodeSent struct {
	Sent        bool `json:"sent"`
	ResendAfter int  `json:"resendAfter"` // seconds until another code may be asked for
}

// SendCode sends a new 6-digit code to an address (spec §5 checks it first), within the limits per
// address and per client IP and the resend interval, in the client's language.
func (s *Service) SendCode(ctx context.Context, req CodeRequest, c Client) (CodeSent, error) {
	d, err := parseDestination(req.To, req.AreaCode, req.Kind)
	if err != nil {
		return CodeSent{}, err
	}
	if err := s.sendCode(ctx, d, c.IP, c.Lang); err != nil {
		return CodeSent{}, err
	}
	return CodeSent{Sent: true, ResendAfter: int(s.cfg.CodeResendInterval.Seconds())}, nil
}

// sendCode sends a new sign-in code to d: limits per destination and per IP, the resend interval,
// then delivery in lang.
func (s *Service) sendCode(ctx context.Context, d destination, ip, lang string) error {
	return s.deliverCode(ctx, d, d.addr, "mail.codeSubject", "mail.codeBody", ip, lang)
}

// deliverCode sends a new code to d stored under key (d.addr for sign-in codes, a purpose-scoped key
// for the others, see CodePurpose), the message's subject and text from the given message keys. The
// limit per destination counts d.addr whatever the key, so no purpose multiplies the messages an
// address can be sent.
func (s *Service) deliverCode(ctx context.Context, d destination, key, subject, body, ip, lang string) error {
	if ip != "" {
		dec, err := s.limiter.Allow(ctx, "code:ip:"+ip, s.cfg.CodePerIP)
		if err != nil {
			return err // sending costs money: fail closed
		}
		if !dec.Allowed {
			return ErrRateLimited
		}
	}
	dec, err := s.limiter.Allow(ctx, "code:dest:"+d.addr, s.cfg.CodePerDestination)
	if err != nil {
		return err
	}
	if !dec.Allowed {
		return ErrRateLimited
	}
	code := newCode()
	now := s.cfg.Now()
	left, err := s.store.PutCode(ctx, key, s.codeHash(key, code), now, now.Add(s.cfg.CodeTTL), s.cfg.CodeResendInterval)
	if errors.Is(err, postgres.ErrCodeTooSoon) {
		return errTooSoon(int(math.Ceil(left.Seconds())))
	}
	if err != nil {
		return err
	}
	msg := mail.Message{
		To:      d.addr,
		Subject: locale.Message(lang, subject),
		Text:    locale.Message(lang, body, code, int(s.cfg.CodeTTL.Minutes())),
		Code:    code,
	}
	sender := s.sms
	if d.email {
		sender = s.mail
	}
	if err := sender.Send(ctx, msg); err != nil {
		s.log.Error("account: code delivery failed", zap.Bool("email", d.email), zap.Error(err))
		return ErrSendFailed.Wrap(err)
	}
	return nil
}

// consumeCode checks code against dest's live code and consumes it when right.
func (s *Service) consumeCode(ctx context.Context, dest, code string) error {
	if code == "" {
		return invalid("validation.codeRequired")
	}
	if len(code) != 6 || !digitsRE.MatchString(code) {
		return ErrCodeWrong
	}
	res, err := s.store.ConsumeCode(ctx, dest, s.codeHash(dest, code), s.cfg.Now(), s.cfg.CodeMaxAttempts)
	if err != nil {
		return err
	}
	switch res {
	case postgres.CodeOK:
		return nil
	case postgres.CodeWrong:
		return ErrCodeWrong
	}
	return ErrCodeExpired
}

// requireCodePresent fails early, before any lookup, when no code was typed.
func requireCodePresent(code string) error {
	if code == "" {
		return invalid("validation.codeRequired")
	}
	return nil
}
