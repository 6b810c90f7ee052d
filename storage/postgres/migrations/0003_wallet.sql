-- Wallet: a double-entry ledger for coins and diamonds (and the money that buys them), payment
-- orders, memberships and the gift catalogue. See storage/postgres/ledger.go and api/wallet/doc.go.
--
-- User ids are bigint (the accounts module's users.id) and deliberately carry no foreign key, so this
-- migration and 0002_accounts can land in either order.
--
-- Units: COIN and DIAMOND are whole coins and diamonds; CNY is in fen (1/100 yuan), USD in cents.

-- An account is one (kind, owner, currency). Kinds: user (a user's coin or diamond wallet), streamer
-- (a streamer's earnings), platform (revenue), promotions (welcome bonus and other gifts of the
-- house), refunds (losses and money returned), clearing (money held by a payment provider, per
-- currency). System accounts (owner_id 0) may go negative: they are the issuing side.
CREATE TABLE ledger_accounts (
    id             bigserial PRIMARY KEY,
    kind           text     NOT NULL CHECK (kind IN ('user', 'streamer', 'platform', 'promotions', 'refunds', 'clearing')),
    owner_id       bigint   NOT NULL DEFAULT 0,
    currency       text     NOT NULL CHECK (currency IN ('COIN', 'DIAMOND', 'CNY', 'USD')),
    allow_negative boolean  NOT NULL,
    shards         smallint NOT NULL DEFAULT 1 CHECK (shards BETWEEN 1 AND 64),
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (kind, owner_id, currency),
    CHECK (allow_negative = (kind NOT IN ('user', 'streamer')))
);

-- Balances are kept beside the entries and updated in the same transaction. A hot system account
-- (platform revenue takes a share of every gift) is split into shards so that concurrent postings do
-- not queue on one row; its balance is the sum of its shards. User and streamer accounts have one
-- shard, and the CHECK makes a negative wallet impossible whatever the interleaving.
CREATE TABLE ledger_balances (
    account_id     bigint   NOT NULL REFERENCES ledger_accounts(id),
    shard          smallint NOT NULL DEFAULT 0,
    balance        bigint   NOT NULL DEFAULT 0,
    allow_negative boolean  NOT NULL,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, shard),
    CONSTRAINT ledger_balance_nonnegative CHECK (allow_negative OR balance >= 0)
);

-- One row per movement. idem_key makes every posting happen at most once.
CREATE TABLE ledger_transactions (
    id         bigserial PRIMARY KEY,
    idem_key   text   NOT NULL UNIQUE,
    type       text   NOT NULL CHECK (type IN ('recharge', 'gift', 'membership', 'welcome', 'refund', 'shop', 'plan', 'adjustment')),
    reference  text   NOT NULL DEFAULT '',
    user_id    bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id            bigserial PRIMARY KEY,
    txn_id        bigint NOT NULL REFERENCES ledger_transactions(id),
    account_id    bigint NOT NULL REFERENCES ledger_accounts(id),
    currency      text   NOT NULL,
    amount        bigint NOT NULL CHECK (amount <> 0),
    balance_after bigint,          -- the account's balance after this entry (single-shard accounts)
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_txn ON ledger_entries (txn_id);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id DESC);

-- Defence in depth: whatever code posts entries, a transaction whose entries do not sum to zero per
-- currency cannot commit. Deferred, so it runs once the whole posting is in.
CREATE FUNCTION ledger_txn_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    bad text;
BEGIN
    SELECT currency INTO bad FROM ledger_entries WHERE txn_id = NEW.txn_id
        GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.txn_id, bad
            USING ERRCODE = '23514', CONSTRAINT = 'ledger_txn_balanced';
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_txn_balanced();

-- ledger_verify recomputes everything from the entries and returns each discrepancy: a currency whose
-- entries do not sum to zero, or an account whose kept balance differs from the sum of its entries,
-- or a user wallet below zero. An empty result means the ledger balances to the coin.
CREATE FUNCTION ledger_verify() RETURNS TABLE (problem text, account_id bigint, currency text, kept bigint, computed bigint)
LANGUAGE sql STABLE AS $$
    SELECT 'currency does not sum to zero', NULL::bigint, e.currency, 0::bigint, sum(e.amount)::bigint
      FROM ledger_entries e GROUP BY e.currency HAVING sum(e.amount) <> 0
    UNION ALL
    SELECT 'balance differs from entries', a.id, a.currency, coalesce(b.kept, 0), coalesce(s.computed, 0)
      FROM ledger_accounts a
      LEFT JOIN (SELECT lb.account_id, sum(lb.balance)::bigint AS kept FROM ledger_balances lb GROUP BY lb.account_id) b ON b.account_id = a.id
      LEFT JOIN (SELECT le.account_id, sum(le.amount)::bigint AS computed FROM ledger_entries le GROUP BY le.account_id) s ON s.account_id = a.id
     WHERE coalesce(b.kept, 0) <> coalesce(s.computed, 0)
    UNION ALL
    SELECT 'wallet below zero', lb.account_id, a.currency, lb.balance, lb.balance
      FROM ledger_balances lb JOIN ledger_accounts a ON a.id = lb.account_id
     WHERE NOT a.allow_negative AND lb.balance < 0
$$;

-- Payment orders: one per recharge attempt. State machine in api/wallet/recharge.go.
CREATE TABLE payment_orders (
    order_no     text PRIMARY KEY,
    user_id      bigint NOT NULL,
    client_key   text   NOT NULL,  -- the client's retry key: the same key gives the same order
    product      text   NOT NULL CHECK (product IN ('coin', 'diamond')),
    quantity     bigint NOT NULL CHECK (quantity > 0),   -- coins or diamonds credited when paid
    cny_fen      bigint NOT NULL CHECK (cny_fen > 0),    -- the price in fen
    method       text   NOT NULL,                         -- dev, alipay, card, paypal, usdt
    currency     text   NOT NULL CHECK (currency IN ('CNY', 'USD')),
    amount_minor bigint NOT NULL CHECK (amount_minor > 0),-- what the provider charges, fen or cents
    state        text   NOT NULL CHECK (state IN ('created', 'pending', 'paid', 'failed', 'expired', 'refunded')),
    provider_ref text   NOT NULL DEFAULT '',
    pay_url      text   NOT NULL DEFAULT '',
    qr_code      text   NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    paid_at      timestamptz,
    UNIQUE (user_id, client_key)
);
CREATE INDEX payment_orders_user ON payment_orders (user_id, created_at DESC);

-- Every verified provider callback, once per (provider, order, provider event id): duplicates are
-- recorded only once, and an id reused by a provider for another order cannot hide that order's event.
CREATE TABLE payment_events (
    id          bigserial PRIMARY KEY,
    provider    text NOT NULL,
    event_id    text NOT NULL,
    order_no    text NOT NULL,
    state       text NOT NULL,
    applied     boolean NOT NULL,  -- whether it moved the order
    received_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (provider, order_no, event_id)
);

-- Memberships: tier 1 VIP, 2 SVIP; expired when expires_at <= now().
CREATE TABLE memberships (
    user_id    bigint PRIMARY KEY,
    tier       smallint NOT NULL CHECK (tier IN (1, 2)),
    expires_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE membership_records (
    id          bigserial PRIMARY KEY,
    user_id     bigint   NOT NULL,
    action      text     NOT NULL CHECK (action IN ('purchase', 'extend', 'upgrade')),
    tier        smallint NOT NULL,
    months      integer  NOT NULL DEFAULT 0,
    upgrade_days integer NOT NULL DEFAULT 0,
    coins       bigint   NOT NULL,
    expires_at  timestamptz NOT NULL,
    txn_id      bigint   NOT NULL REFERENCES ledger_transactions(id),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX membership_records_user ON membership_records (user_id, id DESC);

-- The gift catalogue.
CREATE TABLE gifts (
    id         integer PRIMARY KEY,
    name       text    NOT NULL,
    icon       text    NOT NULL DEFAULT '',
    currency   text    NOT NULL CHECK (currency IN ('COIN', 'DIAMOND')),
    price      bigint  NOT NULL CHECK (price > 0),
    sort       integer NOT NULL DEFAULT 0,
    active     boolean NOT NULL DEFAULT true
);
INSERT INTO gifts (id, name, icon, currency, price, sort) VALUES
    (1,  'Applause',      'gift/applause.svg',   'COIN',     1,    10),
    (2,  'Whistle',       'gift/whistle.svg',    'COIN',     5,    20),
    (3,  'Scarf',         'gift/scarf.svg',      'COIN',     10,   30),
    (4,  'Football',      'gift/football.svg',   'COIN',     20,   40),
    (5,  'Basketball',    'gift/basketball.svg', 'COIN',     20,   50),
    (6,  'Energy Drink',  'gift/energy.svg',     'COIN',     50,   60),
    (7,  'Jersey',        'gift/jersey.svg',     'COIN',     100,  70),
    (8,  'Golden Boot',   'gift/boot.svg',       'COIN',     520,  80),
    (9,  'Trophy',        'gift/trophy.svg',     'DIAMOND',  10,   90),
    (10, 'Medal',         'gift/medal.svg',      'DIAMOND',  50,   100),
    (11, 'Sports Car',    'gift/car.svg',        'DIAMOND',  200,  110),
    (12, 'Stadium',       'gift/stadium.svg',    'DIAMOND',  1000, 120);

-- Every gift sent, beside its ledger transaction: what the leaderboards are rebuilt from.
CREATE TABLE gift_sends (
    txn_id      bigint  PRIMARY KEY REFERENCES ledger_transactions(id),
    room_id     text    NOT NULL,
    sender_id   bigint  NOT NULL,
    streamer_id bigint  NOT NULL,
    gift_id     integer NOT NULL,
    count       integer NOT NULL CHECK (count > 0),
    currency    text    NOT NULL,
    total       bigint  NOT NULL,
    score       bigint  NOT NULL,   -- leaderboard points: the gift's value in coins
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_sends_room ON gift_sends (room_id, created_at);
