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

	"courtside/api"
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

// SendCode sends a new code to dest: limits per destination and per IP, the resend interval,
// then delivery in lang.
func (s *Service) sendCode(ctx context.Context, d destination, ip, lang string) error {
	if ip != "" {
		dec, err := s.limiter.Allow(ctx, "code:ip:"+ip, s.cfg.CodePerIP)
		if err != nil {
			return api.Internal(err) // sending costs money: fail closed
		}
		if !dec.Allowed {
			return ErrRateLimited
		}
	}
	dec, err := s.limiter.Allow(ctx, "code:dest:"+d.addr, s.cfg.CodePerDestination)
	if err != nil {
		return api.Internal(err)
	}
	if !dec.Allowed {
		return ErrRateLimited
	}
	code := newCode()
	now := s.cfg.Now()
	left, err := s.store.PutCode(ctx, d.addr, s.codeHash(d.addr, code), now, now.Add(s.cfg.CodeTTL), s.cfg.CodeResendInterval)
	if errors.Is(err, postgres.ErrCodeTooSoon) {
		return errTooSoon(int(math.Ceil(left.Seconds())))
	}
	if err != nil {
		return api.Internal(err)
	}
	msg := mail.Message{
		To:      d.addr,
		Subject: locale.Message(lang, "mail.codeSubject"),
		Text:    locale.Message(lang, "mail.codeBody", code, int(s.cfg.CodeTTL.Minutes())),
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
		return api.BadRequest("validation.codeRequired")
	}
	if len(code) != 6 || !digitsRE.MatchString(code) {
		return ErrCodeWrong
	}
	res, err := s.store.ConsumeCode(ctx, dest, s.codeHash(dest, code), s.cfg.Now(), s.cfg.CodeMaxAttempts)
	if err != nil {
		return api.Internal(err)
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
		return api.BadRequest("validation.codeRequired")
	}
	return nil
}

// POST /login/V2/sendMobilecheckCode {areaCode, mobileOrEmail}
func (s *Service) handleSendMobileCode(r *api.Request) (any, error) {
	var in struct {
		AreaCode      flexString `json:"areaCode"`
		MobileOrEmail flexString `json:"mobileOrEmail"`
		Mobile        flexString `json:"mobile"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	v := in.MobileOrEmail
	if v == "" {
		v = in.Mobile
	}
	d, err := parseDestination(string(v), string(in.AreaCode), 2)
	if err != nil {
		return nil, err
	}
	if err := s.sendCode(r.Context(), d, r.ClientIP.String(), r.Lang); err != nil {
		return nil, err
	}
	return map[string]any{"sent": true, "resendAfter": int(s.cfg.CodeResendInterval.Seconds())}, nil
}

// POST /login/V2/sendEmailcheckCode {mobileOrEmail}
func (s *Service) handleSendEmailCode(r *api.Request) (any, error) {
	var in struct {
		MobileOrEmail string `json:"mobileOrEmail"`
		Email         string `json:"email"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	v := in.MobileOrEmail
	if v == "" {
		v = in.Email
	}
	d, err := parseDestination(v, "", 1)
	if err != nil {
		return nil, err
	}
	if err := s.sendCode(r.Context(), d, r.ClientIP.String(), r.Lang); err != nil {
		return nil, err
	}
	return map[string]any{"sent": true, "resendAfter": int(s.cfg.CodeResendInterval.Seconds())}, nil
}
