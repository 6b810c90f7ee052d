package shop_test

import (
	"fmt"
	"strings"
	"testing"

	"courtside/api/apitest"
	"courtside/api/errcode"
	"courtside/api/shop"
	"courtside/storage/postgres"
)

// TestRESTJourney: the catalogue for guests, an order and its payment for a signed-in user, the
// localized refusals of spec §5 and §8, the staff's routes guarded by their permissions.
func TestRESTJourney(t *testing.T) {
	e := newEnv(t)
	jersey := e.product(postgres.ShopProduct{Name: "Jersey", Category: "apparel", Price: 300, Stock: 2, PerOrderLimit: 2})
	e.product(postgres.ShopProduct{Name: "Cap", Category: "apparel", Price: 100, Stock: 0})
	e.product(postgres.ShopProduct{Kind: shop.KindBlindBox, Name: "Box", Category: "blindbox", Price: 50, Stock: 9,
		Prizes: []postgres.ShopPrize{{Name: "A", Weight: 3}, {Name: "B", Weight: 1}}})

	var page struct {
		List []struct {
			ID      int64  `json:"id"`
			Name    string `json:"name"`
			Price   int64  `json:"price"`
			SoldOut bool   `json:"soldOut"`
		} `json:"list"`
		Total      int      `json:"total"`
		Categories []string `json:"categories"`
	}
	apitest.Result(t, e.do("GET", "/java/goods/list?sort=price", "", 0, "en_US"), &page)
	if page.Total != 3 || page.List[0].Name != "Box" || page.List[2].Name != "Jersey" || !page.List[1].SoldOut || len(page.Categories) != 2 {
		t.Fatalf("list %+v", page)
	}
	apitest.Result(t, e.do("GET", "/java/goods/list?category=blindbox", "", 0, "en_US"), &page)
	if page.Total != 1 {
		t.Fatalf("category filter %+v", page)
	}
	var box struct {
		Prizes []struct {
			Name string  `json:"name"`
			Odds float64 `json:"odds"`
		} `json:"prizes"`
	}
	apitest.Result(t, e.do("GET", fmt.Sprintf("/java/goods/details?id=%d", page.List[0].ID), "", 0, "en_US"), &box)
	if len(box.Prizes) != 2 || box.Prizes[0].Odds != 75 || box.Prizes[1].Odds != 25 {
		t.Fatalf("published odds %+v", box)
	}

	// A guest must sign in to order.
	if r := e.do("POST", "/java/orderpay/goodsOrder", `{"goodsId":1}`, 0, "en_US"); r.Env.ErrorCode != errcode.AuthRequired {
		t.Fatalf("guest order: %s", r.Body)
	}
	// Spec §5, in the request's language.
	r := e.do("POST", "/java/orderpay/goodsOrder", fmt.Sprintf(`{"goodsId":%d,"quantity":1,"address":"x","contact":"1","key":"k1"}`, jersey.ID), 1, "zh_CN")
	if r.Env.ErrorCode != errcode.ShopInvalid || r.Env.ErrorMsg != "请填写收货人姓名" {
		t.Fatalf("no recipient: %s", r.Body)
	}
	body := fmt.Sprintf(`{"goodsId":"%d","quantity":"2","recipient":"Li Wei","address":"12 Stadium Road","contact":"13800138000","key":"k1"}`, jersey.ID)
	var o struct {
		OrderNo string `json:"orderNo"`
		Status  string `json:"status"`
		Coins   int64  `json:"coins"`
	}
	apitest.Result(t, e.do("POST", "/java/orderpay/goodsOrder", body, 1, "en_US"), &o)
	if o.Status != "unpaid" || o.Coins != 600 {
		t.Fatalf("order %+v", o)
	}
	r = e.do("POST", "/java/orderpay/payGoodsOrder", fmt.Sprintf(`{"orderNo":%q}`, o.OrderNo), 1, "en_US")
	if r.Env.ErrorCode != errcode.InsufficientCoins || r.Env.ErrorMsg != "Insufficient gold coins" {
		t.Fatalf("pay without coins: %s", r.Body)
	}
	e.fund(1, 600)
	var paid struct {
		Order struct {
			Status string `json:"status"`
		} `json:"order"`
	}
	apitest.Result(t, e.do("POST", "/java/orderpay/payGoodsOrder", fmt.Sprintf(`{"orderNo":%q}`, o.OrderNo), 1, "en_US"), &paid)
	if paid.Order.Status != "exchanging" {
		t.Fatalf("paid %+v", paid)
	}
	r = e.do("POST", "/java/orderpay/goodsOrder", strings.Replace(body, "k1", "k2", 1), 2, "de")
	if r.Env.ErrorCode != errcode.ShopSoldOut || !strings.Contains(r.Env.ErrorMsg, "ausverkauft") {
		t.Fatalf("sold out: %s", r.Body)
	}

	var mine struct {
		List []struct {
			OrderNo string `json:"orderNo"`
			Type    string `json:"type"`
		} `json:"list"`
		Total int `json:"total"`
	}
	apitest.Result(t, e.do("GET", "/java/user/order/list?type=exchange", "", 1, "en_US"), &mine)
	if mine.Total != 1 || mine.List[0].OrderNo != o.OrderNo {
		t.Fatalf("my redemptions %+v", mine)
	}
	apitest.Result(t, e.do("GET", "/java/user/order/list", "", 1, "en_US"), &mine)
	if mine.Total != 1 || mine.List[0].Type != "shop" {
		t.Fatalf("my orders %+v", mine)
	}

	// Staff: a user is denied; 901 (orders only) may ship but not edit products; 900 may do both.
	move := fmt.Sprintf(`{"orderNo":%q,"trackingNo":"SF100200300","remarks":"fragile"}`, o.OrderNo)
	if r := e.do("POST", "/java/admin/shop/orders/ship", move, 1, "en_US"); r.Env.ErrorCode != errcode.Forbidden {
		t.Fatalf("user shipped: %s", r.Body)
	}
	if r := e.do("POST", "/java/admin/shop/products", `{"kind":"physical","name":"x","price":1}`, 901, "en_US"); r.Env.ErrorCode != errcode.Forbidden {
		t.Fatalf("finance-only staff edited a product: %s", r.Body)
	}
	var shipped struct {
		Status     string `json:"status"`
		TrackingNo string `json:"trackingNo"`
		UserID     string `json:"userId"`
	}
	apitest.Result(t, e.do("POST", "/java/admin/shop/orders/ship", move, 901, "en_US"), &shipped)
	if shipped.Status != "exchanged" || shipped.TrackingNo != "SF100200300" || shipped.UserID != "u1" {
		t.Fatalf("shipped %+v", shipped)
	}
	var staffList struct {
		Total int `json:"total"`
	}
	apitest.Result(t, e.do("GET", "/java/admin/shop/orders?status=exchanged", "", 901, "en_US"), &staffList)
	if staffList.Total != 1 {
		t.Fatalf("staff list %+v", staffList)
	}
	var saved struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	apitest.Result(t, e.do("POST", "/java/admin/shop/products", `{"kind":"virtual","name":"Voucher","price":50,"stock":10}`, 900, "en_US"), &saved)
	if saved.ID == 0 || saved.Name != "Voucher" {
		t.Fatalf("saved %+v", saved)
	}
	// The user sees the tracking number.
	var recs struct {
		List []struct {
			TrackingNo string `json:"trackingNo"`
			Status     string `json:"status"`
		} `json:"list"`
	}
	apitest.Result(t, e.do("GET", "/java/user/order/list?type=shop", "", 1, "en_US"), &recs)
	if recs.List[0].TrackingNo != "SF100200300" || recs.List[0].Status != "exchanged" {
		t.Fatalf("user's view %+v", recs)
	}
}
