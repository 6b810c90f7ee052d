-- Live rooms and everything the room actor must find again after a restart or a failover:
-- settings, moderators, mutes, and the record of every moderation action and report.
-- User ids are text: "u<number>" for accounts, "g-<hex>" for guests (guests can be muted too).

CREATE TABLE rooms (
    id              text PRIMARY KEY,
    title           text NOT NULL DEFAULT '',
    streamer_id     text,
    is_open         boolean NOT NULL DEFAULT true,
    member_only     boolean NOT NULL DEFAULT false,
    min_level       integer NOT NULL DEFAULT 0,
    slow_mode_secs  integer NOT NULL DEFAULT 0,
    guests_may_chat boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE room_moderators (
    room_id    text NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    user_id    text NOT NULL,
    added_by   text NOT NULL,
    added_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (room_id, user_id)
);

-- room_id '' means platform-wide.
CREATE TABLE mutes (
    room_id    text NOT NULL,
    user_id    text NOT NULL,
    user_name  text NOT NULL DEFAULT '',
    until_at   timestamptz NOT NULL,
    muted_by   text NOT NULL,
    reason     text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (room_id, user_id)
);
CREATE INDEX mutes_until ON mutes (until_at);

-- Every moderation action, append-only: who did what to whom, when and why.
CREATE TABLE moderation_actions (
    id         bigserial PRIMARY KEY,
    room_id    text NOT NULL,
    actor_id   text NOT NULL,
    action     text NOT NULL,        -- mute, unmute, delete, addMod, removeMod, slow, open, close, platformMute
    target_id  text NOT NULL DEFAULT '',
    message_id text NOT NULL DEFAULT '',
    duration_s integer NOT NULL DEFAULT 0,
    reason     text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_actions_room ON moderation_actions (room_id, created_at DESC);

CREATE TABLE reports (
    id          bigserial PRIMARY KEY,
    room_id     text NOT NULL,
    message_id  text NOT NULL,
    message_seq bigint NOT NULL DEFAULT 0,
    reporter_id text NOT NULL,
    reason      text NOT NULL CHECK (reason IN ('inappropriate','attack','nickname','ads','avatar','spam')),
    status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open','actioned','dismissed')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (room_id, message_id, reporter_id)
);
CREATE INDEX reports_open ON reports (status, created_at);
