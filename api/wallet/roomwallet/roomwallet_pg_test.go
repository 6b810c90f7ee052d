package roomwallet_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"

	"courtside/actors/room"
	"courtside/api/wallet"
	"courtside/api/wallet/roomwallet"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// The adapter over the real wallet and Postgres, as the engine wires it.
func TestRoomGiftsThroughTheRealWallet(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.NewPool(t)
	svc, err := wallet.New(wallet.Config{}, wallet.Deps{Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return wallet.GrantWelcome(ctx, tx, 5) }); err != nil {
		t.Fatal(err)
	}
	a := roomwallet.New(svc)
	order := room.GiftOrder{From: "u5", Streamer: "u6", Room: "r", Gift: "7", Count: 1, Key: "gift:r:u5:n1"} // Jersey, 100 coins
	for range 2 {                                                                                            // the room retries with the same key
		r, err := a.SendGift(ctx, order)
		if err != nil || r.Name != "Jersey" {
			t.Fatalf("receipt %+v, %v", r, err)
		}
	}
	b, _ := svc.Wallets(ctx, 5)
	if b.Coins != 100 {
		t.Fatalf("coins %d, want 100 (charged once)", b.Coins)
	}
	order.Key, order.Count = "gift:r:u5:n2", 2
	if _, err := a.SendGift(ctx, order); !errors.Is(err, room.ErrInsufficientCoins) {
		t.Fatalf("err = %v, want room.ErrInsufficientCoins", err)
	}
	order.Key, order.Gift, order.Count = "gift:r:u5:n3", "12", 1
	if _, err := a.SendGift(ctx, order); !errors.Is(err, room.ErrInsufficientDiamonds) {
		t.Fatalf("err = %v, want room.ErrInsufficientDiamonds", err)
	}
}
