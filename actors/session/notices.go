package session

import (
	"courtside/actors/match"
	"courtside/actors/protocol"
)

// noticeFrame is the frame of a server notice (docs/protocol.md, "notice").
type noticeFrame struct {
	T       string `json:"t"`
	Key     string `json:"key"`
	Match   string `json:"match"`
	GameID  int    `json:"gameId"`
	StartAt int64  `json:"startAt"`
}

// MatchNotices is the match actors' Notifier: "your booked match is starting", to every session of
// each booked user.
type MatchNotices struct{ Users Users }

var _ match.Notifier = MatchNotices{}

// MatchStarting implements match.Notifier.
func (m MatchNotices) MatchStarting(userIDs []string, s match.Starting) {
	payload := protocol.Encode(&noticeFrame{T: "notice", Key: "match.starting", Match: s.Match, GameID: s.Game, StartAt: s.StartAt})
	for _, uid := range userIDs {
		m.Users.Notify(uid, &Notice{Payload: payload})
	}
}
