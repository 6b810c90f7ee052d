-- The back office's moderation rules (issue 16): the platform's banned words that staff add and remove
-- from the browser. The chat filter of every node is built from the node's word file plus these rows
-- (engine/adminops.go), so an entry reaches every room without a restart.
CREATE TABLE banned_words (
    word       text PRIMARY KEY CHECK (length(word) BETWEEN 1 AND 64),
    added_by   bigint NOT NULL,
    added_at   timestamptz NOT NULL DEFAULT now()
);
