// Package apitest holds test helpers for packages that serve or call the REST API:
// an area's routes served over HTTP for the test (Serve), a real HTTP round trip that decodes
// the envelope (Do, with Header for a signed-in PC client), the checks of an answer (Result,
// Failure), a PNG that is small on the wire and huge decoded (BombPNG) for upload limits, and a
// small MaxMind country database written with mmdbwriter (WriteGeoIP) for
// language-by-country tests; fakes of the areas' common dependencies: a settable Clock, an
// in-memory AuditLog, a message centre that keeps what it is sent (Notices) and the live pushes
// to users' connections (Pushes).
//
// Concurrency: the functions keep no state and may be used from parallel tests; Clock, AuditLog,
// Notices and Pushes guard their own state.
package apitest
