package shop

import (
	"context"
	"strings"

	"courtside/storage/postgres"
)

// ConfirmCodes sends and checks the one-time codes that confirm a redemption (GET /sendMsg). The
// accounts module implements it (engine wires it): the code goes to the user's bound phone, else
// e-mail, with the limits of every other code, and is stored apart from sign-in codes so neither
// can stand for the other.
type ConfirmCodes interface {
	// Send sends userID a new code. ErrBindContact when no phone or e-mail is bound; the accounts
	// module's errors otherwise (too soon, rate limited, delivery failed).
	Send(ctx context.Context, userID int64, ip, lang string) (CodeSent, error)
	// Consume checks code and consumes it when right (the accounts module's wrong, expired and
	// required errors otherwise).
	Consume(ctx context.Context, userID int64, code string) error
}

// CodeSent says where a confirmation code went.
type CodeSent struct {
	Channel     string `json:"channel"` // "sms" or "email"
	To          string `json:"to"`      // masked
	ResendAfter int    `json:"resendAfter"`
}

// NeedsConfirm tells whether an order of kind costing coins needs a confirmation code: physical
// goods always, anything else above Config.ConfirmCodeAbove coins. Never without Deps.Codes.
func (s *Service) NeedsConfirm(kind string, coins int64) bool {
	if s.d.Codes == nil {
		return false
	}
	return kind == KindPhysical || (s.cfg.ConfirmCodeAbove >= 0 && coins > s.cfg.ConfirmCodeAbove)
}

// SendConfirmCode sends userID a code that confirms their next redemption (GET /sendMsg).
func (s *Service) SendConfirmCode(ctx context.Context, userID int64, ip, lang string) (CodeSent, error) {
	if s.d.Codes == nil {
		return CodeSent{}, ErrRedeemFailed
	}
	return s.d.Codes.Send(ctx, userID, ip, lang)
}

// confirm checks the code of an order that needs one, before any coin moves. It does nothing for an
// order that does not need one, that is no longer unpaid (a replay of a paid order, or a state the
// store refuses), or that has expired (the store says so), so the code is not spent on an order that
// cannot be paid. A short balance is told before the code is spent too.
func (s *Service) confirm(ctx context.Context, userID int64, orderNo, code string) error {
	if s.d.Codes == nil {
		return nil
	}
	o, err := s.store.Order(ctx, orderNo)
	if err != nil || o.UserID != userID || o.Status != StatusUnpaid || !o.ExpiresAt.After(s.cfg.Now()) ||
		!s.NeedsConfirm(o.Kind, o.Coins) {
		return nil // the store answers these
	}
	if strings.TrimSpace(code) == "" {
		return ErrConfirmCodeRequired
	}
	if bal, err := s.ledger.Balance(ctx, postgres.UserWallet(userID, postgres.Coin)); err == nil && bal < o.Coins {
		return ErrInsufficientCoins
	}
	return s.d.Codes.Consume(ctx, userID, strings.TrimSpace(code))
}
