package wallet_test

import (
	"context"
	"fmt"
	"testing"

	"courtside/api/errcode"
	"courtside/api/wallet"
)

type detailsOut struct {
	List []struct {
		Type    string `json:"type"`
		Amount  int64  `json:"amount"`
		Balance int64  `json:"balance"`
		Time    int64  `json:"time"`
	} `json:"list"`
	Total     int `json:"total"`
	PageIndex int `json:"pageIndex"`
	PageSize  int `json:"pageSize"`
}

func TestTransactionDetailsPageNewestFirst(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	e.welcome(1)
	e.pay(e.createOrder(1, "coin", 1, 0, "dev", "a"))
	for i := range 3 {
		if _, err := e.svc.SendGift(context.Background(), wallet.GiftRequest{From: 1, StreamerID: 2, Room: "r", GiftID: 3, Count: 1, IdempotencyKey: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	var d detailsOut
	e.ok(e.do("GET", "/java/user/getGoldOpenRecord?pageIndex=1&pageSize=2", "", 1), &d)
	if d.Total != 5 || len(d.List) != 2 || d.List[0].Type != "gift" || d.List[0].Amount != -10 || d.List[0].Balance != 270 || d.List[0].Time == 0 {
		t.Fatalf("page 1 %+v", d)
	}
	e.ok(e.do("GET", "/java/user/getGoldOpenRecord?pageIndex=3&pageSize=2", "", 1), &d)
	if len(d.List) != 1 || d.List[0].Type != "welcome" || d.List[0].Amount != 200 || d.List[0].Balance != 200 {
		t.Fatalf("page 3 %+v", d)
	}
	e.ok(e.do("GET", "/java/user/getGoldOpenRecord?pageIndex=2&pageSize=2", "", 1), &d)
	if d.List[1].Type != "recharge" || d.List[1].Amount != 100 || d.List[1].Balance != 300 {
		t.Fatalf("page 2 %+v", d)
	}
	e.ok(e.do("GET", "/java/user/getScoreOpenRecord", "", 1), &d)
	if d.Total != 0 || len(d.List) != 0 || d.PageSize != 20 {
		t.Fatalf("diamond details %+v", d)
	}
	if r := e.do("GET", "/java/user/getGoldOpenRecord?pageSize=x", "", 1); r.Env.ErrorCode != errcode.Format {
		t.Fatalf("bad page size: %s", r.Body)
	}
}
