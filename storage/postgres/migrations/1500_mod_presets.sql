-- Moderation presets (issue 25 §3): what a streamer picks once for their room and the room actor then
-- applies by itself. One row per room; no row means every preset is off.
CREATE TABLE room_mod_presets (
    room_id            text PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
    goal_slow_secs     integer NOT NULL DEFAULT 0 CHECK (goal_slow_secs BETWEEN 0 AND 3600),
    goal_slow_interval integer NOT NULL DEFAULT 10 CHECK (goal_slow_interval BETWEEN 1 AND 600),
    rate_threshold     real    NOT NULL DEFAULT 0 CHECK (rate_threshold >= 0),
    rate_action        text    NOT NULL DEFAULT 'slow' CHECK (rate_action IN ('slow','shield','followers')),
    rate_slow_secs     integer NOT NULL DEFAULT 60 CHECK (rate_slow_secs BETWEEN 1 AND 3600),
    rate_slow_interval integer NOT NULL DEFAULT 10 CHECK (rate_slow_interval BETWEEN 1 AND 600),
    shield_mins        integer NOT NULL DEFAULT 10 CHECK (shield_mins BETWEEN 1 AND 1440),
    shield_words       text[]  NOT NULL DEFAULT '{}',
    new_account_days   integer NOT NULL DEFAULT 7 CHECK (new_account_days BETWEEN 0 AND 365),
    followers_only     boolean NOT NULL DEFAULT false,
    min_follow_mins    integer NOT NULL DEFAULT 0 CHECK (min_follow_mins BETWEEN 0 AND 525600),
    updated_by         bigint  NOT NULL DEFAULT 0,
    updated_at         timestamptz NOT NULL DEFAULT now()
);
