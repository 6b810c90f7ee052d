-- Promotion channels (issue 23, spec §1–§3): a channel partner's channels and every event that
-- happened through them. Statistics are computed from the events (never from counters that could
-- drift); the partner's spend and share are read from the ledger (0003) for the users registered
-- through the channels. Rules: api/channels; queries: storage/postgres/channels.go.

-- A channel. owner_id is the partner (a user holding the channel role); 0 for the platform's own
-- default channel dayan001, to which every user who arrives without a code is attributed. kind:
-- register (the link lands on sign-up) or download (the link lands on /download). share_bps is the
-- partner's share of what the channel's users spend, in basis points.
CREATE TABLE promotion_channels (
    id         bigserial PRIMARY KEY,
    owner_id   bigint  NOT NULL DEFAULT 0,
    code       text    NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{3,32}$'),
    name       text    NOT NULL CHECK (name <> '' AND length(name) <= 64),
    source     text    NOT NULL DEFAULT '' CHECK (length(source) <= 64),
    kind       text    NOT NULL CHECK (kind IN ('register', 'download')),
    share_bps  integer NOT NULL DEFAULT 1000 CHECK (share_bps BETWEEN 0 AND 10000),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX promotion_channels_owner ON promotion_channels (owner_id, id);

INSERT INTO promotion_channels (owner_id, code, name, source, kind, share_bps)
VALUES (0, 'dayan001', 'Default', 'site', 'register', 0);

-- One row per event: a visit through a link, a registration, a download. visitor is a keyed hash
-- of (address, user agent, day): no cookie is needed to count a visitor once a day, and the raw
-- address is never stored. source is a keyed hash of the address alone (the fraud guard's bursts).
-- A visit and a download count once per (channel, visitor, day); a registration once per user.
CREATE TABLE promotion_events (
    id         bigserial PRIMARY KEY,
    channel_id bigint  NOT NULL REFERENCES promotion_channels(id),
    kind       text    NOT NULL CHECK (kind IN ('visit', 'register', 'download')),
    day        date    NOT NULL,
    visitor    bytea   NOT NULL DEFAULT '\x',
    source     bytea   NOT NULL DEFAULT '\x',
    user_id    bigint  NOT NULL DEFAULT 0,
    from_type  text    NOT NULL DEFAULT '',
    at         timestamptz NOT NULL
);
CREATE UNIQUE INDEX promotion_events_once_a_day ON promotion_events (channel_id, kind, day, visitor)
    WHERE kind IN ('visit', 'download');
CREATE UNIQUE INDEX promotion_events_register_once ON promotion_events (user_id) WHERE kind = 'register';
CREATE INDEX promotion_events_stats ON promotion_events (channel_id, day);
CREATE INDEX promotion_events_source ON promotion_events (source, at) WHERE kind = 'visit';
CREATE INDEX promotion_events_downloads ON promotion_events (user_id) WHERE kind = 'download' AND user_id <> 0;

-- Visits the fraud guard dropped, per source and minute, for staff to look at (never counted).
CREATE TABLE promotion_dropped (
    channel_id bigint NOT NULL,
    source     bytea  NOT NULL,
    minute     timestamptz NOT NULL,
    n          integer NOT NULL DEFAULT 1,
    PRIMARY KEY (channel_id, source, minute)
);
