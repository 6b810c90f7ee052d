-- Gift idempotency keys of the rooms on a node alone (issue 15): which event seq a paid gift became,
-- kept across restarts so a gift retried after one is acknowledged with its first seq, not shown
-- again. A cluster keeps the same keys in Redis (storage/redis GiftKeys).
CREATE TABLE room_gift_keys (
    key        text PRIMARY KEY,       -- "gift:<room>:<user>:<nonce>"
    seq        bigint NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX room_gift_keys_created ON room_gift_keys (created_at);
