-- Paid messages (issue 25 §4, "Super Chat"): a chat line bought with coins, highlighted and pinned at
-- the top of a live room for a time its tier gives. The charge is a ledger transaction of type gift
-- (sender to the streamer's earnings and the platform, split like a gift); this row rides in the same
-- transaction, keyed by it, so a retried send (same idempotency key) finds it and charges nothing.
-- A moderator's removal is recorded here once; a removal for a reason that is not the sender's fault
-- refunds through the ledger (type refund, key "paidmsg-refund:<txn_id>"), exactly once.
CREATE TABLE paid_messages (
    txn_id        bigint  PRIMARY KEY REFERENCES ledger_transactions(id),
    idem_key      text    NOT NULL UNIQUE,
    room_id       text    NOT NULL,
    sender_id     bigint  NOT NULL,
    sender_name   text    NOT NULL DEFAULT '',
    streamer_id   bigint  NOT NULL,
    body          text    NOT NULL,
    coins         bigint  NOT NULL CHECK (coins > 0),
    streamer_share bigint NOT NULL CHECK (streamer_share >= 0),
    color         text    NOT NULL,
    pinned_until  timestamptz NOT NULL,
    created_at    timestamptz NOT NULL,
    removed_at    timestamptz,
    removed_by    bigint,
    removed_reason text,
    refund_txn_id bigint REFERENCES ledger_transactions(id)
);
-- The pinned bar of a room: live rows, biggest first.
CREATE INDEX paid_messages_room ON paid_messages (room_id, pinned_until) WHERE removed_at IS NULL;
-- Leaderboard rebuilds replay paid messages beside gift_sends.
CREATE INDEX paid_messages_created ON paid_messages (room_id, created_at);
