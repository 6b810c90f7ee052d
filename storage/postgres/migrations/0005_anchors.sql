-- Streamers (anchors, issue 9): applications and their review, the approved streamer's live room and
-- hashed stream key, the live-room fields of spec §3, live sessions, paid-room unlocks and the
-- uploaded pictures (ID photos, covers, detail pictures).
-- User ids are bigint (users.id of 0002) and carry no foreign key, so this file does not depend on the
-- order other features' migrations land in; rooms(id) of 0001 is referenced.

-- Pictures uploaded from the streamer centre. ID photos are private (owner and administrators);
-- covers and detail pictures are public. Size and ratio were checked on upload.
CREATE TABLE anchor_uploads (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint NOT NULL,
    kind         text NOT NULL CHECK (kind IN ('idFront','idBack','idHand','cover','detail')),
    content_type text NOT NULL CHECK (content_type IN ('image/jpeg','image/png')),
    width        integer NOT NULL CHECK (width > 0),
    height       integer NOT NULL CHECK (height > 0),
    data         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX anchor_uploads_user ON anchor_uploads (user_id, created_at DESC);

-- One row per user who applied: the application (spec §3 "Streamer application") and, once approved,
-- the streamer. status follows spec §4: review -> approved | rejected; rejected -> review (apply
-- again); approved <-> banned (a streaming ban).
CREATE TABLE anchors (
    user_id        bigint PRIMARY KEY,
    real_name      text NOT NULL CHECK (real_name <> ''),
    id_number      text NOT NULL CHECK (id_number <> ''),
    phone          text NOT NULL CHECK (phone <> ''),   -- the phone bound to the account when applying
    birth_date     date NOT NULL,                       -- from the ID number, or given; 18+ checked
    intro          text NOT NULL CHECK (intro <> ''),
    live_content   text NOT NULL DEFAULT '',
    id_front       bigint NOT NULL REFERENCES anchor_uploads(id),
    id_back        bigint NOT NULL REFERENCES anchor_uploads(id),
    id_hand        bigint NOT NULL REFERENCES anchor_uploads(id),
    status         text NOT NULL DEFAULT 'review' CHECK (status IN ('review','approved','rejected','banned')),
    reason         text NOT NULL DEFAULT '',            -- rejection or ban reason, shown to the applicant
    reviewed_by    bigint,
    reviewed_at    timestamptz,
    submitted_at   timestamptz NOT NULL DEFAULT now(),
    room_id        text UNIQUE REFERENCES rooms(id),    -- set on approval
    stream_key_hash bytea UNIQUE,                       -- sha256 of the stream key; the key is shown once
    key_rotated_at timestamptz,
    CHECK (status NOT IN ('approved','banned') OR room_id IS NOT NULL)
);
CREATE INDEX anchors_status ON anchors (status, submitted_at);

-- The live-room fields of spec §3 beside rooms (title and member_only stay in rooms, where the room
-- actor reads them).
CREATE TABLE live_rooms (
    room_id           text PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
    cover             bigint REFERENCES anchor_uploads(id),
    paid              boolean NOT NULL DEFAULT false,
    price             bigint NOT NULL DEFAULT 0 CHECK (price >= 0),   -- coins to unlock a paid room
    external_comments boolean NOT NULL DEFAULT true,
    teaser            text NOT NULL DEFAULT '',                        -- pre-broadcast teaser
    detail_intro      text NOT NULL DEFAULT '',
    detail_pics       bigint[] NOT NULL DEFAULT '{}' CHECK (cardinality(detail_pics) <= 3),
    match_id          text NOT NULL DEFAULT '',                        -- linked match, or
    game_id           integer NOT NULL DEFAULT 0,
    custom_tag        text NOT NULL DEFAULT '',                        -- a custom tag instead
    m3u8_url          text NOT NULL DEFAULT '',                        -- external source
    broadcasting      boolean NOT NULL DEFAULT false,  -- live started in the streamer centre: pushes accepted
    is_live           boolean NOT NULL DEFAULT false,  -- a stream is up (from the media path)
    live_since        timestamptz,
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_rooms_live ON live_rooms (is_live, live_since DESC);

-- Every broadcast, for /liveRecord.
CREATE TABLE live_sessions (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_id      text NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    title        text NOT NULL DEFAULT '',
    match_id     text NOT NULL DEFAULT '',
    started_at   timestamptz NOT NULL,
    ended_at     timestamptz,
    peak_viewers integer NOT NULL DEFAULT 0
);
CREATE INDEX live_sessions_room ON live_sessions (room_id, started_at DESC);
CREATE UNIQUE INDEX live_sessions_open ON live_sessions (room_id) WHERE ended_at IS NULL;

-- Paid-room unlocks (/orderpay/match/pay/liveUnlock), recorded after the wallet took the payment.
CREATE TABLE live_unlocks (
    user_id    bigint NOT NULL,
    room_id    text NOT NULL,
    until_at   timestamptz NOT NULL,
    price      bigint NOT NULL CHECK (price >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, room_id)
);
