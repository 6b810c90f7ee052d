-- The back office (issue 16): the staff's second factor (TOTP, RFC 6238), the staff sessions it
-- opens (shorter than a user's), and the reports queue's decisions.

-- One TOTP secret per staff member. confirmed_at is NULL until the first code is verified: until then
-- enrolment may start again (a new secret, shown once); afterwards the secret is never shown again.
-- last_step is the last time step accepted, so a code cannot be used twice.
CREATE TABLE staff_totp (
    user_id      bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    secret       bytea NOT NULL,
    confirmed_at timestamptz,
    last_step    bigint NOT NULL DEFAULT 0,
    created_at   timestamptz NOT NULL
);

-- A staff session: a user session (by its token's hash) that passed the second factor, until
-- expires_at (absolute, shorter than the user session). Ends when a staff role is removed.
CREATE TABLE staff_sessions (
    token_hash  bytea PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    verified_at timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX staff_sessions_user ON staff_sessions (user_id);

-- Who closed a report and how (dismissed, deleted, muted, platformMuted, banned).
ALTER TABLE reports ADD COLUMN handled_by text NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN handled_at timestamptz;
ALTER TABLE reports ADD COLUMN resolution text NOT NULL DEFAULT '';
CREATE INDEX reports_line ON reports (room_id, message_id);

-- The dashboard's counts of the day.
CREATE INDEX users_created_at ON users (created_at);
CREATE INDEX payment_orders_paid_at ON payment_orders (paid_at) WHERE state = 'paid';
