-- Chat history in Postgres (issue 8): the shared store of a cluster without ScyllaDB. Every node of a
-- cluster reads and writes the same rows, so a room re-activated on another node continues its
-- sequence (LastSeq) and serves resume (After). The embedded Pebble store is node-local and cannot.
-- Same contract as storage/history.Store: (room, seq) identifies an event; tombstones are kept apart
-- from events so a retried append of a deleted message never brings it back.

CREATE TABLE chat_history (
    room    text   NOT NULL,
    seq     bigint NOT NULL CHECK (seq > 0),
    msg_id  text   NOT NULL DEFAULT '',    -- "<room>-<seq>" for chat and gift; '' for other kinds
    ts      bigint NOT NULL CHECK (ts >= 0), -- unix ms; never decreases with seq within a room
    kind    text   NOT NULL,
    user_id text   NOT NULL DEFAULT '',
    target  text   NOT NULL DEFAULT '',    -- for a "del" event: the message id it deletes
    payload bytea  NOT NULL,               -- the event exactly as encoded on the wire
    PRIMARY KEY (room, seq)
);
CREATE INDEX chat_history_msg ON chat_history (room, msg_id) WHERE msg_id <> '';
CREATE INDEX chat_history_ts ON chat_history (room, ts, seq);

CREATE TABLE chat_tombstones (
    room       text NOT NULL,
    msg_id     text NOT NULL,
    deleted_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (room, msg_id)
);
