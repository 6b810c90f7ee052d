package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtside/api/account/mail"
	"courtside/api/account/mail/smtptest"
)

func TestSMTPDeliversToARealSMTPServerWithAuth(t *testing.T) {
	srv := smtptest.Start(t)
	srv.User, srv.Password = "courtside", "s3cret"
	s, err := mail.NewSMTP(mail.SMTPConfig{Addr: srv.Addr, From: "no-reply@courtside.test", Username: "courtside", Password: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	// 127.0.0.1 is "localhost" for net/smtp's PLAIN auth, which refuses clear text elsewhere.
	err = s.Send(context.Background(), mail.Message{To: "fan@example.com", Subject: "Código de verificación",
		Text: "Your code is 123456\n.leading dot line", Code: "123456"})
	if err != nil {
		t.Fatal(err)
	}
	msgs := srv.Wait(t, 1, 5*time.Second)
	m := msgs[0]
	if m.From != "no-reply@courtside.test" || len(m.To) != 1 || m.To[0] != "fan@example.com" || m.User != "courtside" {
		t.Fatalf("envelope = %+v", m)
	}
	for _, want := range []string{"Your code is 123456\r\n", "\r\n.leading dot line\r\n", "Subject: =?utf-8?q?", "charset=utf-8"} {
		if !strings.Contains(m.Data, want) {
			t.Errorf("data lacks %q:\n%s", want, m.Data)
		}
	}
}

func TestSMTPFailsOnWrongCredentials(t *testing.T) {
	srv := smtptest.Start(t)
	srv.User, srv.Password = "courtside", "s3cret"
	s, _ := mail.NewSMTP(mail.SMTPConfig{Addr: srv.Addr, From: "a@b.test", Username: "courtside", Password: "nope"})
	if err := s.Send(context.Background(), mail.Message{To: "x@y.test", Text: "x"}); err == nil {
		t.Fatal("Send with a wrong password succeeded")
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d messages accepted", n)
	}
}

func TestSMTPRefusesHeaderInjection(t *testing.T) {
	s, _ := mail.NewSMTP(mail.SMTPConfig{Addr: "127.0.0.1:1", From: "a@b.test"})
	if err := s.Send(context.Background(), mail.Message{To: "x@y.test\r\nBcc: z@w.test"}); err == nil {
		t.Fatal("recipient with CRLF accepted")
	}
}

func TestDevSinkKeepsTheLastCodesPerDestination(t *testing.T) {
	d := mail.NewDevSink()
	d.Keep = 2
	for _, c := range []string{"111111", "222222", "333333"} {
		_ = d.Send(context.Background(), mail.Message{To: "Fan@Example.com", Code: c})
	}
	if c, ok := d.LastCode("fan@example.com"); !ok || c != "333333" {
		t.Fatalf("LastCode = %q %v", c, ok)
	}
	if l := d.Last("fan@example.com"); len(l) != 2 || l[0].Code != "222222" {
		t.Fatalf("Last = %+v", l)
	}
	if _, ok := d.LastCode("+8613800138000"); ok {
		t.Fatal("code for a destination never sent to")
	}
}
