-- The message centre (issue 23): every notice a user receives — system notices, order and review
-- updates, replies to comments, booked matches starting, followed streamers going live — kept until
-- read and beyond, read state shared by every device.
CREATE TABLE notices (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL,
    kind       text NOT NULL,            -- system, order, review, reply, match, live, task, ...
    msg_key    text NOT NULL,            -- message key (api/locale) localized when listed
    args       jsonb NOT NULL DEFAULT '[]',
    link       text NOT NULL DEFAULT '', -- where the notice leads on the site (/userInfo/exchange, /live/1001)
    dedupe     text,                     -- one notice per (user, dedupe) when set: a retried sender adds nothing
    created_at timestamptz NOT NULL,
    read_at    timestamptz
);
CREATE INDEX notices_user ON notices (user_id, id DESC);
CREATE INDEX notices_unread ON notices (user_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notices_dedupe ON notices (user_id, dedupe) WHERE dedupe IS NOT NULL;
