package media

import (
	"errors"
	"testing"
	"time"
)

func TestEntitlementRules(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	later := now.Add(30 * 24 * time.Hour)
	guest := viewer{}
	user := viewer{id: 1}
	vip := viewer{id: 2, tier: TierVIP, tierExpiry: later}
	svip := viewer{id: 3, tier: TierSVIP, tierExpiry: later}
	lapsed := viewer{id: 4, tier: TierSVIP, tierExpiry: now.Add(-time.Second)}
	unlocked := viewer{id: 5, unlocked: true, unlockedUntil: now.Add(time.Hour)}
	unlockExpired := viewer{id: 6, unlocked: true, unlockedUntil: now}
	vipUnlocked := viewer{id: 7, tier: TierVIP, tierExpiry: later, unlocked: true, unlockedUntil: now.Add(time.Hour)}
	open := RoomAccess{}
	members := RoomAccess{MemberOnly: true}
	paid := RoomAccess{Paid: true}
	trial := 3 * time.Minute

	tests := []struct {
		name       string
		acc        RoomAccess
		v          viewer
		kind       string
		trialStart time.Time
		trialLen   time.Duration
		want       error
		wantUntil  time.Time
		wantTrial  bool
	}{
		{"guest watches an open room", open, guest, KindHLS, time.Time{}, trial, nil, time.Time{}, false},
		{"guest may not have the Pro stream", open, guest, KindFLV, time.Time{}, trial, ErrLoginRequired, time.Time{}, false},
		{"VIP may not have the Pro stream", open, vip, KindFLV, time.Time{}, trial, ErrProRequiresSVIP, time.Time{}, false},
		{"SVIP has the Pro stream until membership ends", open, svip, KindFLV, time.Time{}, trial, nil, later, false},
		{"lapsed SVIP loses the Pro stream", open, lapsed, KindFLV, time.Time{}, trial, ErrProRequiresSVIP, time.Time{}, false},
		{"VIP watches a member-only room until membership ends", members, vip, KindHLS, time.Time{}, trial, nil, later, false},
		{"SVIP watches a member-only room", members, svip, KindHLS, time.Time{}, trial, nil, later, false},
		{"guest must sign in for a member-only room", members, guest, KindHLS, time.Time{}, trial, ErrLoginRequired, time.Time{}, false},
		{"non-member gets a trial", members, user, KindHLS, now, trial, nil, now.Add(trial), true},
		{"trial in progress keeps its end", members, user, KindHLS, now.Add(-time.Minute), trial, nil, now.Add(2 * time.Minute), true},
		{"trial over: activate membership", members, user, KindHLS, now.Add(-trial), trial, ErrTrialEnded, time.Time{}, false},
		{"lapsed member is a non-member", members, lapsed, KindHLS, now.Add(-trial - time.Second), trial, ErrTrialEnded, time.Time{}, false},
		{"trials disabled: members only", members, user, KindHLS, time.Time{}, -1, ErrMembersOnly, time.Time{}, false},
		{"guest must sign in for a paid room", paid, guest, KindHLS, time.Time{}, trial, ErrLoginRequired, time.Time{}, false},
		{"paid room needs an unlock", paid, user, KindHLS, time.Time{}, trial, ErrPaymentRequired, time.Time{}, false},
		{"membership does not unlock a paid room", paid, svip, KindHLS, time.Time{}, trial, ErrPaymentRequired, time.Time{}, false},
		{"unlocked paid room until the unlock ends", paid, unlocked, KindHLS, time.Time{}, trial, nil, now.Add(time.Hour), false},
		{"expired unlock is refused", paid, unlockExpired, KindHLS, time.Time{}, trial, ErrPaymentRequired, time.Time{}, false},
		{"paid member-only room needs both", RoomAccess{Paid: true, MemberOnly: true}, vipUnlocked, KindHLS, time.Time{}, trial, nil, now.Add(time.Hour), false},
		{"paid member-only room: unlock alone gives a trial", RoomAccess{Paid: true, MemberOnly: true}, unlocked, KindHLS, now, trial, nil, now.Add(trial), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			until, isTrial, err := decide(now, tt.acc, tt.v, tt.kind, tt.trialStart, tt.trialLen)
			if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Fatalf("err %v, want %v", err, tt.want)
			}
			if !until.Equal(tt.wantUntil) || isTrial != tt.wantTrial {
				t.Fatalf("until %v trial %v, want %v %v", until, isTrial, tt.wantUntil, tt.wantTrial)
			}
		})
	}
}

func TestTrialIsOncePerUserRoomAndDay(t *testing.T) {
	b := newTrialBook()
	t0 := time.Unix(1_800_000_000, 0)
	if got := b.begin(1, "r", t0); !got.Equal(t0) {
		t.Fatalf("first trial starts %v", got)
	}
	if got := b.begin(1, "r", t0.Add(10*time.Minute)); !got.Equal(t0) {
		t.Fatalf("asking again restarted the trial at %v", got)
	}
	if got := b.begin(1, "other", t0.Add(time.Minute)); !got.Equal(t0.Add(time.Minute)) {
		t.Fatalf("another room shares the trial: %v", got)
	}
	next := t0.Add(TrialReset + time.Minute)
	if got := b.begin(1, "r", next); !got.Equal(next) {
		t.Fatalf("a day later the trial did not renew: %v", got)
	}
}
