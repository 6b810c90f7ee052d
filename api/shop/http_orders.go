package shop

import (
	"courtside/api"
	"courtside/storage/postgres"
)

// orderView is an order as the user area and the back office show it.
type orderView struct {
	OrderNo    string `json:"orderNo"`
	UserID     string `json:"userId,omitempty"` // staff only
	ProductID  int64  `json:"goodsId"`
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	Picture    string `json:"picture"`
	Quantity   int    `json:"quantity"`
	UnitPrice  int64  `json:"unitPrice"`
	Coins      int64  `json:"coins"`
	Recipient  string `json:"recipient"`
	Address    string `json:"address"`
	Contact    string `json:"contact"`
	TrackingNo string `json:"trackingNo"`
	CardNo     string `json:"cardNo"`
	Remarks    string `json:"remarks"`
	Status     string `json:"status"`
	Refunded   bool   `json:"refunded"`
	CreatedAt  int64  `json:"createdAt"`
	UpdatedAt  int64  `json:"updatedAt"`
	ExpiresAt  int64  `json:"expiresAt"`
	PaidAt     int64  `json:"paidAt"`
	// NeedsCode: paying this unpaid order takes the one-time code of GET /sendMsg (user views only).
	NeedsCode bool `json:"needsCode,omitempty"`
}

func viewOrder(o postgres.ShopOrder) orderView {
	return orderView{OrderNo: o.No, ProductID: o.ProductID, Kind: o.Kind, Name: o.ProductName, Picture: o.Picture, Quantity: o.Quantity,
		UnitPrice: o.UnitPrice, Coins: o.Coins, Recipient: o.Recipient, Address: o.Address, Contact: o.Contact, TrackingNo: o.TrackingNo,
		CardNo: o.CardNo, Remarks: o.Remarks, Status: o.Status, Refunded: o.RefundTxnID != 0, CreatedAt: api.Millis(o.CreatedAt),
		UpdatedAt: api.Millis(o.UpdatedAt), ExpiresAt: api.Millis(o.ExpiresAt), PaidAt: api.Millis(o.PaidAt)}
}

// drawView is one blind box opened, with the odds in force and the roll (so it can be checked).
type drawView struct {
	OrderNo     string      `json:"orderNo"`
	Seq         int         `json:"seq"`
	Box         string      `json:"box"`
	Prize       string      `json:"prize"`
	Picture     string      `json:"picture,omitempty"`
	Coins       int64       `json:"coins"`
	Odds        []prizeView `json:"odds"`
	TotalWeight int64       `json:"totalWeight"`
	Roll        int64       `json:"roll"`
	CreatedAt   int64       `json:"createdAt"`
}

func viewDraws(ds []postgres.ShopDraw) []drawView {
	out := make([]drawView, len(ds))
	for i, d := range ds {
		odds := Odds(d.Odds)
		v := drawView{OrderNo: d.OrderNo, Seq: d.Seq, Box: d.BoxName, Prize: d.PrizeName, Picture: d.Picture, Coins: d.Coins,
			TotalWeight: d.TotalWeight, Roll: d.Roll, CreatedAt: api.Millis(d.CreatedAt)}
		for j, z := range d.Odds {
			v.Odds = append(v.Odds, prizeView{Name: z.Name, Coins: z.Coins, Odds: odds[j], Weight: z.Weight})
		}
		out[i] = v
	}
	return out
}

// createOrder: POST /orderpay/goodsOrder {goodsId, quantity, recipient, address, contact, key}
func (h *handlers) createOrder(r *api.Request, uid int64) (any, error) {
	var in struct {
		GoodsID   api.FlexInt    `json:"goodsId"`
		ID        api.FlexInt    `json:"id"`
		Quantity  api.FlexInt    `json:"quantity"`
		Num       api.FlexInt    `json:"num"`
		Recipient string         `json:"recipient"`
		Name      string         `json:"name"`
		Address   string         `json:"address"`
		Contact   api.FlexString `json:"contact"`
		Phone     api.FlexString `json:"phone"`
		Key       string         `json:"key"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	req := OrderRequest{ProductID: int64(first(in.GoodsID, in.ID, 0)), Quantity: first(in.Quantity, in.Num, 1),
		Recipient: or(in.Recipient, in.Name), Address: in.Address, Contact: or(string(in.Contact), string(in.Phone)), Key: in.Key}
	if req.ProductID <= 0 {
		return nil, api.ErrFormat
	}
	o, err := h.svc.CreateOrder(r.Context(), uid, req)
	if err != nil {
		return nil, err
	}
	return h.order(o), nil
}

// order is one of the user's own orders, with whether paying it takes a code.
func (h *handlers) order(o postgres.ShopOrder) orderView {
	v := viewOrder(o)
	v.NeedsCode = o.Status == StatusUnpaid && h.svc.NeedsConfirm(o.Kind, o.Coins)
	return v
}

// sendMsg: GET /sendMsg — a one-time code to the user's bound phone, else e-mail, that confirms a
// redemption ({channel, to, resendAfter}).
func (h *handlers) sendMsg(r *api.Request, uid int64) (any, error) {
	return h.svc.SendConfirmCode(r.Context(), uid, r.ClientIP.String(), r.Lang)
}

// payOrder: POST /orderpay/payGoodsOrder {orderNo, code?}
func (h *handlers) payOrder(r *api.Request, uid int64) (any, error) {
	var in struct {
		OrderNo   string         `json:"orderNo"`
		Code      api.FlexString `json:"code"`
		CheckCode api.FlexString `json:"checkCode"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	if in.OrderNo == "" {
		return nil, api.ErrFormat
	}
	p, err := h.svc.PayOrder(r.Context(), uid, in.OrderNo, or(string(in.Code), string(in.CheckCode)))
	if err != nil {
		return nil, err
	}
	return map[string]any{"order": h.order(p.Order), "draws": viewDraws(p.Draws), "replayed": p.Replayed}, nil
}

// myOrders: GET /user/order/list?type=all|shop|exchange|blindbox|draws&status=&pageIndex=&pageSize=
//
// all (default): every order of the user across the areas; shop: shop orders; exchange: shop orders
// but blind boxes (redemption records); blindbox or draws: the blind-box draws and prizes.
func (h *handlers) myOrders(r *api.Request, uid int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	switch r.Query("type") {
	case "", "all":
		rows, total, err := h.svc.AllOrders(r.Context(), uid, page.Size, page.Offset())
		if err != nil {
			return nil, err
		}
		out := make([]map[string]any, len(rows))
		for i, o := range rows {
			out[i] = map[string]any{"type": o.Type, "orderNo": o.No, "title": o.Title, "quantity": o.Quantity, "coins": o.Coins,
				"money": o.Money, "currency": o.Currency, "status": o.Status, "createdAt": api.Millis(o.CreatedAt)}
		}
		return page.List(out, total), nil
	case "shop", "exchange":
		q := OrderQuery{Status: r.Query("status"), Limit: page.Size, Offset: page.Offset()}
		if r.Query("type") == "exchange" {
			q.ExcludeKind = KindBlindBox
		}
		rows, total, err := h.svc.Orders(r.Context(), uid, q)
		if err != nil {
			return nil, err
		}
		out := make([]orderView, len(rows))
		for i, o := range rows {
			out[i] = h.order(o)
		}
		return page.List(out, total), nil
	case "blindbox", "draws":
		rows, total, err := h.svc.Draws(r.Context(), uid, page.Size, page.Offset())
		if err != nil {
			return nil, err
		}
		return page.List(viewDraws(rows), total), nil
	}
	return nil, api.ErrFormat
}

func first(a, b api.FlexInt, def int) int {
	if a.Set {
		return a.Value
	}
	if b.Set {
		return b.Value
	}
	return def
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
