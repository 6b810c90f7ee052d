-- Experts and their paid plans (issue 20, spec §1–§7), settled by the score feed.
-- See storage/postgres/experts.go, api/experts and api/settlement.
--
-- Money never lives here: a sale, a payout and a refund are ledger transactions (0003_wallet); the
-- rows below only point at them. User ids are bigint (users.id) without foreign keys, as in 0003.

-- An expert (creator) account: the application and, once approved, the expert. Status: review,
-- approved, rejected, banned (spec §4).
CREATE TABLE expert_profiles (
    user_id      bigint PRIMARY KEY,
    status       text NOT NULL CHECK (status IN ('review', 'approved', 'rejected', 'banned')),
    nickname     text NOT NULL,
    real_name    text NOT NULL,
    id_number    text NOT NULL,
    phone        text NOT NULL,
    intro        text NOT NULL,
    games        integer[] NOT NULL DEFAULT '{}', -- the games the expert covers (catalogue ids)
    experience   text NOT NULL DEFAULT '',       -- years and where they published before
    featured     boolean NOT NULL DEFAULT false, -- shown first on the experts home
    reason       text NOT NULL DEFAULT '',       -- rejection or ban reason, shown to the applicant
    submitted_at timestamptz NOT NULL,
    reviewed_at  timestamptz,
    reviewed_by  bigint NOT NULL DEFAULT 0
);
CREATE INDEX expert_profiles_status ON expert_profiles (status, submitted_at);

-- A plan: one prediction on one market of one match. The match columns are copied at creation so
-- the record reads the same whatever happens to the fixture later.
CREATE TABLE expert_plans (
    id             bigserial PRIMARY KEY,
    expert_id      bigint NOT NULL,
    match_id       text   NOT NULL,
    game_id        integer NOT NULL,
    league_name    text   NOT NULL DEFAULT '',
    home_name      text   NOT NULL DEFAULT '',
    away_name      text   NOT NULL DEFAULT '',
    match_start    timestamptz NOT NULL,
    play_type      text   NOT NULL CHECK (play_type IN ('1x2', 'handicap', 'ou')),
    play_level     smallint NOT NULL CHECK (play_level BETWEEN 1 AND 5),
    pick           text   NOT NULL CHECK (pick IN ('home', 'draw', 'away', 'over', 'under')),
    line           numeric(6,2) NOT NULL DEFAULT 0,  -- handicap given to home, or the total
    odds           numeric(8,2) NOT NULL CHECK (odds > 1),
    title          text   NOT NULL,
    content        text   NOT NULL,
    label          text   NOT NULL DEFAULT '',
    price          bigint NOT NULL CHECK (price >= 0),
    refund_if_lost boolean NOT NULL DEFAULT false,
    login_to_view  boolean NOT NULL DEFAULT false,
    -- review (published, pending review), published, rejected (did not pass), removed (taken off
    -- shelf by the expert), hidden (by staff after the record was frozen).
    state          text   NOT NULL CHECK (state IN ('review', 'published', 'rejected', 'removed', 'hidden')),
    reason         text   NOT NULL DEFAULT '',
    version        integer NOT NULL DEFAULT 1,
    sales          integer NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL,
    released_at    timestamptz NOT NULL,  -- the current version's server timestamp
    record_hash    text   NOT NULL,       -- SHA-256 of the current version's record
    outcome        text   NOT NULL DEFAULT '' CHECK (outcome IN ('', 'won', 'lost', 'void', 'push', 'half_won', 'half_lost')),
    result_home    integer,
    result_away    integer,
    settled_at     timestamptz,
    settled_rev    integer NOT NULL DEFAULT 0 -- the settlement_results.rev this outcome comes from
);
CREATE INDEX expert_plans_match ON expert_plans (match_id);
CREATE INDEX expert_plans_expert ON expert_plans (expert_id, created_at DESC);
CREATE INDEX expert_plans_state ON expert_plans (state, match_start);

-- Every version of every plan, append-only: the record a hash is checked against.
CREATE TABLE expert_plan_versions (
    plan_id     bigint  NOT NULL REFERENCES expert_plans(id),
    version     integer NOT NULL,
    record      jsonb   NOT NULL,  -- exactly the fields hashed (canonical JSON)
    record_hash text    NOT NULL,
    released_at timestamptz NOT NULL,
    PRIMARY KEY (plan_id, version)
);

CREATE FUNCTION expert_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'expert_plan_versions is append-only' USING ERRCODE = '42501';
END $$;
CREATE TRIGGER expert_plan_versions_frozen BEFORE UPDATE OR DELETE ON expert_plan_versions
    FOR EACH ROW EXECUTE FUNCTION expert_versions_append_only();

-- The record of a plan cannot change once it has sold or been settled: the prediction's fields are
-- refused whatever code runs (staff may still hide the plan: state and reason stay writable). The
-- kick-off rule is the service's (it compares with its injected clock).
CREATE FUNCTION expert_plans_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (OLD.play_type, OLD.pick, OLD.line, OLD.odds, OLD.title, OLD.content, OLD.price, OLD.match_id, OLD.record_hash)
       IS DISTINCT FROM (NEW.play_type, NEW.pick, NEW.line, NEW.odds, NEW.title, NEW.content, NEW.price, NEW.match_id, NEW.record_hash)
       AND (OLD.sales > 0 OR OLD.settled_at IS NOT NULL) THEN
        RAISE EXCEPTION 'plan % is frozen', OLD.id USING ERRCODE = '42501';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER expert_plans_frozen BEFORE UPDATE ON expert_plans
    FOR EACH ROW EXECUTE FUNCTION expert_plans_frozen();
CREATE RULE expert_plans_no_delete AS ON DELETE TO expert_plans DO INSTEAD NOTHING;

-- A purchase: one per (plan, buyer). txn_id is the sale's ledger transaction (NULL for a free
-- plan); settle_txn the payout or refund made when the plan was settled.
CREATE TABLE expert_plan_orders (
    id          bigserial PRIMARY KEY,
    plan_id     bigint NOT NULL REFERENCES expert_plans(id),
    buyer_id    bigint NOT NULL,
    price       bigint NOT NULL,
    txn_id      bigint REFERENCES ledger_transactions(id),
    refunded    boolean NOT NULL DEFAULT false,
    settle_txn  bigint REFERENCES ledger_transactions(id),
    created_at  timestamptz NOT NULL,
    UNIQUE (plan_id, buyer_id)
);
CREATE INDEX expert_plan_orders_buyer ON expert_plan_orders (buyer_id, created_at DESC);

-- The result each match was settled on (api/settlement). rev grows with every staff correction;
-- a plan is settled once per rev (expert_plans.settled_rev), so a redelivered result moves nothing.
CREATE TABLE settlement_results (
    match_id     text PRIMARY KEY,
    status       smallint NOT NULL,           -- feed.Status: 5 finished, 6 postponed, 7 cancelled
    home         integer NOT NULL DEFAULT 0,
    away         integer NOT NULL DEFAULT 0,
    rev          integer NOT NULL DEFAULT 1,
    corrected_by bigint NOT NULL DEFAULT 0,   -- staff member of the last correction, 0 for the feed
    reason       text NOT NULL DEFAULT '',
    updated_at   timestamptz NOT NULL
);

-- Every settlement of every plan, append-only history (a correction adds a row).
CREATE TABLE expert_plan_settlements (
    plan_id    bigint  NOT NULL REFERENCES expert_plans(id),
    rev        integer NOT NULL,
    outcome    text    NOT NULL,
    home       integer NOT NULL,
    away       integer NOT NULL,
    refunds    integer NOT NULL DEFAULT 0,
    payouts    integer NOT NULL DEFAULT 0,
    settled_at timestamptz NOT NULL,
    PRIMARY KEY (plan_id, rev)
);
