package modpresets_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"courtside/actors/room"
	"courtside/api/audit"
	"courtside/api/modpresets"
	"courtside/storage/postgres"
)

type fakeStore struct {
	rows  map[string]postgres.ModPresetsRow
	roles map[int64]string
}

func (f *fakeStore) Load(_ context.Context, r string) (postgres.ModPresetsRow, error) {
	if r != "r1" {
		return postgres.ModPresetsRow{}, postgres.ErrPresetsRoomNotFound
	}
	if p, ok := f.rows[r]; ok {
		return p, nil
	}
	return postgres.DefaultModPresets(), nil
}
func (f *fakeStore) Save(_ context.Context, r string, p postgres.ModPresetsRow, _ int64, _ time.Time) error {
	f.rows[r] = p
	return nil
}
func (f *fakeStore) RoomRole(_ context.Context, r string, u int64) (string, error) {
	if r != "r1" {
		return "", postgres.ErrPresetsRoomNotFound
	}
	return f.roles[u], nil
}
func (f *fakeStore) StreamerRoom(_ context.Context, u int64) (string, error) {
	if f.roles[u] == "streamer" {
		return "r1", nil
	}
	return "", nil
}

type fakeAudit struct{ entries []audit.Entry }

func (a *fakeAudit) Record(_ context.Context, e audit.Entry) error {
	a.entries = append(a.entries, e)
	return nil
}

func TestSaveChecksWhoAndWhatThenAppliesAndAudits(t *testing.T) {
	st := &fakeStore{rows: map[string]postgres.ModPresetsRow{}, roles: map[int64]string{1: "streamer", 2: "moderator"}}
	au := &fakeAudit{}
	var applied []room.Presets
	svc := modpresets.New(modpresets.Config{}, modpresets.Deps{Store: st, Audit: au,
		Apply: func(id string, p room.Presets) { applied = append(applied, p) }})
	ctx := context.Background()

	p, err := svc.Get(ctx, 1, "")
	if err != nil || p.Room != "r1" || p.Role != "streamer" || p.RateAction != "slow" {
		t.Fatalf("streamer's own presets = %+v, %v", p, err)
	}
	if _, err := svc.Get(ctx, 3, "r1"); !errors.Is(err, modpresets.ErrForbidden) {
		t.Fatalf("a viewer read the presets: %v", err)
	}
	if _, err := svc.Get(ctx, 1, "zz"); !errors.Is(err, modpresets.ErrRoomNotFound) {
		t.Fatalf("unknown room: %v", err)
	}

	p.GoalSlowSecs, p.ShieldWords = 120, []string{" scam ", "SCAM", "", "spoiler"}
	saved, err := svc.Save(ctx, 2, "r1", p)
	if err != nil || saved.Role != "moderator" || len(saved.ShieldWords) != 2 {
		t.Fatalf("moderator's save = %+v, %v", saved, err)
	}
	if len(applied) != 1 || applied[0].GoalSlowSecs != 120 || len(au.entries) != 1 || au.entries[0].Action != "room.presets" {
		t.Fatalf("applied %+v, audited %+v", applied, au.entries)
	}

	bad := []struct {
		name string
		edit func(*modpresets.Presets)
		want error
	}{
		{"slow too long", func(p *modpresets.Presets) { p.GoalSlowSecs = 4000 }, modpresets.ErrBadSlow},
		{"zero interval", func(p *modpresets.Presets) { p.GoalSlowInterval = 0 }, modpresets.ErrBadSlow},
		{"unknown action", func(p *modpresets.Presets) { p.RateAction = "ban" }, modpresets.ErrBadRate},
		{"negative rate", func(p *modpresets.Presets) { p.RateThreshold = -1 }, modpresets.ErrBadRate},
		{"shield of a day and more", func(p *modpresets.Presets) { p.ShieldMins = 2000 }, modpresets.ErrBadShield},
		{"negative follow age", func(p *modpresets.Presets) { p.MinFollowMins = -5 }, modpresets.ErrBadFollow},
	}
	for _, c := range bad {
		in := saved
		c.edit(&in)
		if _, err := svc.Save(ctx, 1, "r1", in); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := svc.Save(ctx, 3, "r1", saved); !errors.Is(err, modpresets.ErrForbidden) {
		t.Errorf("a viewer saved: %v", err)
	}
}
