// Package pgtest gives each test its own fresh, migrated Postgres database on the server named by
// DATABASE_URL, and drops it when the test ends; VerifyLedger checks that the coin ledger a test
// wrote balances.
//
// Without DATABASE_URL the test is skipped with a clear message, unless COURTSIDE_REQUIRE_SERVICES=1
// (set by `make test` and CI), in which case it fails: CI must never pass by skipping integration tests.
package pgtest
