// Package mediatest is the tests' side of the media path: finding the real ffmpeg that pushes a
// stream through the RTMP ingest. Without it a test skips, or fails when COURTSIDE_REQUIRE_SERVICES=1
// (CI and `make test`, where scripts/setup.sh installs it), so a missing tool never passes as green.
package mediatest
