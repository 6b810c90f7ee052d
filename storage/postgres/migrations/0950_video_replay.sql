-- Replay with the match's timeline (issue 25 §2, api/videos/replay*.go): a video's language (the
-- title templates of automatic highlights), the queue's highlight clip jobs, and one row per major
-- match event of a recording, which holds the clip cut around it. The primary key (recording,
-- event) is what makes planning idempotent: a recording's highlights planned twice make one clip
-- video and one job per event.
ALTER TABLE videos ADD COLUMN lang text NOT NULL DEFAULT 'en_US';

ALTER TABLE video_jobs DROP CONSTRAINT video_jobs_kind_check;
ALTER TABLE video_jobs ADD CONSTRAINT video_jobs_kind_check CHECK (kind IN ('transcode','recording','highlight'));

CREATE TABLE video_highlights (
    source_id  bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE, -- the recording
    event_seq  bigint NOT NULL,          -- sport_match_events.seq of the incident
    match_id   text NOT NULL,
    type       text NOT NULL,            -- the incident's type (goal, redCard, baron, mapWin...)
    team       integer NOT NULL DEFAULT -1,
    name       text NOT NULL DEFAULT '', -- who: the player's name as shown, else the team's
    minute     text NOT NULL DEFAULT '', -- "67'", "R14", "M2 18:40"
    offset_ms  bigint NOT NULL,          -- the event's time from the recording's start
    start_ms   bigint NOT NULL,          -- the clip's cut, from the recording's start
    end_ms     bigint NOT NULL,
    clip_id    bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source_id, event_seq)
);
CREATE UNIQUE INDEX video_highlights_clip ON video_highlights (clip_id);
