package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Account store errors.
var (
	// ErrUserNotFound: no user matches.
	ErrUserNotFound = errors.New("postgres: user not found")
	// ErrUsernameTaken, ErrPhoneTaken, ErrEmailTaken: a unique column already holds the value.
	ErrUsernameTaken = errors.New("postgres: username taken")
	ErrPhoneTaken    = errors.New("postgres: phone taken")
	ErrEmailTaken    = errors.New("postgres: e-mail taken")
	// ErrIdentityTaken: the third-party identity is linked to another account.
	ErrIdentityTaken = errors.New("postgres: identity already linked")
	// ErrSessionNotFound: no session has this token hash.
	ErrSessionNotFound = errors.New("postgres: session not found")
	// ErrCodeTooSoon: a code was sent to the destination less than the resend interval ago.
	ErrCodeTooSoon = errors.New("postgres: code sent too recently")
)

// UserRow is one account as stored. Empty strings stand for NULL columns.
type UserRow struct {
	ID           int64
	Username     string
	AreaCode     string
	Phone        string // "+<area><number>"
	Email        string
	PasswordHash string
	Signature    string
	Avatar       string
	Experience   int64
	Roles        []RoleRow // active roles only (unexpired)
	LockedUntil  time.Time // zero when not locked
	CreatedAt    time.Time
}

// RoleRow is one granted role; Expires is zero for a permanent one.
type RoleRow struct {
	Role    string
	Expires time.Time
}

// NewUser is what CreateUser inserts.
type NewUser struct {
	Username, AreaCode, Phone, Email, PasswordHash, PromotionChannel string
}

// SessionRow is one stored session.
type SessionRow struct {
	UserID    int64
	CreatedAt time.Time
	ExpiresAt time.Time
	RevokedAt time.Time // zero when live
}

// FollowRow is one entry of a following or fans list.
type FollowRow struct {
	User  UserRow
	Since time.Time
}

// Accounts stores users, roles, identities, sessions, verification codes, sign-in failures,
// follows and preferences. It is safe for concurrent use.
type Accounts struct {
	pool *pgxpool.Pool
}

// NewAccounts returns the account store over pool.
func NewAccounts(pool *pgxpool.Pool) *Accounts { return &Accounts{pool: pool} }

// Pool is the underlying pool.
func (a *Accounts) Pool() *pgxpool.Pool { return a.pool }

const userCols = `u.id, coalesce(u.username,''), u.area_code, coalesce(u.phone,''), coalesce(u.email,''),
	coalesce(u.password_hash,''), u.signature, u.avatar, u.experience, coalesce(u.locked_until, 'epoch'::timestamptz),
	u.created_at,
	coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id=u.id
		AND (r.expires_at IS NULL OR r.expires_at > $NOW)), '{}'),
	coalesce((SELECT array_agg(coalesce(r.expires_at,'epoch'::timestamptz) ORDER BY r.role) FROM user_roles r WHERE r.user_id=u.id
		AND (r.expires_at IS NULL OR r.expires_at > $NOW)), '{}')`

type scanner interface{ Scan(...any) error }

func scanUser(row scanner, extra ...any) (UserRow, error) {
	var u UserRow
	var roles []string
	var exps []time.Time
	dest := append([]any{&u.ID, &u.Username, &u.AreaCode, &u.Phone, &u.Email, &u.PasswordHash, &u.Signature,
		&u.Avatar, &u.Experience, &u.LockedUntil, &u.CreatedAt, &roles, &exps}, extra...)
	if err := row.Scan(dest...); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return u, ErrUserNotFound
		}
		return u, err
	}
	if u.LockedUntil.Unix() == 0 {
		u.LockedUntil = time.Time{}
	}
	for i, r := range roles {
		rr := RoleRow{Role: r}
		if i < len(exps) && exps[i].Unix() != 0 {
			rr.Expires = exps[i]
		}
		u.Roles = append(u.Roles, rr)
	}
	return u, nil
}

// selectUser builds "SELECT <cols> FROM users u WHERE <where>"; $1 is always now (for roles).
func selectUser(where string) string {
	return "SELECT " + strings.ReplaceAll(userCols, "$NOW", "$1") + " FROM users u WHERE " + where
}

// UserByID loads a user with the roles active at now.
func (a *Accounts) UserByID(ctx context.Context, id int64, now time.Time) (UserRow, error) {
	return scanUser(a.pool.QueryRow(ctx, selectUser("u.id=$2"), now, id))
}

// UserByUsername loads a user by username, whatever its case.
func (a *Accounts) UserByUsername(ctx context.Context, name string, now time.Time) (UserRow, error) {
	return scanUser(a.pool.QueryRow(ctx, selectUser("lower(u.username)=lower($2)"), now, name))
}

// UserByPhone loads a user by full phone ("+<area><number>").
func (a *Accounts) UserByPhone(ctx context.Context, phone string, now time.Time) (UserRow, error) {
	return scanUser(a.pool.QueryRow(ctx, selectUser("u.phone=$2"), now, phone))
}

// UserByEmail loads a user by lower-cased e-mail.
func (a *Accounts) UserByEmail(ctx context.Context, email string, now time.Time) (UserRow, error) {
	return scanUser(a.pool.QueryRow(ctx, selectUser("u.email=$2"), now, email))
}

// uniqueErr maps a unique violation to the sentinel of its column; other errors pass through.
func uniqueErr(err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "23505" {
		return err
	}
	switch pe.ConstraintName {
	case "users_username_lower":
		return ErrUsernameTaken
	case "users_phone_key":
		return ErrPhoneTaken
	case "users_email_key":
		return ErrEmailTaken
	case "user_identities_pkey":
		return ErrIdentityTaken
	}
	return err
}

// CreateUser inserts a user and, in the same transaction, runs inTx (the welcome gift, a linked
// identity); if inTx fails nothing is kept. A duplicate username, phone or e-mail is
// ErrUsernameTaken, ErrPhoneTaken or ErrEmailTaken, and then inTx has not run or was rolled back.
func (a *Accounts) CreateUser(ctx context.Context, nu NewUser, inTx func(ctx context.Context, tx pgx.Tx, id int64) error) (int64, error) {
	tx, err := a.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	var id int64
	err = tx.QueryRow(ctx, `INSERT INTO users (username, area_code, phone, email, password_hash, promotion_channel)
		VALUES (NULLIF($1,''), $2, NULLIF($3,''), NULLIF($4,''), NULLIF($5,''), $6) RETURNING id`,
		nu.Username, nu.AreaCode, nu.Phone, nu.Email, nu.PasswordHash, nu.PromotionChannel).Scan(&id)
	if err != nil {
		return 0, uniqueErr(err)
	}
	if inTx != nil {
		if err := inTx(ctx, tx, id); err != nil {
			return 0, uniqueErr(err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, uniqueErr(err)
	}
	return id, nil
}

// exec runs one statement that must touch exactly one user row.
func (a *Accounts) execUser(ctx context.Context, sql string, args ...any) error {
	tag, err := a.pool.Exec(ctx, sql, args...)
	if err != nil {
		return uniqueErr(err)
	}
	if tag.RowsAffected() == 0 {
		return ErrUserNotFound
	}
	return nil
}

// SetUsername sets (or changes) the username.
func (a *Accounts) SetUsername(ctx context.Context, id int64, name string) error {
	return a.execUser(ctx, `UPDATE users SET username=$2, updated_at=now() WHERE id=$1`, id, name)
}

// SetCredentials sets username and password hash together (the new-user step).
func (a *Accounts) SetCredentials(ctx context.Context, id int64, name, hash string) error {
	return a.execUser(ctx, `UPDATE users SET username=$2, password_hash=$3, updated_at=now() WHERE id=$1`, id, name, hash)
}

// SetSignature sets the personal signature.
func (a *Accounts) SetSignature(ctx context.Context, id int64, sig string) error {
	return a.execUser(ctx, `UPDATE users SET signature=$2, updated_at=now() WHERE id=$1`, id, sig)
}

// SetPasswordHash replaces the password hash and clears the wrong-password lock.
func (a *Accounts) SetPasswordHash(ctx context.Context, id int64, hash string) error {
	return a.execUser(ctx, `UPDATE users SET password_hash=$2, failed_logins=0, locked_until=NULL, updated_at=now() WHERE id=$1`, id, hash)
}

// SetPhone binds or changes the phone.
func (a *Accounts) SetPhone(ctx context.Context, id int64, areaCode, phone string) error {
	return a.execUser(ctx, `UPDATE users SET area_code=$2, phone=$3, updated_at=now() WHERE id=$1`, id, areaCode, phone)
}

// SetEmail binds or changes the e-mail.
func (a *Accounts) SetEmail(ctx context.Context, id int64, email string) error {
	return a.execUser(ctx, `UPDATE users SET email=$2, updated_at=now() WHERE id=$1`, id, email)
}

// SetAvatar stores the avatar path and returns the previous one.
func (a *Accounts) SetAvatar(ctx context.Context, id int64, path string) (old string, err error) {
	err = a.pool.QueryRow(ctx, `UPDATE users u SET avatar=$2, updated_at=now() FROM users o
		WHERE u.id=$1 AND o.id=u.id RETURNING o.avatar`, id, path).Scan(&old)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrUserNotFound
	}
	return old, err
}

// GrantRole grants role (until expires; zero = permanent), replacing an earlier grant.
func (a *Accounts) GrantRole(ctx context.Context, id int64, role string, expires time.Time, by string) error {
	var exp *time.Time
	if !expires.IsZero() {
		exp = &expires
	}
	_, err := a.pool.Exec(ctx, `INSERT INTO user_roles (user_id, role, expires_at, granted_by) VALUES ($1,$2,$3,$4)
		ON CONFLICT (user_id, role) DO UPDATE SET expires_at=EXCLUDED.expires_at, granted_by=EXCLUDED.granted_by, granted_at=now()`,
		id, role, exp, by)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23503" {
		return ErrUserNotFound
	}
	return err
}

// RevokeRole removes a role.
func (a *Accounts) RevokeRole(ctx context.Context, id int64, role string) error {
	_, err := a.pool.Exec(ctx, `DELETE FROM user_roles WHERE user_id=$1 AND role=$2`, id, role)
	return err
}

// AddExperience adds n (≥ 0) experience points and returns the new total.
func (a *Accounts) AddExperience(ctx context.Context, id, n int64) (int64, error) {
	var exp int64
	err := a.pool.QueryRow(ctx, `UPDATE users SET experience=experience+$2 WHERE id=$1 RETURNING experience`, id, n).Scan(&exp)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrUserNotFound
	}
	return exp, err
}

// DailyExperience adds n points once per calendar day (UTC) of now; it reports whether it did.
func (a *Accounts) DailyExperience(ctx context.Context, id, n int64, now time.Time) (bool, error) {
	day := now.UTC().Format("2006-01-02")
	tag, err := a.pool.Exec(ctx, `UPDATE users SET experience=experience+$2, last_exp_day=$3::date, last_login_at=$4
		WHERE id=$1 AND (last_exp_day IS NULL OR last_exp_day < $3::date)`, id, n, day, now)
	if err != nil {
		return false, err
	}
	if tag.RowsAffected() == 0 {
		_, err = a.pool.Exec(ctx, `UPDATE users SET last_login_at=$2 WHERE id=$1`, id, now)
	}
	return tag.RowsAffected() == 1, err
}

// --- third-party identities ---

// IdentityUser returns the user linked to a provider identity, or ErrUserNotFound.
func (a *Accounts) IdentityUser(ctx context.Context, provider, subject string) (int64, error) {
	var id int64
	err := a.pool.QueryRow(ctx, `SELECT user_id FROM user_identities WHERE provider=$1 AND subject=$2`, provider, subject).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrUserNotFound
	}
	return id, err
}

// LinkIdentity links a provider identity to a user. q is the pool or a transaction.
func LinkIdentity(ctx context.Context, q interface {
	Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
}, provider, subject string, userID int64, email, name string) error {
	_, err := q.Exec(ctx, `INSERT INTO user_identities (provider, subject, user_id, email, name) VALUES ($1,$2,$3,$4,$5)`,
		provider, subject, userID, email, name)
	return uniqueErr(err)
}

// LinkIdentity links a provider identity to an existing user.
func (a *Accounts) LinkIdentity(ctx context.Context, provider, subject string, userID int64, email, name string) error {
	return LinkIdentity(ctx, a.pool, provider, subject, userID, email, name)
}

// --- sessions ---

// CreateSession stores a session by the hash of its token.
func (a *Accounts) CreateSession(ctx context.Context, hash []byte, userID int64, now, expires time.Time, ip, ua string) error {
	_, err := a.pool.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at, ip, user_agent)
		VALUES ($1,$2,$3,$4,$3,$5,$6)`, hash, userID, now, expires, ip, ua)
	return err
}

// Session loads a session by token hash.
func (a *Accounts) Session(ctx context.Context, hash []byte) (SessionRow, error) {
	var s SessionRow
	var revoked *time.Time
	err := a.pool.QueryRow(ctx, `SELECT user_id, created_at, expires_at, revoked_at FROM sessions WHERE token_hash=$1`, hash).
		Scan(&s.UserID, &s.CreatedAt, &s.ExpiresAt, &revoked)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, ErrSessionNotFound
	}
	if revoked != nil {
		s.RevokedAt = *revoked
	}
	return s, err
}

// ExtendSession moves a live session's expiry to expires (sliding renewal). It reports whether the
// session was still live, so a caller that caches sessions never re-caches a revoked one.
func (a *Accounts) ExtendSession(ctx context.Context, hash []byte, now, expires time.Time) (bool, error) {
	tag, err := a.pool.Exec(ctx, `UPDATE sessions SET expires_at=$3, last_seen_at=$2
		WHERE token_hash=$1 AND revoked_at IS NULL AND expires_at > $2`, hash, now, expires)
	return err == nil && tag.RowsAffected() == 1, err
}

// RevokeSession revokes one session; it reports whether a live one was revoked.
func (a *Accounts) RevokeSession(ctx context.Context, hash []byte, now time.Time) (bool, error) {
	tag, err := a.pool.Exec(ctx, `UPDATE sessions SET revoked_at=$2 WHERE token_hash=$1 AND revoked_at IS NULL`, hash, now)
	return err == nil && tag.RowsAffected() == 1, err
}

// RevokeUserSessions revokes every live session of a user except the one with hash keep (nil:
// all) and returns the token hashes it revoked, so a session cache can drop exactly those.
func (a *Accounts) RevokeUserSessions(ctx context.Context, userID int64, keep []byte, now time.Time) ([][]byte, error) {
	if keep == nil {
		keep = []byte{}
	}
	rows, err := a.pool.Query(ctx, `UPDATE sessions SET revoked_at=$3 WHERE user_id=$1 AND revoked_at IS NULL AND token_hash<>$2
		RETURNING token_hash`, userID, keep, now)
	if err != nil {
		return nil, fmt.Errorf("revoke sessions of user %d: %w", userID, err)
	}
	revoked, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		return nil, fmt.Errorf("revoke sessions of user %d: %w", userID, err)
	}
	return revoked, nil
}

// PurgeSessions deletes sessions that expired or were revoked before cutoff.
func (a *Accounts) PurgeSessions(ctx context.Context, cutoff time.Time) (int64, error) {
	tag, err := a.pool.Exec(ctx, `DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1`, cutoff)
	return tag.RowsAffected(), err
}

// --- verification codes ---

// PutCode stores a new code for dest, replacing the previous one, unless the previous one was
// created less than minInterval before now: then ErrCodeTooSoon and the time left.
func (a *Accounts) PutCode(ctx context.Context, dest string, hash []byte, now, expires time.Time, minInterval time.Duration) (time.Duration, error) {
	var created time.Time
	err := a.pool.QueryRow(ctx, `INSERT INTO verification_codes AS v (destination, code_hash, created_at, expires_at)
		VALUES ($1,$2,$3,$4)
		ON CONFLICT (destination) DO UPDATE SET code_hash=EXCLUDED.code_hash, created_at=EXCLUDED.created_at,
			expires_at=EXCLUDED.expires_at, attempts=0, consumed_at=NULL
		WHERE v.created_at <= $5
		RETURNING created_at`, dest, hash, now, expires, now.Add(-minInterval)).Scan(&created)
	if errors.Is(err, pgx.ErrNoRows) {
		var prev time.Time
		if err := a.pool.QueryRow(ctx, `SELECT created_at FROM verification_codes WHERE destination=$1`, dest).Scan(&prev); err != nil {
			return minInterval, ErrCodeTooSoon
		}
		left := prev.Add(minInterval).Sub(now)
		if left <= 0 {
			left = time.Second
		}
		return left, ErrCodeTooSoon
	}
	return 0, err
}

// CodeResult is the outcome of ConsumeCode.
type CodeResult int

// Outcomes of ConsumeCode.
const (
	CodeOK      CodeResult = iota // right code: now consumed
	CodeWrong                     // wrong code: attempt counted
	CodeVoided                    // wrong code and that was the last allowed attempt: code voided
	CodeMissing                   // no live code: never sent, expired, consumed or voided
)

// ConsumeCode checks hash against dest's live code inside a transaction that locks the row, so
// two concurrent checks of the same code cannot both succeed. A right code is consumed; a wrong
// one counts an attempt, and the maxAttempts-th wrong attempt voids the code.
func (a *Accounts) ConsumeCode(ctx context.Context, dest string, hash []byte, now time.Time, maxAttempts int) (CodeResult, error) {
	tx, err := a.pool.Begin(ctx)
	if err != nil {
		return CodeMissing, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	var stored []byte
	var attempts int
	err = tx.QueryRow(ctx, `SELECT code_hash, attempts FROM verification_codes
		WHERE destination=$1 AND consumed_at IS NULL AND expires_at > $2 FOR UPDATE`, dest, now).Scan(&stored, &attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return CodeMissing, nil
	}
	if err != nil {
		return CodeMissing, err
	}
	res := CodeOK
	if string(stored) == string(hash) { // both are HMACs of equal length; the code space is what limits guessing
		_, err = tx.Exec(ctx, `UPDATE verification_codes SET consumed_at=$2 WHERE destination=$1`, dest, now)
	} else {
		attempts++
		res = CodeWrong
		if attempts >= maxAttempts {
			res = CodeVoided
			_, err = tx.Exec(ctx, `UPDATE verification_codes SET attempts=$2, consumed_at=$3 WHERE destination=$1`, dest, attempts, now)
		} else {
			_, err = tx.Exec(ctx, `UPDATE verification_codes SET attempts=$2 WHERE destination=$1`, dest, attempts)
		}
	}
	if err != nil {
		return CodeMissing, err
	}
	return res, tx.Commit(ctx)
}

// --- wrong-password throttling ---

// AccountFailure counts a wrong password for a user; after max consecutive failures the account
// is locked until now+lock and the counter restarts. It returns the lock's end (zero if none).
func (a *Accounts) AccountFailure(ctx context.Context, id int64, now time.Time, max int, lock time.Duration) (time.Time, error) {
	var until *time.Time
	err := a.pool.QueryRow(ctx, `UPDATE users SET
			failed_logins = CASE WHEN failed_logins+1 >= $2 THEN 0 ELSE failed_logins+1 END,
			locked_until  = CASE WHEN failed_logins+1 >= $2 THEN $3::timestamptz ELSE locked_until END
		WHERE id=$1 RETURNING locked_until`, id, max, now.Add(lock)).Scan(&until)
	if err != nil || until == nil || !until.After(now) {
		return time.Time{}, err
	}
	return *until, nil
}

// AccountSuccess clears a user's wrong-password counter.
func (a *Accounts) AccountSuccess(ctx context.Context, id int64) error {
	_, err := a.pool.Exec(ctx, `UPDATE users SET failed_logins=0, locked_until=NULL WHERE id=$1 AND (failed_logins<>0 OR locked_until IS NOT NULL)`, id)
	return err
}

// KeyLocked returns when the lock on key (an IP's wrong-password counter) ends; zero if none.
func (a *Accounts) KeyLocked(ctx context.Context, key string, now time.Time) (time.Time, error) {
	var until *time.Time
	err := a.pool.QueryRow(ctx, `SELECT locked_until FROM login_failures WHERE key=$1`, key).Scan(&until)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && (until == nil || !until.After(now))) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, err
	}
	return *until, nil
}

// KeyFailure counts a failure for key within a fixed window; the max-th failure in one window
// locks the key until now+lock. It returns the lock's end (zero if none).
func (a *Accounts) KeyFailure(ctx context.Context, key string, now time.Time, max int, window, lock time.Duration) (time.Time, error) {
	var until *time.Time
	err := a.pool.QueryRow(ctx, `INSERT INTO login_failures AS f (key, failures, window_start) VALUES ($1, 1, $2)
		ON CONFLICT (key) DO UPDATE SET
			failures     = CASE WHEN f.window_start <= $3 THEN 1 ELSE f.failures+1 END,
			window_start = CASE WHEN f.window_start <= $3 THEN $2 ELSE f.window_start END,
			locked_until = CASE WHEN f.window_start > $3 AND f.failures+1 >= $4 THEN $5::timestamptz ELSE f.locked_until END
		RETURNING locked_until`, key, now, now.Add(-window), max, now.Add(lock)).Scan(&until)
	if err != nil || until == nil || !until.After(now) {
		return time.Time{}, err
	}
	return *until, nil
}

// AttemptReserve counts one password attempt for key before it is evaluated, atomically: the
// n-th attempt of a window (the window restarts after window or after a lock ends) is allowed
// while n <= max; any attempt while the key is locked, or beyond max, is refused (an attempt
// beyond max locks the key until now+lock). Parallel guesses therefore cannot all be evaluated.
// It returns n and, when the attempt is refused, the lock's end.
func (a *Accounts) AttemptReserve(ctx context.Context, key string, now time.Time, max int, window, lock time.Duration) (int, time.Time, error) {
	var n int
	var until *time.Time
	err := a.pool.QueryRow(ctx, `INSERT INTO login_failures AS f (key, failures, window_start) VALUES ($1, 1, $2)
		ON CONFLICT (key) DO UPDATE SET
			failures = CASE WHEN f.locked_until > $2 THEN f.failures
				WHEN f.window_start <= $3 OR f.locked_until IS NOT NULL THEN 1
				ELSE f.failures+1 END,
			window_start = CASE WHEN f.locked_until > $2 THEN f.window_start
				WHEN f.window_start <= $3 OR f.locked_until IS NOT NULL THEN $2
				ELSE f.window_start END,
			locked_until = CASE WHEN f.locked_until > $2 THEN f.locked_until
				WHEN f.window_start <= $3 OR f.locked_until IS NOT NULL THEN NULL
				WHEN f.failures+1 > $4 THEN $5::timestamptz
				ELSE NULL END
		RETURNING failures, locked_until`, key, now, now.Add(-window), max, now.Add(lock)).Scan(&n, &until)
	if err != nil || until == nil || !until.After(now) {
		return n, time.Time{}, err
	}
	return n, *until, nil
}

// AttemptFailed records that attempt n of key (from AttemptReserve) was wrong: the max-th locks
// the key until now+lock. It returns the lock's end (zero if none).
func (a *Accounts) AttemptFailed(ctx context.Context, key string, n int, now time.Time, max int, lock time.Duration) (time.Time, error) {
	if n < max {
		return time.Time{}, nil
	}
	var until time.Time
	err := a.pool.QueryRow(ctx, `UPDATE login_failures SET locked_until = CASE WHEN locked_until > $2 THEN locked_until ELSE $3::timestamptz END
		WHERE key=$1 RETURNING locked_until`, key, now, now.Add(lock)).Scan(&until)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, nil
	}
	return until, err
}

// AttemptRelease gives back an attempt that succeeded: reset clears key's counter, otherwise the
// attempt is uncounted (a shared address's successes never add up to a lock). A lock stays.
func (a *Accounts) AttemptRelease(ctx context.Context, key string, reset bool) error {
	q := `UPDATE login_failures SET failures = greatest(failures-1, 0) WHERE key=$1 AND locked_until IS NULL`
	if reset {
		q = `DELETE FROM login_failures WHERE key=$1 AND locked_until IS NULL`
	}
	_, err := a.pool.Exec(ctx, q, key)
	return err
}

// --- follows ---

// Follow makes follower follow followee; it reports whether the edge is new.
func (a *Accounts) Follow(ctx context.Context, follower, followee int64, now time.Time) (bool, error) {
	tag, err := a.pool.Exec(ctx, `INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`,
		follower, followee, now)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23503" {
		return false, ErrUserNotFound
	}
	return err == nil && tag.RowsAffected() == 1, err
}

// Unfollow removes the edge; it reports whether there was one.
func (a *Accounts) Unfollow(ctx context.Context, follower, followee int64) (bool, error) {
	tag, err := a.pool.Exec(ctx, `DELETE FROM follows WHERE follower_id=$1 AND followee_id=$2`, follower, followee)
	return err == nil && tag.RowsAffected() == 1, err
}

// IsFollowing reports whether follower follows followee.
func (a *Accounts) IsFollowing(ctx context.Context, follower, followee int64) (bool, error) {
	var ok bool
	err := a.pool.QueryRow(ctx, `SELECT EXISTS(SELECT 1 FROM follows WHERE follower_id=$1 AND followee_id=$2)`, follower, followee).Scan(&ok)
	return ok, err
}

// FollowCounts returns how many users id follows and how many follow id.
func (a *Accounts) FollowCounts(ctx context.Context, id int64) (following, fans int64, err error) {
	err = a.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM follows WHERE follower_id=$1),
		(SELECT count(*) FROM follows WHERE followee_id=$1)`, id).Scan(&following, &fans)
	return
}

// FollowList pages through the users id follows (fans=false) or its followers (fans=true),
// newest first, and returns the total.
func (a *Accounts) FollowList(ctx context.Context, id int64, fans bool, offset, limit int, now time.Time) ([]FollowRow, int64, error) {
	mine, other := "follower_id", "followee_id"
	if fans {
		mine, other = other, mine
	}
	var total int64
	if err := a.pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) FROM follows WHERE %s=$1`, mine), id).Scan(&total); err != nil {
		return nil, 0, err
	}
	q := fmt.Sprintf(`SELECT %s, f.created_at FROM follows f JOIN users u ON u.id=f.%s
		WHERE f.%s=$2 ORDER BY f.created_at DESC, u.id DESC OFFSET $3 LIMIT $4`,
		strings.ReplaceAll(userCols, "$NOW", "$1"), other, mine)
	rows, err := a.pool.Query(ctx, q, now, id, offset, limit)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []FollowRow
	for rows.Next() {
		var fr FollowRow
		u, err := scanUser(rows, &fr.Since)
		if err != nil {
			return nil, 0, err
		}
		fr.User = u
		out = append(out, fr)
	}
	return out, total, rows.Err()
}

// --- preferences ---

// Prefs returns the stored preferences JSON of a user, or nil.
func (a *Accounts) Prefs(ctx context.Context, id int64) ([]byte, error) {
	var data []byte
	err := a.pool.QueryRow(ctx, `SELECT data FROM user_prefs WHERE user_id=$1`, id).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return data, err
}

// SavePrefs replaces the preferences JSON (a JSON object) of a user.
func (a *Accounts) SavePrefs(ctx context.Context, id int64, data []byte) error {
	_, err := a.pool.Exec(ctx, `INSERT INTO user_prefs (user_id, data, updated_at) VALUES ($1, $2::jsonb, now())
		ON CONFLICT (user_id) DO UPDATE SET data=EXCLUDED.data, updated_at=now()`, id, string(data))
	return err
}
