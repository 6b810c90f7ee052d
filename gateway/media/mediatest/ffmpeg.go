package mediatest

import (
	"os"
	"os/exec"
	"testing"
)

// FFmpeg is the path of ffmpeg. Without one the test skips saying why (what needs it), or fails
// when COURTSIDE_REQUIRE_SERVICES=1.
func FFmpeg(t testing.TB, why string) string {
	t.Helper()
	p, err := exec.LookPath("ffmpeg")
	if err != nil {
		if os.Getenv("COURTSIDE_REQUIRE_SERVICES") == "1" {
			t.Fatal("ffmpeg not found but COURTSIDE_REQUIRE_SERVICES=1: apt-get install -y ffmpeg (scripts/setup.sh)")
		}
		t.Skipf("ffmpeg not found: %s (apt-get install -y ffmpeg)", why)
	}
	return p
}
