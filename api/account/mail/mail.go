package mail

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"
)

// ErrNoRecipient: a Message without To.
var ErrNoRecipient = errors.New("mail: message has no recipient")

// Message is one verification message. Code is the code itself, for sinks that index by it;
// Subject and Text are already localized.
type Message struct {
	To      string // e-mail address or "+<area><number>"
	Subject string
	Text    string
	Code    string
}

// Sender delivers a Message. Implementations must be safe for concurrent use.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Sent is one message remembered by DevSink.
type Sent struct {
	To   string    `json:"to"`
	Code string    `json:"code"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// DevSink is a Sender that keeps the last Keep messages per destination in memory instead of
// delivering them. It never fails. Development and tests only.
type DevSink struct {
	Keep int // messages kept per destination; default 5

	mu   sync.Mutex
	sent map[string][]Sent
}

var _ Sender = (*DevSink)(nil)

// NewDevSink returns an empty sink.
func NewDevSink() *DevSink { return &DevSink{Keep: 5, sent: map[string][]Sent{}} }

// Send implements Sender.
func (d *DevSink) Send(_ context.Context, m Message) error {
	if m.To == "" {
		return ErrNoRecipient
	}
	key := strings.ToLower(m.To)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.sent == nil {
		d.sent = map[string][]Sent{}
	}
	keep := d.Keep
	if keep <= 0 {
		keep = 5
	}
	l := append(d.sent[key], Sent{To: m.To, Code: m.Code, Text: m.Text, At: time.Now()})
	if len(l) > keep {
		l = l[len(l)-keep:]
	}
	d.sent[key] = l
	return nil
}

// Last returns the messages kept for to, newest last (a copy).
func (d *DevSink) Last(to string) []Sent {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]Sent(nil), d.sent[strings.ToLower(to)]...)
}

// LastCode returns the newest code sent to to.
func (d *DevSink) LastCode(to string) (string, bool) {
	l := d.Last(to)
	if len(l) == 0 {
		return "", false
	}
	return l[len(l)-1].Code, true
}
