package account_test

import (
	"context"
	"testing"
)

// BenchmarkAuthenticate measures what every protected REST call and every real-time `auth`
// frame costs: a session lookup and a user load (two Postgres round trips on loopback).
func BenchmarkAuthenticate(b *testing.B) {
	e := newEnv(b)
	lr := e.register("bench@example.com", "bench", "bench123")
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.svc.Authenticate(ctx, lr.Token); err != nil {
			b.Fatal(err)
		}
	}
}
