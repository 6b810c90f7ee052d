// Package apitest holds test helpers for packages that serve or call the REST API:
// a real HTTP round trip that decodes the envelope (Do), and a small MaxMind country
// database written with mmdbwriter (WriteGeoIP) for language-by-country tests; fakes of the
// areas' common dependencies: a settable Clock and an in-memory AuditLog.
//
// Concurrency: the functions keep no state and may be used from parallel tests; Clock and
// AuditLog guard their own state.
package apitest
