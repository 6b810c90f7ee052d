package account_test

import (
	"testing"

	"courtside/api/apitest"
	"courtside/api/errcode"
)

// TestAvatarPixelsAreCheckedFromTheHeader: a 6300×6300 PNG of a few tens of kilobytes (about 40
// megapixels, under the old cap) is refused from its header, with the cap in the message; an
// avatar-sized picture passes.
func TestAvatarPixelsAreCheckedFromTheHeader(t *testing.T) {
	e := newEnv(t)
	a := e.register("pixels@example.com", "pixels", "pixels123")
	bomb := apitest.BombPNG(6300, 6300)
	if len(bomb) > 3<<20 {
		t.Fatalf("the bomb is %d bytes, over the size cap: the test would not test pixels", len(bomb))
	}
	r := upload(t, e, a.Token, "bomb.png", bomb)
	apitest.Failure(t, r, errcode.Avatar, "")
	if r.Env.ErrorMsg != "The picture has too many pixels: at most 16 megapixels" {
		t.Fatalf("message %q", r.Env.ErrorMsg)
	}
	apitest.Result(t, upload(t, e, a.Token, "strip.png", apitest.BombPNG(1000, 1000)), nil)
	apitest.Failure(t, upload(t, e, a.Token, "strip.png", apitest.BombPNG(9000, 10)), errcode.Avatar, "")
}
