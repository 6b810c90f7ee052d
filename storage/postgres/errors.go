package postgres

import "errors"

// ErrNoDatabaseURL is returned by Open when no connection string is configured.
var ErrNoDatabaseURL = errors.New("postgres: no database URL configured (set DATABASE_URL)")
