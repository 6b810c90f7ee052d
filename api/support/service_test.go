package support_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/locale"
	"courtside/api/notice"
	"courtside/api/support"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

const fan, other, agent = int64(7), int64(8), int64(90)

func setup(t *testing.T) (*support.Service, *apitest.Clock, *apitest.AuditLog, *apitest.Pushes, *notice.Service) {
	t.Helper()
	pool := pgtest.NewPool(t)
	c := apitest.NewClock(time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC))
	push := &apitest.Pushes{}
	inbox := notice.New(notice.Config{Now: c.Now}, notice.Deps{Store: postgres.NewNotices(pool), Push: push, Translate: locale.Message})
	rec := &apitest.AuditLog{}
	svc, err := support.New(support.Config{Now: c.Now}, support.Deps{Store: postgres.NewSupportStore(pool), Notices: inbox, Audit: rec,
		Names: func(_ context.Context, id int64) string { return "agent" }})
	if err != nil {
		t.Fatal(err)
	}
	return svc, c, rec, push, inbox
}

func TestNewTicketsAreCheckedWithClearLimits(t *testing.T) {
	svc, _, _, _, _ := setup(t)
	ctx := context.Background()
	good := support.NewTicket{Category: "recharge", Subject: "Coins not credited", Message: "I paid 30 yuan an hour ago and my balance did not change."}
	cases := []struct {
		name string
		edit func(*support.NewTicket)
		want error
	}{
		{"unknown category", func(n *support.NewTicket) { n.Category = "refundz" }, support.ErrBadCategory},
		{"no category", func(n *support.NewTicket) { n.Category = "" }, support.ErrBadCategory},
		{"subject of spaces", func(n *support.NewTicket) { n.Subject = "   \t " }, support.ErrBadSubject},
		{"subject too long", func(n *support.NewTicket) { n.Subject = strings.Repeat("é", 101) }, support.ErrBadSubject},
		{"message too short", func(n *support.NewTicket) { n.Message = "help!" }, support.ErrBadMessage},
		{"message too long", func(n *support.NewTicket) { n.Message = strings.Repeat("字", 2001) }, support.ErrBadMessage},
	}
	for _, c := range cases {
		in := good
		c.edit(&in)
		_, err := svc.Create(ctx, fan, "en_US", in)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	// The limits travel with the error, so the message says them.
	_, err := svc.Create(ctx, fan, "en_US", support.NewTicket{Category: "account", Subject: "x", Message: good.Message})
	if e, ok := errcode.As(err); !ok || len(e.Args) != 2 || e.Args[0] != 4 || e.Args[1] != 100 {
		t.Fatalf("subject error: %#v", err)
	}
	if list, _ := svc.Mine(ctx, fan); len(list) != 0 {
		t.Fatalf("refused tickets were stored: %+v", list)
	}

	// Whitespace is tidied: the subject on one line, the message trimmed.
	tk, err := svc.Create(ctx, fan, "de", support.NewTicket{Category: "recharge", Subject: "  Coins \n not   credited ",
		Message: "\r\n  " + good.Message + "  \r\n"})
	if err != nil {
		t.Fatal(err)
	}
	if tk.Subject != "Coins not credited" || tk.State != support.StateOpen || tk.Lang != "de" || len(tk.Thread) != 1 ||
		tk.Thread[0].Body != good.Message || tk.Thread[0].Staff || tk.UserID != "u7" {
		t.Fatalf("created %+v", tk)
	}
}

func TestAThreadIsAnsweredNotifiedReopenedAndClosed(t *testing.T) {
	svc, c, rec, push, inbox := setup(t)
	ctx := context.Background()
	tk, err := svc.Create(ctx, fan, "en_US", support.NewTicket{Category: "membership", Subject: "VIP badge missing",
		Message: "I bought VIP this morning but my badge does not show in chat."})
	if err != nil {
		t.Fatal(err)
	}
	c.Add(10 * time.Minute)
	older, err := svc.Create(ctx, other, "en_US", support.NewTicket{Category: "chat", Subject: "Why was I muted?",
		Message: "I was muted in room 1001 without saying anything rude."})
	if err != nil {
		t.Fatal(err)
	}

	// The queue: open tickets, the one that waited longest first.
	q, total, err := svc.Queue(ctx, "open", 20, 0)
	if err != nil || total != 2 || q[0].ID != tk.ID || q[1].ID != older.ID {
		t.Fatalf("queue %+v total %d, %v", q, total, err)
	}
	if _, _, err := svc.Queue(ctx, "pending", 20, 0); !errors.Is(err, support.ErrBadState) {
		t.Fatalf("unknown state: %v", err)
	}

	// A user never reads, answers or closes another's ticket: not found, as if it did not exist.
	if _, err := svc.Get(ctx, other, tk.ID); !errors.Is(err, support.ErrNotFound) {
		t.Fatalf("another user read the ticket: %v", err)
	}
	if _, err := svc.Reply(ctx, other, tk.ID, "let me in on this one please"); !errors.Is(err, support.ErrNotFound) {
		t.Fatalf("another user replied: %v", err)
	}
	if _, err := svc.Close(ctx, other, tk.ID); !errors.Is(err, support.ErrNotFound) {
		t.Fatalf("another user closed: %v", err)
	}
	if _, err := svc.Get(ctx, fan, 999999); !errors.Is(err, support.ErrNotFound) {
		t.Fatalf("unknown ticket: %v", err)
	}

	// Staff answer: the state moves, the user is told (stored, pushed), the answer is audited.
	c.Add(time.Hour)
	ans, err := svc.Answer(ctx, support.Staff{ID: agent, IP: "10.0.0.1"}, tk.ID, "Your VIP is active; sign out and in again to refresh the badge.", false)
	if err != nil {
		t.Fatal(err)
	}
	if ans.State != support.StateAnswered || len(ans.Thread) != 2 || !ans.Thread[1].Staff || ans.Thread[1].Author != "agent" {
		t.Fatalf("answered %+v", ans)
	}
	mine, err := svc.Get(ctx, fan, tk.ID)
	if err != nil || mine.Thread[1].Author != "" || mine.State != support.StateAnswered {
		t.Fatalf("the user's view names the agent or lost the answer: %+v %v", mine, err)
	}
	page, err := inbox.List(ctx, fan, "en_US", 0, 20, false)
	if err != nil || len(page.List) != 1 || page.List[0].Link != "/salesmartly?ticket="+itoa(tk.ID) ||
		!strings.Contains(page.List[0].Text, "VIP badge missing") {
		t.Fatalf("message centre %+v %v", page, err)
	}
	if got := push.To("u7"); len(got) != 1 || !strings.Contains(got[0], `"unread":1`) {
		t.Fatalf("live push %v", got)
	}
	if len(rec.Entries()) != 1 || rec.Entries()[0].Action != "support.reply" || rec.Entries()[0].TargetID != itoa(tk.ID) || rec.Entries()[0].IP != "10.0.0.1" {
		t.Fatalf("audit %+v", rec.Entries())
	}
	if q, total, _ := svc.Queue(ctx, "open", 20, 0); total != 1 || q[0].ID != older.ID {
		t.Fatalf("open queue after the answer %+v", q)
	}

	// The user writes again: open again, waiting for staff.
	re, err := svc.Reply(ctx, fan, tk.ID, "Still no badge after signing in again.")
	if err != nil || re.State != support.StateOpen || len(re.Thread) != 3 {
		t.Fatalf("user's reply %+v %v", re, err)
	}
	if _, err := svc.Reply(ctx, fan, tk.ID, "short"); !errors.Is(err, support.ErrBadMessage) {
		t.Fatalf("short reply: %v", err)
	}

	// Answer and close: no more messages from anyone.
	closed, err := svc.Answer(ctx, support.Staff{ID: agent}, tk.ID, "Fixed on our side: the badge shows now.", true)
	if err != nil || closed.State != support.StateClosed || closed.CloseTime == 0 {
		t.Fatalf("answer and close %+v %v", closed, err)
	}
	if _, err := svc.Reply(ctx, fan, tk.ID, "Thanks, it works now!"); !errors.Is(err, support.ErrClosed) {
		t.Fatalf("reply to a closed ticket: %v", err)
	}
	if _, err := svc.Answer(ctx, support.Staff{ID: agent}, tk.ID, "One more thing for you here.", false); !errors.Is(err, support.ErrClosed) {
		t.Fatalf("answer to a closed ticket: %v", err)
	}

	// Staff close the other one: audited with the reason, the user told; closing twice is harmless.
	if _, err := svc.StaffClose(ctx, support.Staff{ID: agent}, older.ID, "duplicate of an appeal"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.StaffClose(ctx, support.Staff{ID: agent}, older.ID, "again"); err != nil {
		t.Fatal(err)
	}
	last := rec.Entries()[len(rec.Entries())-1]
	if last.Action != "support.close" || last.Reason != "duplicate of an appeal" || len(rec.Entries()) != 3 {
		t.Fatalf("audit %+v", rec.Entries())
	}
	if n, _ := inbox.Unread(ctx, other); n != 1 {
		t.Fatalf("the other user's notices: %d", n)
	}
	if _, err := svc.StaffGet(ctx, 424242); !errors.Is(err, support.ErrNotFound) {
		t.Fatalf("staff read of an unknown ticket: %v", err)
	}
	if q, total, _ := svc.Queue(ctx, "closed", 20, 0); total != 2 || len(q) != 2 {
		t.Fatalf("closed queue %+v", q)
	}

	// The user closes their own ticket.
	own, _ := svc.Create(ctx, fan, "en_US", support.NewTicket{Category: "other", Subject: "Never mind", Message: "Found the answer in the help centre."})
	if got, err := svc.Close(ctx, fan, own.ID); err != nil || got.State != support.StateClosed {
		t.Fatalf("user's close %+v %v", got, err)
	}
}

func TestTicketsPerHourAreLimited(t *testing.T) {
	svc, c, _, _, _ := setup(t)
	ctx := context.Background()
	in := support.NewTicket{Category: "account", Subject: "Password reset", Message: "The reset code never arrives by SMS."}
	var wg sync.WaitGroup
	errs := make([]error, 7)
	for i := range errs { // at once: the limit holds under concurrency
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = svc.Create(ctx, fan, "en_US", in)
		}()
	}
	wg.Wait()
	ok, limited := 0, 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, support.ErrTooMany):
			limited++
		default:
			t.Fatal(err)
		}
	}
	if ok != 5 || limited != 2 {
		t.Fatalf("%d created, %d limited; want 5 and 2", ok, limited)
	}
	if _, err := svc.Create(ctx, other, "en_US", in); err != nil {
		t.Fatalf("another user is limited too: %v", err)
	}
	c.Add(61 * time.Minute)
	if _, err := svc.Create(ctx, fan, "en_US", in); err != nil {
		t.Fatalf("an hour later: %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
