package settlement_test

import (
	"testing"

	"courtside/api/settlement"
)

func TestGradeEveryMarketAndOutcome(t *testing.T) {
	fin := func(h, a int) settlement.Final {
		return settlement.Final{Status: settlement.StatusFinished, Home: h, Away: a}
	}
	tests := []struct {
		name string
		p    settlement.Prediction
		f    settlement.Final
		want string
	}{
		{"1x2 home wins", settlement.Prediction{Market: "1x2", Pick: "home"}, fin(2, 1), settlement.Won},
		{"1x2 home loses to a draw", settlement.Prediction{Market: "1x2", Pick: "home"}, fin(1, 1), settlement.Lost},
		{"1x2 draw", settlement.Prediction{Market: "1x2", Pick: "draw"}, fin(0, 0), settlement.Won},
		{"1x2 away", settlement.Prediction{Market: "1x2", Pick: "away"}, fin(0, 3), settlement.Won},
		{"postponed voids", settlement.Prediction{Market: "1x2", Pick: "home"}, settlement.Final{Status: settlement.StatusPostponed}, settlement.Void},
		{"cancelled voids", settlement.Prediction{Market: "ou", Pick: "over", Line: 2.5}, settlement.Final{Status: settlement.StatusCancelled}, settlement.Void},
		{"handicap -0.5 home wins by one", settlement.Prediction{Market: "handicap", Pick: "home", Line: -0.5}, fin(1, 0), settlement.Won},
		{"handicap -1 home wins by one: push", settlement.Prediction{Market: "handicap", Pick: "home", Line: -1}, fin(2, 1), settlement.Push},
		{"handicap -0.75 home wins by one: half won", settlement.Prediction{Market: "handicap", Pick: "home", Line: -0.75}, fin(1, 0), settlement.HalfWon},
		{"handicap -0.25 draw: half lost", settlement.Prediction{Market: "handicap", Pick: "home", Line: -0.25}, fin(1, 1), settlement.HalfLost},
		{"handicap away side getting a quarter, draw: half won", settlement.Prediction{Market: "handicap", Pick: "away", Line: -0.25}, fin(1, 1), settlement.HalfWon},
		{"handicap away covers", settlement.Prediction{Market: "handicap", Pick: "away", Line: -1.5}, fin(1, 0), settlement.Won},
		{"handicap home fails", settlement.Prediction{Market: "handicap", Pick: "home", Line: -1.5}, fin(1, 0), settlement.Lost},
		{"over 2.5 with 3", settlement.Prediction{Market: "ou", Pick: "over", Line: 2.5}, fin(2, 1), settlement.Won},
		{"under 2.5 with 3", settlement.Prediction{Market: "ou", Pick: "under", Line: 2.5}, fin(2, 1), settlement.Lost},
		{"over 3 with 3: push", settlement.Prediction{Market: "ou", Pick: "over", Line: 3}, fin(2, 1), settlement.Push},
		{"over 2.75 with 3: half won", settlement.Prediction{Market: "ou", Pick: "over", Line: 2.75}, fin(2, 1), settlement.HalfWon},
		{"under 2.25 with 2: half won", settlement.Prediction{Market: "ou", Pick: "under", Line: 2.25}, fin(1, 1), settlement.HalfWon},
		{"under 3.25 with 4: lost", settlement.Prediction{Market: "ou", Pick: "under", Line: 3.25}, fin(2, 2), settlement.Lost},
		{"over 3.25 with 3: half lost", settlement.Prediction{Market: "ou", Pick: "over", Line: 3.25}, fin(2, 1), settlement.HalfLost},
		{"unknown market voids", settlement.Prediction{Market: "firstBlood", Pick: "home"}, fin(1, 0), settlement.Void},
		{"pick not of the market voids", settlement.Prediction{Market: "ou", Pick: "home", Line: 2.5}, fin(1, 0), settlement.Void},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := settlement.Grade(tt.p, tt.f); got != tt.want {
				t.Fatalf("Grade(%+v, %+v) = %s, want %s", tt.p, tt.f, got, tt.want)
			}
		})
	}
}

func TestProfitAndHitRules(t *testing.T) {
	if p := settlement.Profit(settlement.Won, 1.9); p < 0.899 || p > 0.901 {
		t.Fatalf("won at 1.9: %v", p)
	}
	if settlement.Profit(settlement.HalfLost, 2) != -0.5 || settlement.Profit(settlement.Push, 2) != 0 || settlement.Profit(settlement.Lost, 3) != -1 {
		t.Fatal("profit of half lost, push or lost")
	}
	if settlement.Decided(settlement.Push) || settlement.Decided(settlement.Void) || !settlement.Decided(settlement.HalfWon) {
		t.Fatal("decided")
	}
	if !settlement.Winning(settlement.HalfWon) || settlement.Winning(settlement.HalfLost) {
		t.Fatal("winning")
	}
}
