package roomwallet_test

import (
	"context"
	"errors"
	"testing"

	"courtside/actors/room"
	"courtside/api/wallet"
	"courtside/api/wallet/roomwallet"
	"courtside/storage/postgres"
)

// recorder is a Sender that answers with err and remembers the request.
type recorder struct {
	got wallet.GiftRequest
	err error
}

func (r *recorder) SendGift(_ context.Context, req wallet.GiftRequest) (wallet.GiftResult, error) {
	r.got = req
	return wallet.GiftResult{Gift: postgres.Gift{ID: req.GiftID, Name: "Trophy"}}, r.err
}

func TestAdapterTranslatesIDsAndErrors(t *testing.T) {
	order := room.GiftOrder{From: "u12", Streamer: "u7", Room: "r1", Gift: "9", Count: 3, Key: "gift:r1:u12:n1"}
	rec := &recorder{}
	got, err := roomwallet.New(rec).SendGift(context.Background(), order)
	want := wallet.GiftRequest{From: 12, StreamerID: 7, Room: "r1", GiftID: 9, Count: 3, IdempotencyKey: "gift:r1:u12:n1"}
	if err != nil || got.Name != "Trophy" || rec.got != want {
		t.Fatalf("receipt %+v err %v, request %+v", got, err, rec.got)
	}
	tests := []struct {
		name    string
		order   room.GiftOrder
		werr    error
		wantErr error
	}{
		{"no coins", order, wallet.ErrInsufficientCoins, room.ErrInsufficientCoins},
		{"no diamonds", order, wallet.ErrInsufficientDiamonds.Wrap(errors.New("x")), room.ErrInsufficientDiamonds},
		{"refused gift", order, wallet.ErrGiftFailed, room.ErrUnknownGift},
		{"guest sender id", room.GiftOrder{From: "g-ab12", Streamer: "u7", Gift: "1", Count: 1, Key: "k"}, nil, room.ErrUnknownGift},
		{"gift id not a number", room.GiftOrder{From: "u1", Streamer: "u7", Gift: "rose", Count: 1, Key: "k"}, nil, room.ErrUnknownGift},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := roomwallet.New(&recorder{err: tc.werr}).SendGift(context.Background(), tc.order)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
		})
	}
}
