package account

import "context"

// PasswordEvaluations is how many passwords the service has evaluated (argon2 runs of sign-in).
func (s *Service) PasswordEvaluations() int64 { return s.evaluated.Load() }

// HoldArgon2 takes the whole argon2 memory budget until the returned release is called.
func (s *Service) HoldArgon2() (release func()) {
	_ = s.argon2.Acquire(context.Background(), s.cfg.Argon2MemoryBudgetKiB)
	return func() { s.argon2.Release(s.cfg.Argon2MemoryBudgetKiB) }
}
