// Package match runs live matches as actors and publishes their scores to topics.
//
// # Match actors
//
// A match actor (one per match, found or activated by Registry) is the single writer of the
// match's live state. Feed events reach it through Registry.Push (Registry implements
// feed.Sink, so a provider or the feed.Simulator pushes straight into it). The actor applies each
// event exactly once and in order: an event at or below the last applied sequence number is a
// duplicate and dropped; an event ahead of a gap is held (up to Config.MaxBuffered, beyond which
// it is refused and must be sent again) until the gap fills. Status changes follow spec §4
// (feed.Transition); a forbidden one is consumed and ignored.
//
// When the mailbox has no more events (a self-sent flush queues behind what is already there),
// the actor publishes the fields that changed since its last publish, latest value wins, to the
// match topic and the scoreboard fields to its game's scoreboard topic, tells the Listener (the
// REST index) when list fields changed, and queues one Store.SaveMatch with the new state and
// the events that led to it; with Config.QuietSaveDelay, events that only moved the clock wait
// that long and go with the next save (a running clock stored a few seconds old reads the same). On activation it loads the stored state (feed.Saved) and continues
// from its LastSeq, so it survives restarts; a provider replaying from the start is harmless.
//
// Side effects, each at most once per cause:
//   - reservation notices: when the match goes from not started/announced into play, the actor
//     claims the un-notified bookings (ReservationStore.ClaimStartNotices hands each booking out
//     once, ever) and calls Notifier.MatchStarting with their users; it claims again when
//     re-activated in play, which notifies nobody twice.
//   - the result: once the finished state is durable, ResultSink.MatchFinished gets the Result;
//     an acknowledged result is recorded (Store.MarkResultDelivered) and never sent again; an
//     unacknowledged one is retried after RetryAfter and at the next activation.
//
// # Topics and the relay
//
// A topic actor that receives nothing for TopicConfig.IdleAfter (2 minutes) while nobody follows it
// passivates; the next Get activates it again and a match topic asks its match for its whole state.
// With TopicConfig.MatchExists, Resolve refuses a made-up match id before any actor starts.
//
// Topics are `match:<id>` (every field of one match) and `scores:<gameId>` (the scoreboard
// fields of every match of a game: st, h, a, p, pn, clk, ps, start, ts, s.redCards, and a second
// leg's d.agg and d.through; a clock only when it departs from where clients extrapolate the
// one they have, board.go). A topic actor behaves
// towards the node relay exactly like a room (room.Join / room.JoinReply / room.RelayReport /
// room.Deliver), so the relay serves topics unchanged: give it Finder{Rooms, Topics} as its
// RoomFinder. A publish that finds the topic quiet (its last frame at least Tick, 50 ms, ago)
// goes out at once; publishes that follow within a tick are merged field by field (latest value
// wins) into the next frame, a tick after the last. Each frame is encoded once and sent once to
// each relay with subscribers; the relay writes the same bytes to every local subscriber. A joining subscriber
// gets one frame with the current state (match topics: every field; scoreboards: the matches in
// play) as the JoinReply's replay, then the deltas.
//
// Frames (text, JSON):
//
//	{"t":"score","topic":"match:42","match":"42","delta":{"h":2,"s.shots":[9,4],"ts":1763800000000}}
//	{"t":"scores","topic":"scores:202","deltas":{"42":{"h":2,"ts":1763800000000},"43":{"st":2}}}
//
// Delta keys are feed.State fields: st status, h/a score, p period index, pn period name, clk
// clock, ps per-period scores, odds, start, ts (time of the newest event), d.<key> sport detail,
// s.<key> team statistics; a null value removes a key.
//
// # Spoiler-free delay
//
// A subscription may ask for a delay (delayMs). Topics.Resolve maps it to a delay class, the
// smallest class at or above the request (never show a score before the stream does): by
// default 0 (SVIP "Pro" HTTP-FLV, no delay), 3 s (low-delay FLV), 12 s (standard HLS, three
// 4-second segments). Each class is its own topic, `match:42@12000`, so a class costs one
// encoding per tick whatever its number of subscribers. The class-0 topic forwards every
// publish to its delayed siblings; a delayed topic holds each publish until its stamp plus the
// delay, then merges and sends like any topic, in publish order. A late subscriber to a delayed
// topic gets the delayed state, never the live one.
//
// # Cluster mode
//
// On a single node Registry and Topics spawn the actors themselves. In a cluster the engine gives
// each a Placement (UsePlacement) and registers NewActor of each as a cluster kind: match actors
// and topics become virtual actors placed by identity (match id; full topic name), and Get returns
// a local proxy that reaches the actor wherever it lives, so match actors, relays and sessions
// work unchanged. Every node may push the same feed: Registry batches what it pushes per match
// (ApplyBatch) and keeps the events of the last Config.ResendWindow, which Resend pushes again
// after a topology change, since events sent to a member that died before anyone noticed are lost
// with it. A delayed topic attaches itself to its class-0 topic (Attach) when it starts and at
// every relay heartbeat; the class-0 topic ignores siblings it has and forgets those that stop.
// Messages that cross nodes (Apply, ApplyBatch, GetState and its *feed.State reply, Publish,
// Attach) have exported fields only, for the engine's codec.
//
// Concurrency: Registry and Topics are safe for concurrent use. Actors own their state; the
// collaborators in Config are called from actor goroutines (Listener, Store.SaveMatch) or from
// goroutines of their own (Store.LoadMatch, ReservationStore, Notifier, ResultSink) and must be
// safe for concurrent use.
package match
