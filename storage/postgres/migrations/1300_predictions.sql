-- In-room predictions (issue 25, feature 1) and the channel points they are staked with.
--
-- Channel points are per (user, streamer): earned by watching that streamer's room and chatting
-- there, never bought, never converted to coins or diamonds. Every movement is a row of
-- channel_point_moves (with an idempotency key); channel_points holds the balance, which can never
-- go negative. A stake leaves the balance when it is placed (reserved for the prediction); the
-- payout or the refund comes back in the transaction that resolves or cancels the prediction.

CREATE TABLE channel_points (
    user_id     bigint NOT NULL,
    streamer_id bigint NOT NULL,
    balance     bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
    PRIMARY KEY (user_id, streamer_id)
);

CREATE TABLE channel_point_moves (
    id            bigserial PRIMARY KEY,
    user_id       bigint NOT NULL,
    streamer_id   bigint NOT NULL,
    delta         bigint NOT NULL,
    balance_after bigint NOT NULL CHECK (balance_after >= 0),
    -- welcome: the first visit's allowance; watch, chat: activity; stake: placed on a prediction;
    -- payout: a winning share; refund: a cancelled prediction's stake back
    kind          text NOT NULL CHECK (kind IN ('welcome', 'watch', 'chat', 'stake', 'payout', 'refund')),
    ref           text NOT NULL DEFAULT '',
    key           text UNIQUE,
    at            timestamptz NOT NULL
);
CREATE INDEX channel_point_moves_user ON channel_point_moves (user_id, streamer_id, at);

-- A prediction. market: free (a question with its own outcomes), winner, total (over/under line),
-- next_goal, first_blood, map_winner. outcomes: the labels, in order (codes home/draw/away/over/
-- under/none for match markets, the streamer's text for a free question). lock_at and lock_on
-- ('kickoff') say when entries close; base_seq is the match's last applied feed seq at the lock:
-- event markets are decided by the first deciding event after it. winner is the winning outcome's
-- index once resolved (-1 before, or for a cancelled one).
CREATE TABLE predictions (
    id          bigserial PRIMARY KEY,
    room_id     text NOT NULL,
    streamer_id bigint NOT NULL,
    match_id    text NOT NULL DEFAULT '',
    home_name   text NOT NULL DEFAULT '',
    away_name   text NOT NULL DEFAULT '',
    market      text NOT NULL CHECK (market IN ('free', 'winner', 'total', 'next_goal', 'first_blood', 'map_winner')),
    line        double precision NOT NULL DEFAULT 0,
    question    text NOT NULL,
    outcomes    jsonb NOT NULL,
    state       text NOT NULL CHECK (state IN ('open', 'locked', 'resolved', 'cancelled')),
    lock_at     timestamptz,
    lock_on     text NOT NULL DEFAULT '' CHECK (lock_on IN ('', 'kickoff')),
    base_seq    bigint NOT NULL DEFAULT 0,
    base_home   integer NOT NULL DEFAULT 0,
    base_away   integer NOT NULL DEFAULT 0,
    winner      integer NOT NULL DEFAULT -1,
    reason      text NOT NULL DEFAULT '',
    created_by  bigint NOT NULL,
    created_at  timestamptz NOT NULL,
    locked_at   timestamptz,
    settled_at  timestamptz
);
CREATE INDEX predictions_room ON predictions (room_id, id DESC);
CREATE INDEX predictions_active ON predictions (state, match_id) WHERE state IN ('open', 'locked');

-- One entry per user and prediction; adding to it before the lock raises stake.
CREATE TABLE prediction_entries (
    prediction_id bigint NOT NULL REFERENCES predictions(id) ON DELETE CASCADE,
    user_id       bigint NOT NULL,
    outcome       integer NOT NULL,
    stake         bigint NOT NULL CHECK (stake > 0),
    payout        bigint NOT NULL DEFAULT 0,
    entered_at    timestamptz NOT NULL,
    PRIMARY KEY (prediction_id, user_id)
);

-- A room runs one prediction at a time (open or locked).
CREATE UNIQUE INDEX predictions_one_active ON predictions (room_id) WHERE state IN ('open', 'locked');
