package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"mime"
	"net"
	"net/smtp"
	"strings"
	"time"
)

// SMTPConfig configures the SMTP Sender.
type SMTPConfig struct {
	// Addr is host:port of the submission server. Required.
	Addr string `json:"addr"`
	// From is the envelope and header sender. Required.
	From string `json:"from"`
	// Username and Password enable AUTH PLAIN (only over TLS, or to localhost: net/smtp refuses
	// to send a password in clear text to anyone else).
	Username string `json:"username"`
	Password string `json:"password"`
	// ImplicitTLS dials TLS at once (port 465). Otherwise STARTTLS is used when offered.
	ImplicitTLS bool `json:"implicitTls"`
	// TLS is the TLS configuration; default verifies the server name from Addr.
	TLS *tls.Config `json:"-"`
	// Timeout bounds one delivery. Default 15s.
	Timeout time.Duration `json:"timeout"`
	// HelloName is the EHLO name. Default "localhost".
	HelloName string `json:"helloName"`
}

// SMTP is a Sender that submits each message over SMTP.
type SMTP struct {
	cfg SMTPConfig
}

var _ Sender = (*SMTP)(nil)

// NewSMTP returns an SMTP Sender; it fails when Addr or From is missing.
func NewSMTP(cfg SMTPConfig) (*SMTP, error) {
	if cfg.Addr == "" || cfg.From == "" {
		return nil, fmt.Errorf("mail: SMTP needs Addr and From")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 15 * time.Second
	}
	if cfg.HelloName == "" {
		cfg.HelloName = "localhost"
	}
	return &SMTP{cfg: cfg}, nil
}

// Send implements Sender.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	if m.To == "" {
		return ErrNoRecipient
	}
	if strings.ContainsAny(m.To, "\r\n") {
		return fmt.Errorf("mail: bad recipient %q", m.To)
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	host, _, err := net.SplitHostPort(s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	tlsCfg := s.cfg.TLS
	if tlsCfg == nil {
		tlsCfg = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("mail: dial: %w", err)
	}
	if s.cfg.ImplicitTLS {
		conn = tls.Client(conn, tlsCfg)
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("mail: greeting: %w", err)
	}
	defer c.Close()
	if err := c.Hello(s.cfg.HelloName); err != nil {
		return fmt.Errorf("mail: hello: %w", err)
	}
	if !s.cfg.ImplicitTLS {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(tlsCfg); err != nil {
				return fmt.Errorf("mail: starttls: %w", err)
			}
		}
	}
	if s.cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, host)); err != nil {
			return fmt.Errorf("mail: auth: %w", err)
		}
	}
	if err := c.Mail(s.cfg.From); err != nil {
		return fmt.Errorf("mail: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("mail: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if _, err := w.Write(compose(s.cfg.From, m)); err != nil {
		return fmt.Errorf("mail: writing body: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: end of data: %w", err)
	}
	return c.Quit()
}

// compose builds an RFC 5322 message: UTF-8 text, the subject encoded as RFC 2047 when needed.
func compose(from string, m Message) []byte {
	var b strings.Builder
	b.WriteString("From: " + from + "\r\n")
	b.WriteString("To: " + m.To + "\r\n")
	b.WriteString("Subject: " + mime.QEncoding.Encode("utf-8", m.Subject) + "\r\n")
	b.WriteString("Date: " + time.Now().UTC().Format(time.RFC1123Z) + "\r\n")
	b.WriteString("MIME-Version: 1.0\r\n")
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
	b.WriteString("Content-Transfer-Encoding: 8bit\r\n\r\n")
	for _, line := range strings.Split(strings.ReplaceAll(m.Text, "\r\n", "\n"), "\n") {
		b.WriteString(line + "\r\n")
	}
	return []byte(b.String())
}
