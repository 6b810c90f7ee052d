package postgres

// The double-entry ledger. Concurrency choice (see also api/wallet/doc.go):
//
// Postings run at READ COMMITTED with explicit row locks, not SERIALIZABLE. A posting first inserts
// its ledger_transactions row (the UNIQUE idempotency key: a concurrent posting with the same key
// waits on that index entry and then finds the row, so it replays instead of applying twice), then
// locks every balance row it touches with one SELECT ... ORDER BY account_id, shard FOR UPDATE (a
// stable order, so two postings can never wait on each other in a cycle), checks the wallets it
// debits, and updates the balances and inserts the entries. The CHECK (balance >= 0) on user and
// streamer balances and the deferred "entries sum to zero" trigger are the backstops that hold even
// if this code is wrong. Deadlocks (40P01) and serialization failures (40001) can still come from a
// caller's own statements around PostTx; Ledger.Post and WalletStore retry them with backoff.
//
// Hot system accounts (platform revenue, promotions, clearing) are split into ledgerSystemShards
// balance rows; a posting picks the shard from its idempotency key. Without this every gift in the
// whole platform would queue on the platform-revenue row.

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Currency is a unit the ledger counts in. COIN and DIAMOND are whole units; CNY is counted in fen and
// USD in cents.
type Currency string

// Currencies.
const (
	Coin    Currency = "COIN"
	Diamond Currency = "DIAMOND"
	CNY     Currency = "CNY"
	USD     Currency = "USD"
)

// AccountKind is what an account is for.
type AccountKind string

// Account kinds. User and streamer accounts belong to a user and never go negative; the others are
// the platform's (owner 0) and may go negative, as the side that issues.
const (
	KindUser       AccountKind = "user"       // a user's coin or diamond wallet
	KindStreamer   AccountKind = "streamer"   // a streamer's gift earnings
	KindPlatform   AccountKind = "platform"   // platform revenue
	KindPromotions AccountKind = "promotions" // welcome bonus and other gifts of the house
	KindRefunds    AccountKind = "refunds"    // refunded money and clawback shortfalls
	KindClearing   AccountKind = "clearing"   // money held by payment providers, per currency
)

// ledgerSystemShards is how many balance rows a system account is split into.
const ledgerSystemShards = 16

// Account names one ledger account.
type Account struct {
	Kind     AccountKind
	Owner    int64 // user id for user and streamer accounts, 0 otherwise
	Currency Currency
}

func (a Account) String() string { return fmt.Sprintf("%s:%d:%s", a.Kind, a.Owner, a.Currency) }

func (a Account) personal() bool { return a.Kind == KindUser || a.Kind == KindStreamer }

// UserWallet is a user's coin or diamond wallet.
func UserWallet(userID int64, c Currency) Account { return Account{KindUser, userID, c} }

// StreamerEarnings is a streamer's gift earnings in c.
func StreamerEarnings(userID int64, c Currency) Account { return Account{KindStreamer, userID, c} }

// SystemAccount is one of the platform's accounts (platform, promotions, refunds, clearing).
func SystemAccount(k AccountKind, c Currency) Account { return Account{k, 0, c} }

// TxnType classifies a ledger transaction.
type TxnType string

// Transaction types.
const (
	TxnRecharge   TxnType = "recharge"
	TxnGift       TxnType = "gift"
	TxnMembership TxnType = "membership"
	TxnWelcome    TxnType = "welcome"
	TxnRefund     TxnType = "refund"
	TxnShop       TxnType = "shop"
	TxnPlan       TxnType = "plan"
	TxnAdjustment TxnType = "adjustment"
	TxnUnlock     TxnType = "unlock" // a paid live room opened for a viewer
)

// Entry is one leg of a posting: Amount is added to the account's balance (negative debits it).
type Entry struct {
	Account Account
	Amount  int64
}

// Posting is one balanced movement. Key is its idempotency key: posting the same key again moves
// nothing and returns the first result.
type Posting struct {
	Key       string
	Type      TxnType
	Reference string // what it is about: an order number, "room/gift", a membership record
	UserID    int64  // the user it concerns, for transaction details (0 for none)
	Entries   []Entry
	// At is when it happened, by the caller's clock (transaction details, gift leaderboards and
	// income compare it with the caller's "now"). Zero: the database's clock.
	At time.Time
}

// PostedEntry is an applied entry. BalanceAfter is set for user and streamer accounts.
type PostedEntry struct {
	Account      Account
	Amount       int64
	BalanceAfter int64
	HasBalance   bool
}

// Posted is the result of a posting, the same on every replay of its key.
type Posted struct {
	TxnID     int64
	Type      TxnType
	Reference string
	At        time.Time
	Entries   []PostedEntry
	Replayed  bool // true when the key had been applied before and nothing moved now
}

// BalanceAfter returns the balance of a after this posting (ok false if a is not in it).
func (p Posted) BalanceAfter(a Account) (int64, bool) {
	for _, e := range p.Entries {
		if e.Account == a && e.HasBalance {
			return e.BalanceAfter, true
		}
	}
	return 0, false
}

// Ledger posts balanced transactions and reads balances. It is safe for concurrent use.
type Ledger struct {
	pool *pgxpool.Pool
	ids  sync.Map // Account -> int64, ids of committed accounts (accounts are never deleted)
}

// NewLedger returns a Ledger on pool.
func NewLedger(pool *pgxpool.Pool) *Ledger { return &Ledger{pool: pool} }

// Pool is the pool the Ledger runs on.
func (l *Ledger) Pool() *pgxpool.Pool { return l.pool }

// Post applies p in its own transaction, retrying deadlocks and serialization failures.
func (l *Ledger) Post(ctx context.Context, p Posting) (Posted, error) {
	var out Posted
	var resolved map[Account]int64
	err := InTx(ctx, l.pool, func(tx pgx.Tx) error {
		var err error
		resolved = make(map[Account]int64, len(p.Entries))
		out, err = post(ctx, tx, p, l.cachedIDs(p.Entries, resolved))
		return err
	})
	if err == nil {
		for a, id := range resolved {
			l.ids.Store(a, id)
		}
	}
	return out, err
}

// PostTx applies p inside the caller's transaction. On any error the caller must roll tx back: a
// failed statement aborts a Postgres transaction, and an insufficient-funds refusal leaves the
// transaction row of p inserted but without entries. The caller decides whether to retry (InTx
// retries deadlocks and serialization failures).
func PostTx(ctx context.Context, tx pgx.Tx, p Posting) (Posted, error) {
	return post(ctx, tx, p, make(map[Account]int64, len(p.Entries)))
}

func (l *Ledger) cachedIDs(es []Entry, into map[Account]int64) map[Account]int64 {
	for _, e := range es {
		if v, ok := l.ids.Load(e.Account); ok {
			into[e.Account] = v.(int64)
		}
	}
	return into
}

// validate checks a posting before anything is written.
func (p Posting) validate() error {
	if p.Key == "" {
		return fmt.Errorf("%w: empty idempotency key", ErrBadPosting)
	}
	if len(p.Entries) < 2 {
		return fmt.Errorf("%w: %d entries", ErrBadPosting, len(p.Entries))
	}
	sums := map[Currency]int64{}
	for _, e := range p.Entries {
		if e.Amount == 0 {
			return fmt.Errorf("%w: zero amount on %s", ErrBadPosting, e.Account)
		}
		if e.Account.personal() != (e.Account.Owner != 0) {
			return fmt.Errorf("%w: owner of %s", ErrBadPosting, e.Account)
		}
		sums[e.Account.Currency] += e.Amount
	}
	for c, s := range sums {
		if s != 0 {
			return fmt.Errorf("%w: %s sums to %d", ErrUnbalanced, c, s)
		}
	}
	return nil
}

type balanceKey struct {
	id    int64
	shard int16
}

// post applies p on tx in four round trips at most: resolve unknown account ids (none when cached),
// then one pipelined batch that inserts the transaction row and locks the balance rows, then one
// that updates the balances and inserts the entries (plus extra, the caller's own statements such as
// the gift record, queued with the new transaction's id and time).
func post(ctx context.Context, tx pgx.Tx, p Posting, ids map[Account]int64, extra ...func(b *pgx.Batch, txnID int64, at time.Time)) (Posted, error) {
	if err := p.validate(); err != nil {
		return Posted{}, err
	}
	if err := resolveAccounts(ctx, tx, p.Entries, ids); err != nil {
		return Posted{}, err
	}

	// Aggregate per balance row and sort: the rows are locked in this stable order.
	shard := keyShard(p.Key)
	deltas := map[balanceKey]int64{}
	rowOf := make([]balanceKey, len(p.Entries))
	for i, e := range p.Entries {
		k := balanceKey{id: ids[e.Account]}
		if !e.Account.personal() {
			k.shard = shard
		}
		rowOf[i] = k
		deltas[k] += e.Amount
	}
	keys := make([]balanceKey, 0, len(deltas))
	for k := range deltas {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].id != keys[j].id {
			return keys[i].id < keys[j].id
		}
		return keys[i].shard < keys[j].shard
	})
	accIDs := make([]int64, len(keys))
	shards := make([]int16, len(keys))
	amounts := make([]int64, len(keys))
	for i, k := range keys {
		accIDs[i], shards[i], amounts[i] = k.id, k.shard, deltas[k]
	}

	// The transaction row first: a concurrent posting of the same key waits here on the unique
	// index, then finds the key taken. Locking the balances in the same pipeline costs nothing more;
	// on a replay those locks are simply released at the end.
	out := Posted{Type: p.Type, Reference: p.Reference}
	b1 := &pgx.Batch{}
	var at *time.Time
	if !p.At.IsZero() {
		at = &p.At
	}
	b1.Queue(`INSERT INTO ledger_transactions (idem_key, type, reference, user_id, created_at)
		VALUES ($1, $2, $3, $4, coalesce($5, now())) ON CONFLICT (idem_key) DO NOTHING RETURNING id, created_at`,
		p.Key, string(p.Type), p.Reference, p.UserID, at)
	b1.Queue(`SELECT b.account_id, b.shard, b.balance, b.allow_negative FROM ledger_balances b
		JOIN unnest($1::bigint[], $2::smallint[]) u(a, s) ON b.account_id = u.a AND b.shard = u.s
		ORDER BY b.account_id, b.shard FOR UPDATE OF b`, accIDs, shards)
	br := tx.SendBatch(ctx, b1)
	err := br.QueryRow().Scan(&out.TxnID, &out.At)
	replay := errors.Is(err, pgx.ErrNoRows)
	if err != nil && !replay {
		br.Close()
		return Posted{}, fmt.Errorf("postgres: ledger insert transaction: %w", err)
	}
	current := make(map[balanceKey]int64, len(keys))
	negOK := make(map[balanceKey]bool, len(keys))
	rows, err := br.Query()
	if err == nil {
		for rows.Next() {
			var k balanceKey
			var bal int64
			var allow bool
			if err = rows.Scan(&k.id, &k.shard, &bal, &allow); err != nil {
				break
			}
			current[k], negOK[k] = bal, allow
		}
		rows.Close()
		if err == nil {
			err = rows.Err()
		}
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Posted{}, fmt.Errorf("postgres: ledger lock balances: %w", err)
	}
	if replay {
		prev, err := loadPosted(ctx, tx, p.Key)
		if err != nil {
			return Posted{}, err
		}
		if prev.Type != p.Type || prev.Reference != p.Reference {
			return Posted{}, fmt.Errorf("%w: key %q was %s %q", ErrIdempotencyConflict, p.Key, prev.Type, prev.Reference)
		}
		prev.Replayed = true
		return prev, nil
	}
	if len(current) != len(keys) {
		return Posted{}, fmt.Errorf("postgres: ledger: %d of %d balance rows missing", len(keys)-len(current), len(keys))
	}
	for i, e := range p.Entries {
		k := rowOf[i]
		if !negOK[k] && current[k]+deltas[k] < 0 {
			return Posted{}, &InsufficientFundsError{Account: e.Account, Balance: current[k], Need: -deltas[k]}
		}
	}

	// Balance after each entry, in entry order (several entries on one row accumulate).
	running := make(map[balanceKey]int64, len(keys))
	for k, v := range current {
		running[k] = v
	}
	entAcc := make([]int64, len(p.Entries))
	entCur := make([]string, len(p.Entries))
	entAmt := make([]int64, len(p.Entries))
	entBal := make([]*int64, len(p.Entries))
	out.Entries = make([]PostedEntry, len(p.Entries))
	for i, e := range p.Entries {
		k := rowOf[i]
		running[k] += e.Amount
		entAcc[i], entCur[i], entAmt[i] = k.id, string(e.Account.Currency), e.Amount
		pe := PostedEntry{Account: e.Account, Amount: e.Amount}
		if e.Account.personal() {
			b := running[k]
			entBal[i] = &b
			pe.BalanceAfter, pe.HasBalance = b, true
		}
		out.Entries[i] = pe
	}
	batch := &pgx.Batch{}
	batch.Queue(`UPDATE ledger_balances b SET balance = b.balance + u.d, updated_at = now()
		FROM unnest($1::bigint[], $2::smallint[], $3::bigint[]) u(a, s, d)
		WHERE b.account_id = u.a AND b.shard = u.s`, accIDs, shards, amounts)
	batch.Queue(`INSERT INTO ledger_entries (txn_id, account_id, currency, amount, balance_after, created_at)
		SELECT $1, a, c, m, ba, $6 FROM unnest($2::bigint[], $3::text[], $4::bigint[], $5::bigint[]) u(a, c, m, ba)`,
		out.TxnID, entAcc, entCur, entAmt, entBal, out.At)
	for _, f := range extra {
		f(batch, out.TxnID, out.At)
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		if isCheckViolation(err, "ledger_balance_nonnegative") {
			return Posted{}, fmt.Errorf("%w: %v", ErrInsufficientFunds, err)
		}
		return Posted{}, fmt.Errorf("postgres: ledger apply: %w", err)
	}
	return out, nil
}

// resolveAccounts fills ids for every account of es, creating accounts (and their balance rows) that
// do not exist yet. Creation is ON CONFLICT DO NOTHING, so concurrent creators agree on one id.
func resolveAccounts(ctx context.Context, tx pgx.Tx, es []Entry, ids map[Account]int64) error {
	var kinds, curs []string
	var owners []int64
	var shards []int16
	var neg []bool
	seen := map[Account]bool{}
	for _, e := range es {
		a := e.Account
		if _, ok := ids[a]; ok || seen[a] {
			continue
		}
		seen[a] = true
		kinds = append(kinds, string(a.Kind))
		owners = append(owners, a.Owner)
		curs = append(curs, string(a.Currency))
		n := int16(1)
		if !a.personal() {
			n = ledgerSystemShards
		}
		shards = append(shards, n)
		neg = append(neg, !a.personal())
	}
	if len(kinds) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `WITH want AS (
			SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::smallint[], $5::bool[]) w(k, o, c, n, neg)
		), ins AS (
			INSERT INTO ledger_accounts (kind, owner_id, currency, shards, allow_negative)
			SELECT k, o, c, n, neg FROM want ON CONFLICT (kind, owner_id, currency) DO NOTHING
			RETURNING id, kind, owner_id, currency, shards, allow_negative
		), bal AS (
			INSERT INTO ledger_balances (account_id, shard, allow_negative)
			SELECT ins.id, s, ins.allow_negative FROM ins, generate_series(0, ins.shards - 1) s
			RETURNING account_id
		)
		SELECT id, kind, owner_id, currency FROM ins
		UNION ALL
		SELECT a.id, a.kind, a.owner_id, a.currency FROM ledger_accounts a
		JOIN want ON a.kind = want.k AND a.owner_id = want.o AND a.currency = want.c`,
		kinds, owners, curs, shards, neg)
	if err != nil {
		return fmt.Errorf("postgres: ledger accounts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a Account
		var id int64
		var k, c string
		if err := rows.Scan(&id, &k, &a.Owner, &c); err != nil {
			return err
		}
		a.Kind, a.Currency = AccountKind(k), Currency(c)
		ids[a] = id
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("postgres: ledger accounts: %w", err)
	}
	rows.Close()
	// An account created by a concurrent transaction that committed while our INSERT waited is not
	// in that statement's snapshot: read the missing ones again with a fresh one.
	var mk, mc []string
	var mo []int64
	for a := range seen {
		if _, ok := ids[a]; !ok {
			mk, mo, mc = append(mk, string(a.Kind)), append(mo, a.Owner), append(mc, string(a.Currency))
		}
	}
	if len(mk) == 0 {
		return nil
	}
	rows, err = tx.Query(ctx, `SELECT a.id, a.kind, a.owner_id, a.currency FROM ledger_accounts a
		JOIN unnest($1::text[], $2::bigint[], $3::text[]) w(k, o, c) ON a.kind = w.k AND a.owner_id = w.o AND a.currency = w.c`,
		mk, mo, mc)
	if err != nil {
		return fmt.Errorf("postgres: ledger accounts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a Account
		var id int64
		var k, c string
		if err := rows.Scan(&id, &k, &a.Owner, &c); err != nil {
			return err
		}
		a.Kind, a.Currency = AccountKind(k), Currency(c)
		ids[a] = id
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for a := range seen {
		if _, ok := ids[a]; !ok {
			return fmt.Errorf("postgres: ledger account %s not resolved", a)
		}
	}
	return nil
}

// loadPosted reads the posting stored under key.
func loadPosted(ctx context.Context, q querier, key string) (Posted, error) {
	var p Posted
	var typ string
	err := q.QueryRow(ctx, `SELECT id, type, reference, created_at FROM ledger_transactions WHERE idem_key = $1`, key).
		Scan(&p.TxnID, &typ, &p.Reference, &p.At)
	if err != nil {
		return p, fmt.Errorf("postgres: ledger load %q: %w", key, err)
	}
	p.Type = TxnType(typ)
	rows, err := q.Query(ctx, `SELECT a.kind, a.owner_id, a.currency, e.amount, e.balance_after
		FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.txn_id = $1 ORDER BY e.id`, p.TxnID)
	if err != nil {
		return p, err
	}
	p.Entries, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (PostedEntry, error) {
		var e PostedEntry
		var k, c string
		var bal *int64
		err := r.Scan(&k, &e.Account.Owner, &c, &e.Amount, &bal)
		e.Account.Kind, e.Account.Currency = AccountKind(k), Currency(c)
		if bal != nil {
			e.BalanceAfter, e.HasBalance = *bal, true
		}
		return e, err
	})
	return p, err
}

// Lookup returns the posting applied under key; ok is false when there is none.
func (l *Ledger) Lookup(ctx context.Context, key string) (Posted, bool, error) {
	p, err := loadPosted(ctx, l.pool, key)
	if errors.Is(err, pgx.ErrNoRows) {
		return Posted{}, false, nil
	}
	return p, err == nil, err
}

// Balance returns the balance of a (0 for an account that never moved).
func (l *Ledger) Balance(ctx context.Context, a Account) (int64, error) {
	var b int64
	err := l.pool.QueryRow(ctx, `SELECT coalesce(sum(b.balance), 0)::bigint FROM ledger_balances b
		JOIN ledger_accounts a ON a.id = b.account_id WHERE a.kind = $1 AND a.owner_id = $2 AND a.currency = $3`,
		string(a.Kind), a.Owner, string(a.Currency)).Scan(&b)
	return b, err
}

// Discrepancy is one problem found by Verify.
type Discrepancy struct {
	Problem   string
	AccountID int64
	Currency  Currency
	Kept      int64
	Computed  int64
}

// Verify recomputes every balance from the entries (SQL function ledger_verify) and returns what does
// not match: a currency whose entries do not sum to zero, an account whose kept balance differs from
// its entries, a wallet below zero. Empty means the ledger balances to the coin.
func (l *Ledger) Verify(ctx context.Context) ([]Discrepancy, error) {
	rows, err := l.pool.Query(ctx, `SELECT problem, coalesce(account_id, 0), currency, kept, computed FROM ledger_verify()`)
	if err != nil {
		return nil, fmt.Errorf("postgres: ledger verify: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Discrepancy, error) {
		var d Discrepancy
		var c string
		err := r.Scan(&d.Problem, &d.AccountID, &c, &d.Kept, &d.Computed)
		d.Currency = Currency(c)
		return d, err
	})
}

// WelcomeBonusCoins is the registration bonus of spec §9.
const WelcomeBonusCoins = 200

// WelcomeKey is the idempotency key of a user's welcome bonus.
func WelcomeKey(userID int64) string { return fmt.Sprintf("welcome:%d", userID) }

// GrantWelcome credits the 200-coin welcome bonus from the promotions account, inside the caller's
// transaction (the registration one), exactly once per user: a second call for the same user moves
// nothing and returns nil.
func GrantWelcome(ctx context.Context, tx pgx.Tx, userID int64) error {
	if userID <= 0 {
		return fmt.Errorf("%w: user id %d", ErrBadPosting, userID)
	}
	_, err := PostTx(ctx, tx, Posting{
		Key: WelcomeKey(userID), Type: TxnWelcome, Reference: "welcome", UserID: userID,
		Entries: []Entry{
			{SystemAccount(KindPromotions, Coin), -WelcomeBonusCoins},
			{UserWallet(userID, Coin), WelcomeBonusCoins},
		},
	})
	return err
}

func keyShard(key string) int16 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(key))
	return int16(h.Sum32() % ledgerSystemShards)
}

// querier is what read helpers need from a pool or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// txBeginner is a pool or a connection.
type txBeginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// InTx runs fn in a READ COMMITTED transaction and commits it, retrying the whole of fn (with a short
// jittered backoff) when Postgres reports a deadlock or a serialization failure. fn must be safe to
// run again: everything it does goes through tx.
func InTx(ctx context.Context, db txBeginner, fn func(tx pgx.Tx) error) error {
	const attempts = 8
	backoff := 2 * time.Millisecond
	for i := 0; ; i++ {
		err := pgx.BeginTxFunc(ctx, db, pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, fn)
		if err == nil || i == attempts-1 || !retryable(err) {
			return err
		}
		t := time.NewTimer(backoff + time.Duration(rand.Int64N(int64(backoff))))
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		backoff *= 2
	}
}

func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

func isCheckViolation(err error, constraint string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23514" && pe.ConstraintName == constraint
}
