// Package room implements the live-room actor: one per room, the single writer of everything the room
// knows — open or closed, streamer, moderators, mutes, slow mode, level and membership gates, the
// banned-word filter, per-user rate limits, the ring of recent events and the viewer count.
//
// Path of a chat line (docs/protocol.md, design §2):
//
//  1. A session sends Command; the room checks it in its mailbox order, so a mute acknowledged to a
//     moderator is in force for the muted user's very next message.
//  2. An accepted event gets the next sequence number, is encoded once and handed to History, which
//     group-commits it off the actor. Events become visible strictly in sequence order once durable:
//     then the sender gets its Reply (ack, carrying the event) and the event joins the broadcast.
//  3. Ordinary chat is paced (tick.go): a line that finds the room quiet (its last frame at least an
//     interval old) goes out at once; while lines keep coming they wait for the next tick, one
//     interval after the last frame, the interval widening with the chat rate from TickMin to TickMax.
//     A frame holds at most FrameLines lines, sampled fairly across senders; anything else (priority)
//     flushes the pending batch at once together with itself. Each frame is one Deliver per subscribed
//     relay; it names its first and last seq, so a relay can drop what its connections already have.
//  4. Relays join on behalf of their local connections with Join; the JoinReply carries everything
//     after the client's `since` that was already broadcast, so a joiner sees no gap and no duplicate.
//
// Gifts: the Wallet pays off the actor, exactly once per key "gift:<room>:<user>:<nonce>"; the paid
// gift is then accepted like a priority event. A retry of the same nonce gets the first seq instead
// of a second event: from this incarnation's memory, or, in cluster mode, from GiftKeys (shared by
// every node), which the room asks after the payment and tells once the gift's event is durable.
// A node dying between that commit and the GiftKeys write leaves the one window in which a retry is
// shown twice (still paid once); a GiftKeys failure falls back to memory only.
//
// Moderation presets (presets.go, shield.go; issue 25): slow mode on a decisive incident of the linked
// match (MatchEvent) or a chat-rate spike, shield mode in one click, followers-only chat. Every
// automatic action is a `sys` event (announced), an AutoAudit record, and undone by a moderator's
// `undo`. Standings (account and follow age) are loaded once per user off the actor and cached; a
// viewer's line that needs one not yet known waits for it, nothing else does.
//
// Paid messages (paid.go, issue 25 §4) take the gift's path with their own key
// "paid:<room>:<user>:<nonce>" and PaidWallet; a moderator's removal (refunded or not) is paid.go's
// TUnpin.
//
// Other callers (the REST moderation calls of api/chat, paid messages, the back office) speak to a room
// with Ask (ask.go): a Command whose reply reaches them through a one-shot actor equipped by the
// caller's props, so it is decoded even when the room lives on another node. TCard (card.go) answers
// the facts of the chatter card; `joined` tells a muted joiner when the mute ends (JoinReply.MutedUntil).
//
// Concurrency: all state belongs to the actor's Receive. Store and History calls that may block run on
// goroutines and report back with messages. Registry is safe for concurrent use.
package room
