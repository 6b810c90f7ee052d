package smtptest

import (
	"bufio"
	"encoding/base64"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// Message is one accepted message.
type Message struct {
	From string
	To   []string
	Data string // the DATA section, dot-unstuffed, CRLF line ends
	User string // authenticated user, "" without AUTH
}

// Server is a running test SMTP server.
type Server struct {
	// Addr is host:port to dial.
	Addr string
	// User and Password, when User is set, are the only credentials AUTH PLAIN accepts, and
	// MAIL is refused before authentication.
	User, Password string

	ln   net.Listener
	mu   sync.Mutex
	msgs []Message
	wg   sync.WaitGroup
}

// Start listens on 127.0.0.1 and serves until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: listen: %v", err)
	}
	s := &Server{Addr: ln.Addr().String(), ln: ln}
	s.wg.Add(1)
	go s.accept()
	t.Cleanup(func() { ln.Close(); s.wg.Wait() })
	return s
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go func() { defer s.wg.Done(); s.serve(c) }()
	}
}

// Messages returns a copy of the messages accepted so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// Wait polls until n messages were accepted or the deadline passes, and returns them.
func (s *Server) Wait(t testing.TB, n int, within time.Duration) []Message {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		m := s.Messages()
		if len(m) >= n {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("smtptest: %d messages after %s, want %d", len(m), within, n)
		}
		time.Sleep(5 * time.Millisecond) // polling with a deadline, not synchronisation
	}
}

func (s *Server) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(c)
	w := bufio.NewWriter(c)
	reply := func(line string) { w.WriteString(line + "\r\n"); w.Flush() }
	reply("220 smtptest ESMTP ready")
	var cur Message
	authed := s.User == ""
	user := ""
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO":
			w.WriteString("250-smtptest greets " + arg + "\r\n")
			w.WriteString("250-8BITMIME\r\n")
			reply("250 AUTH PLAIN")
		case "HELO":
			reply("250 smtptest")
		case "AUTH":
			mech, resp, _ := strings.Cut(arg, " ")
			if !strings.EqualFold(mech, "PLAIN") {
				reply("504 5.5.4 unrecognised mechanism")
				continue
			}
			if resp == "" {
				reply("334 ")
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				resp = strings.TrimRight(l, "\r\n")
			}
			raw, err := base64.StdEncoding.DecodeString(resp)
			parts := strings.Split(string(raw), "\x00")
			if err != nil || len(parts) != 3 || parts[1] != s.User || parts[2] != s.Password {
				reply("535 5.7.8 authentication failed")
				continue
			}
			authed, user = true, parts[1]
			reply("235 2.7.0 authenticated")
		case "MAIL":
			if !authed {
				reply("530 5.7.0 authentication required")
				continue
			}
			cur = Message{From: addrArg(arg), User: user}
			reply("250 2.1.0 ok")
		case "RCPT":
			if cur.From == "" {
				reply("503 5.5.1 MAIL first")
				continue
			}
			cur.To = append(cur.To, addrArg(arg))
			reply("250 2.1.5 ok")
		case "DATA":
			if len(cur.To) == 0 {
				reply("503 5.5.1 RCPT first")
				continue
			}
			reply("354 end with <CRLF>.<CRLF>")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" || l == ".\n" {
					break
				}
				l = strings.TrimPrefix(l, ".")
				b.WriteString(l)
			}
			cur.Data = b.String()
			s.mu.Lock()
			s.msgs = append(s.msgs, cur)
			s.mu.Unlock()
			cur = Message{}
			reply("250 2.0.0 queued")
		case "RSET":
			cur = Message{}
			reply("250 2.0.0 ok")
		case "NOOP":
			reply("250 2.0.0 ok")
		case "QUIT":
			reply("221 2.0.0 bye")
			return
		default:
			reply("502 5.5.2 command not implemented")
		}
	}
}

// addrArg extracts the address of "FROM:<a@b>" or "TO:<a@b> SIZE=...".
func addrArg(arg string) string {
	_, v, _ := strings.Cut(arg, ":")
	v = strings.TrimSpace(v)
	if i := strings.IndexByte(v, '>'); i >= 0 {
		v = v[:i]
	}
	return strings.TrimPrefix(v, "<")
}
