package postgres

// Sentinels of the ledger and the wallet store. (They sit beside errors.go rather than in it because
// the wallet files were written in parallel with it; the lead may merge them.)

import (
	"errors"
	"fmt"
)

var (
	// ErrInsufficientFunds: a posting would take a user or streamer wallet below zero; nothing moved.
	// The error is an *InsufficientFundsError when the shortfall was found before writing.
	ErrInsufficientFunds = errors.New("postgres: insufficient funds")
	// ErrUnbalanced: a posting's entries do not sum to zero in some currency.
	ErrUnbalanced = errors.New("postgres: ledger posting does not balance")
	// ErrBadPosting: a posting without key, with fewer than two entries or a zero amount.
	ErrBadPosting = errors.New("postgres: malformed ledger posting")
	// ErrIdempotencyConflict: the idempotency key was already used for a different movement.
	ErrIdempotencyConflict = errors.New("postgres: idempotency key reused for a different movement")
	// ErrOrderNotFound: no payment order with that number.
	ErrOrderNotFound = errors.New("postgres: payment order not found")
	// ErrGiftNotFound: no active gift with that id.
	ErrGiftNotFound = errors.New("postgres: gift not found")
)

// InsufficientFundsError says which wallet is short. errors.Is(err, ErrInsufficientFunds) holds.
type InsufficientFundsError struct {
	Account Account
	Balance int64
	Need    int64
}

func (e *InsufficientFundsError) Error() string {
	return fmt.Sprintf("postgres: insufficient funds in %s: balance %d, need %d", e.Account, e.Balance, e.Need)
}

// Is makes errors.Is(err, ErrInsufficientFunds) true.
func (e *InsufficientFundsError) Is(target error) bool { return target == ErrInsufficientFunds }
