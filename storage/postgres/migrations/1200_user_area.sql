-- The rest of the user area (issue 23): experience by activity with daily caps, daily and weekly
-- tasks claimed once per period, and invitations.

-- Task rewards are ledger transactions of their own type (idempotency key task:<user>:<task>:<period>),
-- and so are invitation rewards (invite:<invitee>).
ALTER TABLE ledger_transactions DROP CONSTRAINT IF EXISTS ledger_transactions_type_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_type_check
    CHECK (type IN ('recharge', 'gift', 'membership', 'welcome', 'refund', 'shop', 'plan', 'adjustment', 'unlock', 'reward'));

-- Experience granted per user, day (in the area's time zone) and source (watch, chat, gift): the
-- daily cap of each source is enforced against this row, under its lock.
CREATE TABLE user_exp_daily (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day     date   NOT NULL,
    source  text   NOT NULL,
    points  bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
    PRIMARY KEY (user_id, day, source)
);

-- Progress of a user's task in one period ('2026-11-29' for a day, '2026-W48' for an ISO week).
-- claimed_at is set once, in the transaction that posts the reward.
CREATE TABLE user_tasks (
    user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    task       text   NOT NULL,
    period     text   NOT NULL,
    progress   bigint NOT NULL DEFAULT 0 CHECK (progress >= 0),
    claimed_at timestamptz,
    txn_id     bigint REFERENCES ledger_transactions(id),
    PRIMARY KEY (user_id, task, period)
);

-- Invitations: one per invitee (a user is invited once). rewarded_at is set when the inviter got the
-- reward; refused says why an invitation was recorded without one (limit, same_ip, same_device).
CREATE TABLE user_invitations (
    invitee_id  bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    inviter_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    ip          text   NOT NULL DEFAULT '',
    device      text   NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL,
    rewarded_at timestamptz,
    refused     text   NOT NULL DEFAULT '',
    CHECK (invitee_id <> inviter_id)
);
CREATE INDEX user_invitations_inviter ON user_invitations (inviter_id, created_at DESC);
