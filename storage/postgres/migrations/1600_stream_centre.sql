-- The streamer centre's ingest tools (issue 17 "Around the room"): the optional allow-list of source
-- addresses for a streamer's stream key (GET /addIpWhite), enforced at every node's RTMP ingest, the
-- stream's health sampled at the ingest (bitrate, frame rate, viewers) for /anchorCenter/liveLinkDetails,
-- and a hint of the stream key (its prefix and last four characters) so the guide can say which key
-- is in force without storing it.

-- One row per allowed address or network of a room's stream key. Empty: any address may publish.
CREATE TABLE stream_source_allow (
    room_id    text NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    cidr       cidr NOT NULL,
    note       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    PRIMARY KEY (room_id, cidr)
);

-- Health samples of a room's live streams, every few seconds while live; kept for a day.
CREATE TABLE stream_health_samples (
    room_id      text NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    at           timestamptz NOT NULL,
    bitrate_kbps integer NOT NULL CHECK (bitrate_kbps >= 0),
    fps          real NOT NULL CHECK (fps >= 0),
    viewers      integer NOT NULL CHECK (viewers >= 0)
);
CREATE INDEX stream_health_samples_room ON stream_health_samples (room_id, at DESC);

ALTER TABLE anchors ADD COLUMN stream_key_hint text NOT NULL DEFAULT '';
