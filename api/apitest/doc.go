// Package apitest holds test helpers for packages that serve or call the REST API:
// a real HTTP round trip that decodes the envelope (Do), and a small MaxMind country
// database written with mmdbwriter (WriteGeoIP) for language-by-country tests.
//
// Concurrency: the helpers keep no state; they may be used from parallel tests.
package apitest
