package account_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"courtside/api/account"
	"courtside/api/account/mail"
	"courtside/api/account/mail/smtptest"
	"courtside/api/apitest"
	"courtside/api/errcode"
)

func TestEmailCodesGoOutOverSMTPInTheRequestLanguage(t *testing.T) {
	srv := smtptest.Start(t)
	smtp, err := mail.NewSMTP(mail.SMTPConfig{Addr: srv.Addr, From: "no-reply@courtside.test"})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(_ *account.Config, d *account.Deps) { d.Mail = smtp })
	apitest.Result(t, e.do("POST", "/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "Fan@Example.com"}, hdr("", "de", "")), nil)
	m := srv.Wait(t, 1, 10*time.Second)[0]
	if len(m.To) != 1 || m.To[0] != "fan@example.com" {
		t.Fatalf("recipient %v", m.To)
	}
	if !strings.Contains(m.Data, "Ihr Bestätigungscode lautet") {
		t.Fatalf("message not in German:\n%s", m.Data)
	}
	code := regexp.MustCompile(`\b[0-9]{6}\b`).FindString(m.Data)
	if code == "" {
		t.Fatalf("no code in:\n%s", m.Data)
	}
	if _, ok := e.sink.LastCode("fan@example.com"); ok {
		t.Fatal("an e-mail code went to the dev sink although SMTP is configured")
	}
	if _, errCode := codeLogin(e, "fan@example.com", code); errCode != 0 {
		t.Fatalf("the mailed code: errorCode %d", errCode)
	}
}

func TestUndeliverableCodeIsReported(t *testing.T) {
	smtp, _ := mail.NewSMTP(mail.SMTPConfig{Addr: "127.0.0.1:1", From: "no-reply@courtside.test", Timeout: 2 * time.Second})
	e := newEnv(t, func(_ *account.Config, d *account.Deps) { d.Mail = smtp })
	apitest.Failure(t, e.post("/login/V2/sendEmailcheckCode", map[string]any{"mobileOrEmail": "fan@example.com"}, ""), errcode.SendFailed, "")
}
