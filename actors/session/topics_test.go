package session_test

import (
	"fmt"
	"strings"
	"testing"

	"courtside/actors/match"
	"courtside/actors/session"
)

// onlyMatch42 resolves `match:42` and refuses every other match as unknown.
type onlyMatch42 struct{}

func (onlyMatch42) Resolve(topic string, _ int) (string, error) {
	if topic == "match:42" || strings.HasPrefix(topic, "scores:") {
		return topic, nil
	}
	if strings.HasPrefix(topic, "match:") {
		return "", match.ErrNoSuchMatch
	}
	return "", match.ErrBadTopic
}

// TestSubscriptionsAreBoundedAndUnknownMatchesRefused: a `sub` to an unknown match answers
// 6701 (not "bad message"), and one connection follows at most MaxTopics topics (6702).
func TestSubscriptionsAreBoundedAndUnknownMatchesRefused(t *testing.T) {
	sys, pid, c := start(t, &session.Config{Topics: onlyMatch42{}, MaxTopics: 3})
	in(sys, pid, `{"t":"auth"}`)
	in(sys, pid, `{"t":"sub","topic":"match:999","nonce":"unknown"}`)
	c.wait(t, "unknown match refused", containsFrame(`"nonce":"unknown","code":6701`))
	in(sys, pid, `{"t":"sub","topic":"nonsense","nonce":"bad"}`)
	c.wait(t, "bad topic refused", containsFrame(`"nonce":"bad","code":4013`))
	for i := 0; i < 3; i++ {
		in(sys, pid, fmt.Sprintf(`{"t":"sub","topic":"scores:%d"}`, i))
	}
	in(sys, pid, `{"t":"sub","topic":"scores:1","delayMs":3000,"nonce":"again"}`) // same topic: no new slot
	in(sys, pid, `{"t":"sub","topic":"match:42","nonce":"fourth"}`)
	c.wait(t, "fourth topic refused", containsFrame(`"nonce":"fourth","code":6702`))
	if texts := c.wait(t, "", func([]string, uint16) bool { return true }); strings.Contains(strings.Join(texts, ""), `"nonce":"again"`) {
		t.Fatalf("re-subscribing a followed topic was refused: %q", texts)
	}
}
