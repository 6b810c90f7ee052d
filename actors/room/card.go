package room

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"courtside/actors/protocol"
)

// TCard asks the room what it knows of one chatter (Msg.UID), for the chatter card of the REST call
// GET /chatroom/userInfo (api/chat). It arrives as a Command from that service, never from the
// socket (protocol.Decode knows no such type). The room answers facts only, in Reply.Card: the
// service decides what the caller may see of them, so the rights stay where the commands' are.
const TCard = "card"

// Card is the room's view of one chatter, and of the caller, at the moment of asking.
type Card struct {
	// Rank of the chatter in this room: 0 viewer, 1 moderator, 2 streamer (staff are not known here:
	// the room knows administrators only by the identity of whoever sends a command).
	Rank int
	// CallerRank is the asker's rank: 0 viewer, 1 moderator, 2 streamer, 3 staff.
	CallerRank int
	// MutedUntil is the end of the chatter's mute in this room (unix ms; 0: not muted here).
	MutedUntil int64
	// PlatformUntil is the end of a platform-wide mute (unix ms; 0: none).
	PlatformUntil int64
	// Name is the name the chatter last chatted with here ("" when the room does not remember).
	Name string
}

// mutedUntil is the end of uid's mute in force at now, here or platform-wide (unix ms; 0: none).
func (a *Actor) mutedUntil(uid string, now time.Time) int64 {
	var until time.Time
	if m, ok := a.state.Mutes[uid]; ok && now.Before(m.Until) {
		until = m.Until
	}
	if p, ok := a.cfg.PlatformMutes.MutedUntil(uid); ok && now.Before(p) && p.After(until) {
		until = p
	}
	if until.IsZero() {
		return 0
	}
	return until.UnixMilli()
}

func (a *Actor) onCard(ctx actor.Context, c *Command) {
	if c.User.Guest || c.Msg.UID == "" {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: protocol.CodeBadMessage})
		return
	}
	uid, now := c.Msg.UID, a.cfg.Now()
	card := &Card{Rank: a.rankOfID(uid), CallerRank: a.rank(c.User), Name: a.ring.nameOf(uid)}
	if m, ok := a.state.Mutes[uid]; ok && now.Before(m.Until) {
		card.MutedUntil = m.Until.UnixMilli()
		if card.Name == "" {
			card.Name = m.Name
		}
	}
	if until, ok := a.cfg.PlatformMutes.MutedUntil(uid); ok && now.Before(until) {
		card.PlatformUntil = until.UnixMilli()
	}
	a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Card: card})
}
