package errcode_test

import (
	"errors"
	"fmt"
	"testing"

	"courtside/api/errcode"
)

func TestEveryCodeHasAKeyAKindAndAnEdge(t *testing.T) {
	all := errcode.All()
	if len(all) == 0 {
		t.Fatal("empty catalogue")
	}
	for i, c := range all {
		if i > 0 && all[i-1] >= c {
			t.Errorf("All is not ascending at %d", c)
		}
		if c.Key() == "" || c.Kind() == 0 || c.Edge() == 0 || c.Kind().String() == "" {
			t.Errorf("%d: key %q kind %v edge %v", c, c.Key(), c.Kind(), c.Edge())
		}
	}
	if errcode.Code(1).Known() || errcode.Code(1).Key() != "server.error" || errcode.Code(1).Kind() != errcode.KindInternal {
		t.Error("an unknown code must read as a server error")
	}
}

func TestErrorsCompareByCodeAndKey(t *testing.T) {
	sentinel := errcode.New(errcode.Avatar)
	tooLarge := sentinel.WithKey("avatar.tooLarge")
	tests := []struct {
		name string
		err  error
		want error
		is   bool
	}{
		{"itself", sentinel, sentinel, true},
		{"a copy with a cause", sentinel.Wrap(errors.New("decode")), sentinel, true},
		{"a copy with arguments", sentinel.WithArgs(3), sentinel, true},
		{"wrapped by fmt", fmt.Errorf("upload: %w", sentinel), sentinel, true},
		{"same code, other key", tooLarge, sentinel, false},
		{"same key, other code", errcode.New(errcode.Format).WithKey("avatar.format"), sentinel, false},
		{"a fresh value equals the sentinel", errcode.New(errcode.Avatar), sentinel, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errors.Is(tt.err, tt.want); got != tt.is {
				t.Fatalf("errors.Is = %v, want %v", got, tt.is)
			}
		})
	}
}

func TestWithMethodsCopy(t *testing.T) {
	base := errcode.New(errcode.Locked)
	v := base.WithArgs(15).Wrap(errors.New("cause")).WithKind(errcode.KindUnavailable)
	if base.Args != nil || base.Err != nil || base.Kind() != errcode.KindTooMany {
		t.Fatalf("the sentinel changed: %+v", base)
	}
	if len(v.Args) != 1 || v.Err == nil || v.Kind() != errcode.KindUnavailable || v.Key != "account.locked" {
		t.Fatalf("copy %+v", v)
	}
	if e, ok := errcode.As(fmt.Errorf("x: %w", v)); !ok || e != v {
		t.Fatal("As does not find the error in the chain")
	}
	if _, ok := errcode.As(errors.New("plain")); ok {
		t.Fatal("As found an Error in a plain error")
	}
}

func TestKindsAndEdgesHaveNames(t *testing.T) {
	for _, k := range errcode.Kinds() {
		if k.String() == "" || k.String()[0] == 'K' {
			t.Errorf("kind %d has no name: %q", k, k.String())
		}
	}
	if errcode.EdgeBoth.String() != "REST, WebSocket" {
		t.Error(errcode.EdgeBoth.String())
	}
}
