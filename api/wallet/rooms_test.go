package wallet_test

import (
	"context"
	"errors"
	"testing"

	"courtside/api/wallet"
	"courtside/storage/postgres/pgtest"
)

type oneRoom string

func (r oneRoom) RoomExists(_ context.Context, id string) (bool, error) { return id == string(r), nil }

// TestLeaderboardOfAnUnknownRoomIsNotFound: not an empty list.
func TestLeaderboardOfAnUnknownRoomIsNotFound(t *testing.T) {
	svc, err := wallet.New(wallet.Config{DevSecret: "x"}, wallet.Deps{Pool: pgtest.NewPool(t), Rooms: oneRoom("1001")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Top(context.Background(), "999999", wallet.PeriodDay, 10); !errors.Is(err, wallet.ErrRoomNotFound) {
		t.Fatalf("unknown room: %v", err)
	}
	if _, err := svc.Top(context.Background(), "1001", wallet.PeriodDay, 10); err != nil {
		t.Fatalf("a real room: %v", err)
	}
}
