package account_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/api/account"
	"courtside/storage/postgres"
)

var confirmOrder = account.CodePurpose{Name: "order", Subject: "shop.confirmCode.subject", Body: "shop.confirmCode.body"}

// TestPurposeCodes: a code for a purpose goes to the user's phone, else e-mail, masked in the
// answer; it is consumed once, expires on the clock, and is kept apart from sign-in codes and from
// other purposes.
func TestPurposeCodes(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	c := account.Client{IP: "198.51.100.7", Lang: "en_US"}
	mk := func(name, phone, email string) int64 {
		nu := postgres.NewUser{Username: name, Email: email}
		if phone != "" {
			nu.AreaCode, nu.Phone = "86", "+86"+phone
		}
		id, err := e.svc.Store().CreateUser(ctx, nu, nil)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	both := mk("both", "13800138000", "both@example.com")
	mailOnly := mk("mailonly", "", "mail@example.com")
	none := mk("none", "", "")

	sent, err := e.svc.SendUserCode(ctx, both, confirmOrder, c)
	if err != nil || sent.Channel != "sms" || sent.To != "+86 138****8000" || sent.ResendAfter != 60 {
		t.Fatalf("phone first: %+v %v", sent, err)
	}
	code, _ := e.sink.LastCode("+8613800138000")
	if err := e.svc.ConsumeUserCode(ctx, both, account.CodePurpose{Name: "other"}, code); !errors.Is(err, account.ErrCodeExpired) {
		t.Fatalf("another purpose took the code: %v", err)
	}
	if err := e.svc.ConsumeUserCode(ctx, both, confirmOrder, code); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.ConsumeUserCode(ctx, both, confirmOrder, code); !errors.Is(err, account.ErrCodeExpired) {
		t.Fatalf("consumed twice: %v", err)
	}

	sent, err = e.svc.SendUserCode(ctx, mailOnly, confirmOrder, c)
	if err != nil || sent.Channel != "email" || sent.To != "m***@example.com" {
		t.Fatalf("e-mail: %+v %v", sent, err)
	}
	code, _ = e.sink.LastCode("mail@example.com")
	// A sign-in with the purpose code fails, and the purpose code survives it.
	if _, err := e.svc.CodeLogin(ctx, account.CodeLogin{Identity: account.Identity{MobileOrEmail: "mail@example.com"}, Code: code}, c); !errors.Is(err, account.ErrCodeExpired) {
		t.Fatalf("a purpose code signed in: %v", err)
	}
	e.clock.Add(10*time.Minute + time.Second)
	if err := e.svc.ConsumeUserCode(ctx, mailOnly, confirmOrder, code); !errors.Is(err, account.ErrCodeExpired) {
		t.Fatalf("expired code accepted: %v", err)
	}

	if _, err := e.svc.SendUserCode(ctx, none, confirmOrder, c); !errors.Is(err, account.ErrNoCodeAddress) {
		t.Fatalf("nowhere to send: %v", err)
	}
	if err := e.svc.ConsumeUserCode(ctx, both, confirmOrder, ""); err == nil {
		t.Fatal("an empty code passed")
	}
}
