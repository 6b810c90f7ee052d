-- The coin shop (issue 21): products, blind-box prizes with their odds, orders that reserve stock,
-- and every blind-box draw with the odds in force. Coins move only through the ledger (0003): an
-- order keeps the ids of its payment and refund transactions. Rules: api/shop; queries:
-- storage/postgres/shop.go.

-- A product. kind: physical (shipped), virtual (a code delivered to the user), item (applied to the
-- account: membership days, a badge), blindbox (a draw among its prizes). stock is what may still be
-- reserved: an order takes its quantity at creation (the UPDATE ... WHERE stock >= q is the one place
-- that decides, so it can never go below zero, and the CHECK holds whatever the code does); an unpaid
-- order that expires, or a cancelled one, gives it back. redeemed counts paid units (popularity).
CREATE TABLE shop_products (
    id              bigserial PRIMARY KEY,
    kind            text    NOT NULL CHECK (kind IN ('physical', 'virtual', 'item', 'blindbox')),
    category        text    NOT NULL DEFAULT '',
    name            text    NOT NULL CHECK (name <> ''),
    picture         text    NOT NULL DEFAULT '',
    price           bigint  NOT NULL CHECK (price > 0),
    stock           integer NOT NULL CHECK (stock >= 0),
    per_order_limit integer NOT NULL DEFAULT 0 CHECK (per_order_limit >= 0),  -- 0: no limit
    per_user_limit  integer NOT NULL DEFAULT 0 CHECK (per_user_limit >= 0),   -- 0: no limit
    redeemed        integer NOT NULL DEFAULT 0 CHECK (redeemed >= 0),
    details         text    NOT NULL DEFAULT '',   -- rich text (a safe subset of HTML) with pictures
    notice          text    NOT NULL DEFAULT '',   -- the redemption notice shown before confirming
    item_kind       text    NOT NULL DEFAULT '',   -- item: vipDays, svipDays, badge
    item_value      integer NOT NULL DEFAULT 0,
    active          boolean NOT NULL DEFAULT true,
    sort            integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_products_list ON shop_products (active, category, sort);

-- A blind box's prizes. The chance of a prize is weight / sum(weight) of the box's active prizes
-- (published on the box). A prize is coins credited back, or an in-site item, or a virtual code.
CREATE TABLE shop_prizes (
    id         bigserial PRIMARY KEY,
    box_id     bigint  NOT NULL REFERENCES shop_products(id),
    name       text    NOT NULL,
    picture    text    NOT NULL DEFAULT '',
    weight     integer NOT NULL CHECK (weight > 0),
    coins      bigint  NOT NULL DEFAULT 0 CHECK (coins >= 0),   -- coins credited when drawn
    item_kind  text    NOT NULL DEFAULT '',
    item_value integer NOT NULL DEFAULT 0,
    active     boolean NOT NULL DEFAULT true,
    sort       integer NOT NULL DEFAULT 0
);
CREATE INDEX shop_prizes_box ON shop_prizes (box_id, sort, id);

-- An order. status: unpaid (stock reserved, waiting for payment until expires_at), exchanging (paid,
-- to be handled), review (staff reviewing), exchanged (delivered; physical goods shipped), charged_back
-- and cancelled (coins refunded when it had been paid, stock returned), expired (never paid, stock
-- returned). The client's key makes creation idempotent per user.
CREATE TABLE shop_orders (
    order_no      text PRIMARY KEY,
    user_id       bigint  NOT NULL,
    client_key    text    NOT NULL,
    product_id    bigint  NOT NULL REFERENCES shop_products(id),
    kind          text    NOT NULL,
    product_name  text    NOT NULL,
    picture       text    NOT NULL DEFAULT '',
    quantity      integer NOT NULL CHECK (quantity > 0),
    unit_price    bigint  NOT NULL CHECK (unit_price > 0),
    coins         bigint  NOT NULL CHECK (coins > 0),
    recipient     text    NOT NULL DEFAULT '',
    address       text    NOT NULL DEFAULT '',
    contact       text    NOT NULL DEFAULT '',
    tracking_no   text    NOT NULL DEFAULT '',
    card_no       text    NOT NULL DEFAULT '',
    remarks       text    NOT NULL DEFAULT '',
    status        text    NOT NULL CHECK (status IN ('unpaid', 'exchanging', 'review', 'exchanged', 'charged_back', 'cancelled', 'expired')),
    pay_txn_id    bigint REFERENCES ledger_transactions(id),
    refund_txn_id bigint REFERENCES ledger_transactions(id),
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    expires_at    timestamptz NOT NULL,
    paid_at       timestamptz,
    UNIQUE (user_id, client_key)
);
CREATE INDEX shop_orders_user ON shop_orders (user_id, created_at DESC);
CREATE INDEX shop_orders_product_user ON shop_orders (product_id, user_id) WHERE status NOT IN ('expired', 'cancelled', 'charged_back');
CREATE INDEX shop_orders_unpaid ON shop_orders (expires_at) WHERE status = 'unpaid';
CREATE INDEX shop_orders_status ON shop_orders (status, created_at DESC);

-- Every blind-box draw, with the odds in force when it was drawn (the prizes and weights as JSON),
-- the total weight and the roll in [0, total): anyone can recompute which prize the roll gives and
-- check the distribution. One row per box opened; written in the transaction that charges the order.
CREATE TABLE shop_draws (
    id           bigserial PRIMARY KEY,
    order_no     text    NOT NULL REFERENCES shop_orders(order_no),
    seq          integer NOT NULL,  -- 1..quantity within the order
    user_id      bigint  NOT NULL,
    box_id       bigint  NOT NULL,
    prize_id     bigint  NOT NULL,
    prize_name   text    NOT NULL,
    coins        bigint  NOT NULL DEFAULT 0,
    odds         jsonb   NOT NULL,
    total_weight bigint  NOT NULL,
    roll         bigint  NOT NULL,
    created_at   timestamptz NOT NULL,
    UNIQUE (order_no, seq)
);
CREATE INDEX shop_draws_user ON shop_draws (user_id, id DESC);
CREATE INDEX shop_draws_box ON shop_draws (box_id, prize_id);
