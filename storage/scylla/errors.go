package scylla

import "errors"

// ErrNoHosts is returned by Open when no contact points are configured (SCYLLA_HOSTS is empty).
var ErrNoHosts = errors.New("scylla: no hosts configured (set SCYLLA_HOSTS)")
