-- Accounts and sessions (issue 5): users, roles as data, third-party identities, sessions,
-- verification codes, sign-in throttling, follows and preferences.
-- The public user id is "u" || users.id everywhere in the API and the real-time protocol.
-- The welcome gift is NOT here: it goes through the wallet's ledger (0003_wallet.sql).

CREATE TABLE users (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- NULL until the new-user step; letters and digits only, unique whatever the case.
    username        text CHECK (username ~ '^[A-Za-z0-9]{1,32}$'),
    area_code       text NOT NULL DEFAULT '',
    -- "+<area code><number>", NULL when no phone is bound.
    phone           text UNIQUE,
    -- lower-cased, NULL when no e-mail is bound.
    email           text UNIQUE CHECK (email = lower(email)),
    -- argon2id in the PHC string format; NULL until a password is set.
    password_hash   text,
    signature       text NOT NULL DEFAULT '',
    avatar          text NOT NULL DEFAULT '',
    experience      bigint NOT NULL DEFAULT 0 CHECK (experience >= 0),
    last_exp_day    date,   -- the day the daily sign-in experience was last granted
    -- consecutive wrong passwords and the lock they caused (per-account brute-force limit)
    failed_logins   integer NOT NULL DEFAULT 0,
    locked_until    timestamptz,
    promotion_channel text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    last_login_at   timestamptz
);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));

-- Roles as data. VIP and SVIP are granted with an expiry by the membership module; a role whose
-- expires_at has passed no longer applies. The plain "user" role is implicit for every account.
CREATE TABLE user_roles (
    user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role       text NOT NULL CHECK (role IN ('vip','svip','streamer','expert','admin','channel','banned','muted')),
    expires_at timestamptz,
    granted_by text NOT NULL DEFAULT '',
    granted_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, role)
);

-- Third-party identities (provider: google, apple, line, twitter, facebook).
CREATE TABLE user_identities (
    provider   text NOT NULL,
    subject    text NOT NULL,
    user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email      text NOT NULL DEFAULT '',
    name       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user ON user_identities (user_id);

-- Sessions: only the SHA-256 of the opaque token is stored. Revoked and expired rows are kept for a
-- while so a client can be told which of the two happened (errorCode 3001 or 3000).
CREATE TABLE sessions (
    token_hash   bytea PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    revoked_at   timestamptz,
    ip           text NOT NULL DEFAULT '',
    user_agent   text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- One live verification code per destination ("+8613800138000" or a lower-cased e-mail), stored as
-- an HMAC, single use, voided after too many wrong attempts.
CREATE TABLE verification_codes (
    destination text PRIMARY KEY,
    code_hash   bytea NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    attempts    integer NOT NULL DEFAULT 0,
    consumed_at timestamptz
);

-- Wrong-password counters per client IP (the per-account counter lives on users).
CREATE TABLE login_failures (
    key          text PRIMARY KEY,
    failures     integer NOT NULL,
    window_start timestamptz NOT NULL,
    locked_until timestamptz
);

CREATE TABLE follows (
    follower_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    followee_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (follower_id, followee_id),
    CHECK (follower_id <> followee_id)
);
CREATE INDEX follows_followee ON follows (followee_id, created_at DESC);
CREATE INDEX follows_follower_time ON follows (follower_id, created_at DESC);

-- Free-form display preferences of the web client (/user/saveUserDataStatus).
CREATE TABLE user_prefs (
    user_id    bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    data       jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
