package shop

import (
	"context"
	"strconv"

	"courtside/actors/protocol"
	"courtside/api"
	"courtside/storage/postgres"
)

// staffOrders: GET /admin/shop/orders?status=&kind=&pageIndex=&pageSize=
func (h *handlers) staffOrders(r *api.Request, _ int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	rows, total, err := h.svc.StaffOrders(r.Context(), OrderQuery{Status: r.Query("status"), Kind: r.Query("kind"), Limit: page.Size, Offset: page.Offset()})
	if err != nil {
		return nil, err
	}
	out := make([]orderView, len(rows))
	for i, o := range rows {
		out[i] = viewOrder(o)
		out[i].UserID = protocol.UserID(o.UserID).String()
	}
	return page.List(out, total), nil
}

// staffMove: POST /admin/shop/orders/{review,ship,chargeback,cancel,remarks}
// {orderNo, remarks?, trackingNo?, reason?}
func (h *handlers) staffMove(f func(context.Context, Actor, Move) (postgres.ShopOrder, error)) api.UserHandler {
	return func(r *api.Request, uid int64) (any, error) {
		var in struct {
			OrderNo    string  `json:"orderNo"`
			Remarks    *string `json:"remarks"`
			TrackingNo string  `json:"trackingNo"`
			Reason     string  `json:"reason"`
		}
		if err := r.Decode(&in); err != nil {
			return nil, err
		}
		if in.OrderNo == "" {
			return nil, api.ErrFormat
		}
		o, err := f(r.Context(), Actor{ID: uid, IP: r.IP()}, Move{OrderNo: in.OrderNo, Remarks: in.Remarks, TrackingNo: in.TrackingNo, Reason: in.Reason})
		if err != nil {
			return nil, err
		}
		v := viewOrder(o)
		v.UserID = protocol.UserID(o.UserID).String()
		return v, nil
	}
}

// staffProducts: GET /admin/shop/products?pageIndex=&pageSize=
func (h *handlers) staffProducts(r *api.Request, _ int64) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	ps, total, err := h.svc.AllProducts(r.Context(), page.Size, page.Offset())
	if err != nil {
		return nil, err
	}
	views := make([]productView, len(ps))
	for i, p := range ps {
		views[i] = viewProduct(p, false, true)
	}
	return page.List(views, total), nil
}

// staffProduct: GET /admin/shop/products/{id}
func (h *handlers) staffProduct(r *api.Request, _ int64) (any, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return nil, api.ErrFormat
	}
	p, err := h.svc.StaffProduct(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return viewProduct(p, true, true), nil
}

// saveProduct: POST /admin/shop/products {id?, kind, category, name, picture, price, stock,
// perOrderLimit, perUserLimit, details, notice, itemKind, itemValue, active, sort, prizes?}
func (h *handlers) saveProduct(r *api.Request, uid int64) (any, error) {
	var in struct {
		ID            int64  `json:"id"`
		Kind          string `json:"kind"`
		Category      string `json:"category"`
		Name          string `json:"name"`
		Picture       string `json:"picture"`
		Price         int64  `json:"price"`
		Stock         int    `json:"stock"`
		PerOrderLimit int    `json:"perOrderLimit"`
		PerUserLimit  int    `json:"perUserLimit"`
		Details       string `json:"details"`
		Notice        string `json:"notice"`
		ItemKind      string `json:"itemKind"`
		ItemValue     int    `json:"itemValue"`
		Active        *bool  `json:"active"`
		Sort          int    `json:"sort"`
		Prizes        []struct {
			Name      string `json:"name"`
			Picture   string `json:"picture"`
			Weight    int    `json:"weight"`
			Coins     int64  `json:"coins"`
			ItemKind  string `json:"itemKind"`
			ItemValue int    `json:"itemValue"`
		} `json:"prizes"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	p := postgres.ShopProduct{ID: in.ID, Kind: in.Kind, Category: in.Category, Name: in.Name, Picture: in.Picture, Price: in.Price,
		Stock: in.Stock, PerOrderLimit: in.PerOrderLimit, PerUserLimit: in.PerUserLimit, Details: in.Details, Notice: in.Notice,
		ItemKind: in.ItemKind, ItemValue: in.ItemValue, Active: in.Active == nil || *in.Active, Sort: in.Sort}
	if in.Prizes != nil {
		p.Prizes = []postgres.ShopPrize{}
		for _, z := range in.Prizes {
			p.Prizes = append(p.Prizes, postgres.ShopPrize{Name: z.Name, Picture: z.Picture, Weight: z.Weight, Coins: z.Coins,
				ItemKind: z.ItemKind, ItemValue: z.ItemValue})
		}
	}
	out, err := h.svc.SaveProduct(r.Context(), Actor{ID: uid, IP: r.IP()}, p)
	if err != nil {
		return nil, err
	}
	return viewProduct(out, true, true), nil
}
