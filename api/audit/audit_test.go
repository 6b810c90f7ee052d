package audit_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtside/api/audit"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

func TestTheLogKeepsEveryActionAndRefusesEdits(t *testing.T) {
	pool := pgtest.NewPool(t)
	at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc := audit.New(audit.Config{Now: func() time.Time { return at }}, postgres.NewAuditLog(pool))
	ctx := context.Background()
	for _, e := range []audit.Entry{
		{ActorID: 1, ActorName: "root", Action: "user.ban", TargetKind: "user", TargetID: "u7",
			Before: map[string]any{"roles": []string{}}, After: map[string]any{"roles": []string{"banned"}}, Reason: "spam"},
		{ActorID: 2, ActorName: "fin", Action: "order.refund", TargetKind: "order", TargetID: "R1", Reason: "duplicate"},
		{ActorID: 1, ActorName: "root", Action: "user.mute", TargetKind: "user", TargetID: "u8", Reason: "abuse"},
	} {
		if err := svc.Record(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.Record(ctx, audit.Entry{ActorID: 1}); err == nil {
		t.Fatal("an entry without an action was written")
	}
	all, err := svc.List(ctx, audit.Filter{})
	if err != nil || len(all) != 3 || all[0].Action != "user.mute" || !all[2].At.Equal(at) {
		t.Fatalf("newest first: %+v %v", all, err)
	}
	if !strings.Contains(string(all[2].After), "banned") {
		t.Fatalf("after state: %s", all[2].After)
	}
	users, _ := svc.List(ctx, audit.Filter{Action: "user."})
	byActor, _ := svc.List(ctx, audit.Filter{ActorID: 2})
	target, _ := svc.List(ctx, audit.Filter{TargetKind: "user", TargetID: "u7"})
	page, _ := svc.List(ctx, audit.Filter{BeforeID: all[0].ID, Limit: 1})
	if len(users) != 2 || len(byActor) != 1 || len(target) != 1 || len(page) != 1 || page[0].ID != all[1].ID {
		t.Fatalf("filters: users %d, actor %d, target %d, page %+v", len(users), len(byActor), len(target), page)
	}
	for _, q := range []string{`UPDATE audit_log SET reason='x'`, `DELETE FROM audit_log`, `TRUNCATE audit_log`} {
		if _, err := pool.Exec(ctx, q); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v", q, err)
		}
	}
}

func TestAnEntryWithTheActorsIDAloneGetsTheirName(t *testing.T) {
	pool := pgtest.NewPool(t)
	svc := audit.New(audit.Config{Names: func(_ context.Context, id int64) string {
		if id == 7 {
			return "root"
		}
		return ""
	}}, postgres.NewAuditLog(pool))
	ctx := context.Background()
	if err := svc.Record(ctx, audit.Entry{ActorID: 7, Action: "anchor.approve"}); err != nil {
		t.Fatal(err)
	}
	if err := svc.Record(ctx, audit.Entry{ActorID: 7, ActorName: "kept", Action: "anchor.reject"}); err != nil {
		t.Fatal(err)
	}
	all, _ := svc.List(ctx, audit.Filter{})
	if len(all) != 2 || all[1].ActorName != "root" || all[0].ActorName != "kept" {
		t.Fatalf("names: %+v", all)
	}
}
