package notice_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtside/api/apitest"
	"courtside/api/locale"
	"courtside/api/notice"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func TestNoticesAreStoredOncePushedListedInTheReadersLanguageAndReadEverywhere(t *testing.T) {
	pool := pgtest.NewPool(t)
	at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	push := &apitest.Pushes{}
	svc := notice.New(notice.Config{Now: func() time.Time { return at }},
		notice.Deps{Store: postgres.NewNotices(pool), Push: push, Translate: locale.Message})
	ctx := context.Background()
	for i := 0; i < 3; i++ { // a sender retrying: one notice
		if err := svc.Send(ctx, notice.Notice{UserID: 7, Kind: notice.KindReview, Key: "application.failed",
			Link: "/anchorCenter", Dedupe: "anchor-review-1"}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 25; i++ {
		if err := svc.Send(ctx, notice.Notice{UserID: 7, Kind: notice.KindSystem, Key: "report.success"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.Send(ctx, notice.Notice{UserID: 8, Kind: notice.KindSystem, Key: "report.success"}); err != nil {
		t.Fatal(err)
	}
	if err := svc.Send(ctx, notice.Notice{Kind: notice.KindSystem, Key: "x"}); err == nil {
		t.Fatal("a notice without a user was sent")
	}
	if got := push.To("u7"); len(got) != 26 || !strings.Contains(got[25], `"unread":26`) {
		t.Fatalf("pushes to u7: %d, last %s", len(got), got[len(got)-1])
	}

	first, err := svc.List(ctx, 7, "en_US", 0, 20, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(first.List) != 20 || first.Unread != 26 || first.Next == 0 || first.List[0].Time != at.UnixMilli() {
		t.Fatalf("first page: %d items, unread %d, next %d", len(first.List), first.Unread, first.Next)
	}
	rest, _ := svc.List(ctx, 7, "de", first.Next, 20, false)
	last := rest.List[len(rest.List)-1]
	if len(rest.List) != 6 || rest.Next != 0 || last.Link != "/anchorCenter" || last.Text != locale.Message("de", "application.failed") {
		t.Fatalf("second page: %+v", rest)
	}

	// Read on one device: every device's badge follows.
	if n, err := svc.MarkRead(ctx, 7, []int64{last.ID}); err != nil || n != 25 {
		t.Fatalf("mark one read: %d %v", n, err)
	}
	if got := push.To("u7"); !strings.Contains(got[len(got)-1], `"unread":25`) {
		t.Fatalf("the read was not pushed: %s", got[len(got)-1])
	}
	if n, _ := svc.MarkRead(ctx, 7, nil); n != 0 {
		t.Fatalf("after reading all: %d unread", n)
	}
	if n, _ := svc.Unread(ctx, 8); n != 1 {
		t.Fatalf("another user's notices changed: %d unread", n)
	}
	if unread, _ := svc.List(ctx, 7, "en_US", 0, 20, true); len(unread.List) != 0 {
		t.Fatalf("unread filter: %+v", unread.List)
	}
}

func TestQuietKindsAreStoredButNotPushed(t *testing.T) {
	pool := pgtest.NewPool(t)
	push := &apitest.Pushes{}
	quiet := func(_ context.Context, uid int64, kind string) bool { return uid == 7 && kind == notice.KindLive }
	svc := notice.New(notice.Config{}, notice.Deps{Store: postgres.NewNotices(pool), Push: push, Translate: locale.Message, Quiet: quiet})
	ctx := context.Background()
	for _, k := range []string{notice.KindLive, notice.KindOrder} {
		if err := svc.Send(ctx, notice.Notice{UserID: 7, Kind: k, Key: "report.success"}); err != nil {
			t.Fatal(err)
		}
	}
	if got := push.To("u7"); len(got) != 1 || !strings.Contains(got[0], `"kind":"order"`) || !strings.Contains(got[0], `"unread":2`) {
		t.Fatalf("pushes: %v", got)
	}
	if n, _ := svc.Unread(ctx, 7); n != 2 {
		t.Fatalf("unread %d, want both stored", n)
	}
}
