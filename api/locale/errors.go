package locale

import "errors"

// ErrBadProxy is returned by New when an entry of Config.TrustedProxies is neither an
// IP address nor a CIDR prefix.
var ErrBadProxy = errors.New("locale: trusted proxy is not an IP address or CIDR prefix")

// ErrGeoIP wraps the failure to open or read Config.GeoIPPath; the wrapped error says
// why. A node that cannot read its GeoIP database should say so at start-up rather
// than silently answer every visitor in the default language.
var ErrGeoIP = errors.New("locale: cannot open GeoIP database")
