package shop

import (
	"strconv"

	"courtside/api"
	"courtside/storage/postgres"
)

// productView is a product as the pages show it; a blind box carries its prizes and their odds.
type productView struct {
	ID            int64       `json:"id"`
	Kind          string      `json:"kind"`
	Category      string      `json:"category"`
	Name          string      `json:"name"`
	Picture       string      `json:"picture"`
	Price         int64       `json:"price"`
	Stock         int         `json:"stock"`
	SoldOut       bool        `json:"soldOut"`
	PerOrderLimit int         `json:"perOrderLimit"`
	PerUserLimit  int         `json:"perUserLimit"`
	Redeemed      int         `json:"redeemed"`
	Details       string      `json:"details,omitempty"`
	Notice        string      `json:"notice,omitempty"`
	ItemKind      string      `json:"itemKind,omitempty"`
	ItemValue     int         `json:"itemValue,omitempty"`
	Active        *bool       `json:"active,omitempty"`
	Sort          *int        `json:"sort,omitempty"`
	Prizes        []prizeView `json:"prizes,omitempty"`
	// ConfirmCode: an order of one needs the one-time code of GET /sendMsg; ConfirmAbove: so does
	// any order costing more coins than this (absent: none by amount).
	ConfirmCode  bool   `json:"confirmCode"`
	ConfirmAbove *int64 `json:"confirmAbove,omitempty"`
}

type prizeView struct {
	Name    string  `json:"name"`
	Picture string  `json:"picture,omitempty"`
	Coins   int64   `json:"coins,omitempty"`
	Odds    float64 `json:"odds"` // percent
	Weight  int     `json:"weight"`
	Item    string  `json:"itemKind,omitempty"`
	Value   int     `json:"itemValue,omitempty"`
}

func viewProduct(p postgres.ShopProduct, full, staff bool) productView {
	v := productView{ID: p.ID, Kind: p.Kind, Category: p.Category, Name: p.Name, Picture: p.Picture, Price: p.Price, Stock: p.Stock,
		SoldOut: p.Stock <= 0, PerOrderLimit: p.PerOrderLimit, PerUserLimit: p.PerUserLimit, Redeemed: p.Redeemed,
		ItemKind: p.ItemKind, ItemValue: p.ItemValue}
	if full {
		v.Details, v.Notice = p.Details, p.Notice
		odds := Odds(p.Prizes)
		for i, z := range p.Prizes {
			v.Prizes = append(v.Prizes, prizeView{Name: z.Name, Picture: z.Picture, Coins: z.Coins, Odds: odds[i], Weight: z.Weight,
				Item: z.ItemKind, Value: z.ItemValue})
		}
	}
	if staff {
		v.Active, v.Sort = &p.Active, &p.Sort
	}
	return v
}

// product is a product as the shop's pages show it, with whether an order needs confirmation.
func (h *handlers) product(p postgres.ShopProduct, full bool) productView {
	v := viewProduct(p, full, false)
	v.ConfirmCode = h.svc.NeedsConfirm(p.Kind, p.Price)
	if h.svc.d.Codes != nil && h.svc.cfg.ConfirmCodeAbove >= 0 {
		above := h.svc.cfg.ConfirmCodeAbove
		v.ConfirmAbove = &above
	}
	return v
}

// list: GET /goods/list?category=&kind=&sort=price|-price|popular&pageIndex=&pageSize=
func (h *handlers) list(r *api.Request) (any, error) {
	page, err := r.Paging()
	if err != nil {
		return nil, err
	}
	ps, total, err := h.svc.Goods(r.Context(), ListQuery{Category: r.Query("category"), Kind: r.Query("kind"), Sort: r.Query("sort"),
		Limit: page.Size, Offset: page.Offset()})
	if err != nil {
		return nil, err
	}
	cats, err := h.svc.Categories(r.Context())
	if err != nil {
		return nil, err
	}
	views := make([]productView, len(ps))
	for i, p := range ps {
		views[i] = h.product(p, false)
	}
	out := page.List(views, total)
	out["categories"] = cats
	return out, nil
}

// details: GET /goods/details?id= (or goodsId=)
func (h *handlers) details(r *api.Request) (any, error) {
	id, err := productID(r)
	if err != nil {
		return nil, err
	}
	p, err := h.svc.Product(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return h.product(p, true), nil
}

func productID(r *api.Request) (int64, error) {
	q := r.Query("id")
	if q == "" {
		q = r.Query("goodsId")
	}
	id, err := strconv.ParseInt(q, 10, 64)
	if err != nil || id <= 0 {
		return 0, api.ErrFormat
	}
	return id, nil
}
