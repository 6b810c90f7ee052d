-- Videos (issue 22, api/videos): highlights, replays and clips uploaded by staff, and recordings of
-- live broadcasts. Files live on the node's disk (<data dir>/videos/<id>/); these rows say what they
-- are and where they stand.
CREATE TABLE videos (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind        text NOT NULL CHECK (kind IN ('highlight','replay','clip','recording')),
    title       text NOT NULL CHECK (title <> ''),
    game_id     integer NOT NULL DEFAULT 0,
    match_id    text NOT NULL DEFAULT '',
    room_id     text NOT NULL DEFAULT '',
    session_id  bigint,                     -- live_sessions.id of a recording
    owner_id    bigint NOT NULL DEFAULT 0,  -- the streamer of a recording, the staff member of an upload
    state       text NOT NULL DEFAULT 'processing'
                CHECK (state IN ('uploading','processing','ready','failed','hidden','deleted')),
    duration_ms bigint NOT NULL DEFAULT 0,
    renditions  text[] NOT NULL DEFAULT '{}', -- e.g. {360p,720p} or {source}
    has_poster  boolean NOT NULL DEFAULT false,
    views       bigint NOT NULL DEFAULT 0,
    error       text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    ready_at    timestamptz,
    deleted_at  timestamptz
);
CREATE INDEX videos_public ON videos (game_id, created_at DESC) WHERE state = 'ready';
CREATE INDEX videos_match ON videos (match_id) WHERE match_id <> '';
CREATE UNIQUE INDEX videos_session ON videos (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX videos_recording_age ON videos (created_at) WHERE kind = 'recording' AND state <> 'deleted';

-- The transcoding queue. A worker claims the oldest runnable job with SELECT ... FOR UPDATE SKIP
-- LOCKED and holds a lease (lease_until) that it renews while ffmpeg runs; a job whose lease ran out
-- (its worker died) is runnable again, until attempts reach max_attempts.
CREATE TABLE video_jobs (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    video_id     bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind IN ('transcode','recording')),
    state        text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','running','done','failed')),
    attempts     integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL DEFAULT 3,
    priority     integer NOT NULL DEFAULT 0,     -- higher first: recordings 1, uploads 0, demo videos -1
    worker       text NOT NULL DEFAULT '',
    lease_until  timestamptz,
    progress     integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    error        text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_jobs_runnable ON video_jobs (priority DESC, id) WHERE state IN ('queued','running');
CREATE INDEX video_jobs_video ON video_jobs (video_id, id DESC);
