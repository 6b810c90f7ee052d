package wallet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"courtside/api"
	"courtside/api/locale"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

// Register adds every wallet endpoint to srv (the table is in README.md).
func (s *Service) Register(srv *api.Server) {
	// Public: offers and prices.
	srv.Handle("GET /orderpay/gold/list", s.goldList)
	srv.Handle("GET /orderpay/score/list", s.scoreList)
	srv.Handle("GET /orderpay/getPayType", s.payTypes)
	srv.Handle("GET /orderpay/getPayMoney", s.payMoney)
	srv.Handle("GET /orderpay/vip/list", s.vipList)
	srv.Handle("GET /gift", s.giftList)
	srv.Handle("GET /gift/leaderboard/{type}", s.leaderboard)

	// Signed-in user, own data only (administrators may name another user where it says userId).
	srv.Handle("GET /orderpay/getVipAmount", s.vipAmount)
	srv.Handle("POST /orderpay/payByAlipay", s.payByAlipay)
	srv.Handle("POST /orderpay/vip/pay", s.vipPay)
	srv.Handle("GET /orderpay/order/{orderNo}", s.orderStatus)
	srv.Handle("GET /user/userGold", s.userGold)
	srv.Handle("GET /user/getVipOpenRecord", s.vipRecords)
	srv.Handle("GET /user/getScoreOpenRecord", s.details(postgres.Diamond))
	srv.Handle("GET /user/getGoldOpenRecord", s.details(postgres.Coin))
	srv.HandleHTTP("GET /orderpay/events", http.HandlerFunc(s.events))

	// Administrators.
	srv.Handle("POST /orderpay/refund", s.refund)
	srv.Handle("POST /gift/leaderboard/rebuild", s.rebuildLeaderboard)

	// Providers: authenticated by signature, answered in each provider's own format.
	srv.HandleHTTP("POST /orderpay/callback/{provider}", http.HandlerFunc(s.callback))
	if s.dev != nil {
		srv.HandleHTTP("GET /orderpay/dev/pay", http.HandlerFunc(s.devPage))
	}
}

// user is the signed-in user, or the Authenticator's error (401 / 3000 / 3001).
func (s *Service) user(r *api.Request) (int64, error) {
	uid, err := s.auth.UserID(r)
	if err != nil {
		return 0, err
	}
	if uid <= 0 {
		return 0, api.ErrAuthRequired
	}
	return uid, nil
}

func (s *Service) isAdmin(ctx context.Context, uid int64) (bool, error) {
	if s.roles == nil {
		return false, nil
	}
	return s.roles.IsAdmin(ctx, uid)
}

func (s *Service) admin(r *api.Request) (int64, error) {
	uid, err := s.user(r)
	if err != nil {
		return 0, err
	}
	ok, err := s.isAdmin(r.Context(), uid)
	if err != nil {
		return 0, api.Internal(err)
	}
	if !ok {
		return 0, api.ErrAccessDenied
	}
	return uid, nil
}

// subject is whose data a read is about: the caller, or ?userId= for an administrator.
func (s *Service) subject(r *api.Request) (int64, error) {
	uid, err := s.user(r)
	if err != nil {
		return 0, err
	}
	q := r.Query("userId")
	if q == "" {
		return uid, nil
	}
	other, err := strconv.ParseInt(q, 10, 64)
	if err != nil {
		return 0, api.ErrFormat
	}
	if other == uid {
		return uid, nil
	}
	ok, err := s.isAdmin(r.Context(), uid)
	if err != nil {
		return 0, api.Internal(err)
	}
	if !ok {
		return 0, api.ErrAccessDenied
	}
	return other, nil
}

func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func intQuery(r *api.Request, name string, def int) (int, error) {
	v := r.Query(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, api.ErrFormat
	}
	return n, nil
}

func paging(r *api.Request) (page, size int, err error) {
	if page, err = intQuery(r, "pageIndex", 1); err != nil {
		return
	}
	if size, err = intQuery(r, "pageSize", 20); err != nil {
		return
	}
	return max(page, 1), min(max(size, 1), 100), nil
}

func parseProduct(s string) (Product, bool) {
	switch s {
	case "coin", "gold", "1", "":
		return ProductCoin, true
	case "diamond", "score", "2":
		return ProductDiamond, true
	}
	return "", false
}

func (s *Service) goldList(*api.Request) (any, error) {
	return map[string]any{"list": s.Presets(ProductCoin), "rate": CoinsPerCNY}, nil
}

func (s *Service) scoreList(*api.Request) (any, error) {
	return map[string]any{"list": s.Presets(ProductDiamond), "rate": s.cfg.DiamondsPerCNY,
		"custom": map[string]int64{"min": 1, "max": MaxCustomTopUp}}, nil
}

func (s *Service) payTypes(*api.Request) (any, error) {
	return map[string]any{"list": s.PayTypes(), "usdRate": FenPerUSD / 100}, nil
}

func (s *Service) payMoney(r *api.Request) (any, error) {
	p, ok := parseProduct(r.Query("product"))
	if !ok {
		return nil, api.ErrFormat
	}
	id, err := intQuery(r, "id", 0)
	if err != nil {
		return nil, err
	}
	amount, err := strconv.ParseInt(r.Query("amount"), 10, 64)
	if err != nil && r.Query("amount") != "" {
		return nil, api.ErrFormat
	}
	prov, ok := s.providers[r.Query("payType")]
	if !ok {
		return nil, ErrRechargeFailed
	}
	return s.Quote(p, id, amount, prov.Currency())
}

func (s *Service) vipList(*api.Request) (any, error) {
	return map[string]any{"list": s.Packages(), "vipMonthly": s.cfg.VIPMonthlyCoins, "svipMonthly": s.cfg.SVIPMonthlyCoins, "monthDays": MonthDays}, nil
}

func planView(p postgres.MembershipPlan) map[string]any {
	return map[string]any{"action": p.Action, "tier": p.Tier, "months": p.Months, "upgradeDays": p.UpgradeDays,
		"coins": p.Coins, "expiresAt": millis(p.ExpiresAt)}
}

func (s *Service) vipAmount(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	tier, err := intQuery(r, "tier", TierVIP)
	if err != nil {
		return nil, err
	}
	months, err := intQuery(r, "months", 1)
	if err != nil {
		return nil, err
	}
	p, err := s.QuoteMembership(r.Context(), uid, tier, months)
	if err != nil {
		return nil, err
	}
	return planView(p), nil
}

func recordView(m postgres.MembershipRecord) map[string]any {
	return map[string]any{"id": m.ID, "action": m.Action, "tier": m.Tier, "months": m.Months, "upgradeDays": m.UpgradeDays,
		"coins": m.Coins, "expiresAt": millis(m.ExpiresAt), "createdAt": millis(m.CreatedAt)}
}

func (s *Service) vipPay(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	var in struct {
		Tier      int    `json:"tier"`
		Months    int    `json:"months"`
		ClientKey string `json:"clientKey"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	rec, replayed, err := s.BuyMembership(r.Context(), uid, in.Tier, in.Months, in.ClientKey)
	if err != nil {
		return nil, err
	}
	bal, err := s.store.Balances(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	out := recordView(rec)
	out["replayed"], out["gold"] = replayed, bal.Coins
	return out, nil
}

func (s *Service) orderView(o postgres.Order) map[string]any {
	return map[string]any{
		"orderNo": o.No, "product": o.Product, "quantity": o.Quantity, "money": payment.Decimal(o.CNYFen),
		"payType": o.Method, "currency": o.Currency, "amount": payment.Decimal(o.AmountMinor), "state": o.State,
		"payUrl": o.PayURL, "qrCode": o.QRCode, "eventsUrl": api.Prefix + "/orderpay/events?order=" + o.No,
		"createdAt": millis(o.CreatedAt), "expiresAt": millis(o.ExpiresAt), "paidAt": millis(o.PaidAt),
	}
}

func (s *Service) baseURL(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func (s *Service) payByAlipay(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	var in struct {
		Product   string `json:"product"`
		ID        int    `json:"id"`
		Amount    int64  `json:"amount"`
		PayType   string `json:"payType"`
		ClientKey string `json:"clientKey"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	p, ok := parseProduct(in.Product)
	if !ok {
		return nil, api.ErrFormat
	}
	o, err := s.CreateRecharge(r.Context(), RechargeRequest{UserID: uid, Product: p, PresetID: in.ID, Amount: in.Amount,
		PayType: in.PayType, ClientKey: in.ClientKey, BaseURL: s.baseURL(r.HTTP)})
	if err != nil {
		return nil, err
	}
	return s.orderView(o), nil
}

// ownOrder reads an order the caller may see: their own, or any for an administrator. Another
// user's order is "not found", so order numbers cannot be probed.
func (s *Service) ownOrder(ctx context.Context, uid int64, no string) (postgres.Order, error) {
	o, err := s.store.Order(ctx, no)
	if errors.Is(err, postgres.ErrOrderNotFound) {
		return o, api.ErrNotFound
	}
	if err != nil {
		return o, err
	}
	if o.UserID != uid {
		if ok, err := s.isAdmin(ctx, uid); err != nil || !ok {
			return postgres.Order{}, api.ErrNotFound
		}
	}
	return o, nil
}

func (s *Service) orderStatus(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	o, err := s.ownOrder(r.Context(), uid, r.PathValue("orderNo"))
	if err != nil {
		return nil, err
	}
	return s.orderView(o), nil
}

func (s *Service) userGold(r *api.Request) (any, error) {
	uid, err := s.user(r)
	if err != nil {
		return nil, err
	}
	b, err := s.store.Balances(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	e, err := s.Entitlement(r.Context(), uid)
	if err != nil {
		return nil, err
	}
	return map[string]any{"gold": b.Coins, "score": b.Diamonds, "earnedGold": b.EarnedCoins, "earnedScore": b.EarnedDiamonds,
		"vipLevel": e.Tier, "vipExpire": millis(e.ExpiresAt)}, nil
}

func (s *Service) vipRecords(r *api.Request) (any, error) {
	uid, err := s.subject(r)
	if err != nil {
		return nil, err
	}
	page, size, err := paging(r)
	if err != nil {
		return nil, err
	}
	recs, total, err := s.store.MembershipRecords(r.Context(), uid, size, (page-1)*size)
	if err != nil {
		return nil, err
	}
	list := make([]map[string]any, len(recs))
	for i, m := range recs {
		list[i] = recordView(m)
	}
	return map[string]any{"list": list, "total": total, "pageIndex": page, "pageSize": size}, nil
}

func (s *Service) details(c postgres.Currency) api.HandlerFunc {
	return func(r *api.Request) (any, error) {
		uid, err := s.subject(r)
		if err != nil {
			return nil, err
		}
		page, size, err := paging(r)
		if err != nil {
			return nil, err
		}
		rows, total, err := s.store.Details(r.Context(), uid, c, size, (page-1)*size)
		if err != nil {
			return nil, err
		}
		list := make([]map[string]any, len(rows))
		for i, d := range rows {
			list[i] = map[string]any{"id": d.TxnID, "type": d.Type, "amount": d.Amount, "balance": d.BalanceAfter,
				"reference": d.Reference, "time": millis(d.At)}
		}
		return map[string]any{"list": list, "total": total, "pageIndex": page, "pageSize": size, "currency": c}, nil
	}
}

func (s *Service) giftList(r *api.Request) (any, error) {
	gifts, err := s.Catalogue(r.Context())
	if err != nil {
		return nil, err
	}
	list := make([]map[string]any, len(gifts))
	for i, g := range gifts {
		cur := "gold"
		if g.Currency == postgres.Diamond {
			cur = "score"
		}
		list[i] = map[string]any{"id": g.ID, "name": g.Name, "icon": g.Icon, "currency": cur, "price": g.Price}
	}
	return map[string]any{"list": list}, nil
}

func (s *Service) leaderboard(r *api.Request) (any, error) {
	p, ok := ParsePeriod(r.PathValue("type"))
	room := r.Query("room")
	if !ok || room == "" {
		return nil, api.ErrFormat
	}
	n, err := intQuery(r, "size", 20)
	if err != nil {
		return nil, err
	}
	top, err := s.lb.Top(r.Context(), room, p, s.cfg.Now(), min(max(n, 1), 100))
	if err != nil {
		return nil, err
	}
	// Each line also carries the public id ("u<n>") that chat events use.
	type line struct {
		Rank
		UID string `json:"uid"`
	}
	list := make([]line, len(top))
	for i, r := range top {
		list[i] = line{Rank: r, UID: "u" + strconv.FormatInt(r.UserID, 10)}
	}
	return map[string]any{"room": room, "type": p, "list": list}, nil
}

func (s *Service) refund(r *api.Request) (any, error) {
	if _, err := s.admin(r); err != nil {
		return nil, err
	}
	var in struct {
		OrderNo string `json:"orderNo"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	out, err := s.Refund(r.Context(), in.OrderNo)
	if errors.Is(err, postgres.ErrOrderNotFound) {
		return nil, api.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return map[string]any{"changed": out.Changed, "order": s.orderView(out.Order)}, nil
}

func (s *Service) rebuildLeaderboard(r *api.Request) (any, error) {
	if _, err := s.admin(r); err != nil {
		return nil, err
	}
	var in struct {
		Room string `json:"room"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	n, err := RebuildLeaderboard(r.Context(), s.store, s.lb, in.Room)
	if err != nil {
		return nil, err
	}
	return map[string]any{"gifts": n}, nil
}

// plainRequest wraps a plain http.Request for the Authenticator.
func plainRequest(r *http.Request) *api.Request {
	m, _ := api.MetaFrom(r.Context())
	return &api.Request{Meta: m, HTTP: r}
}

// writeEnvelopeError answers a plain handler's request with a failure envelope.
func writeEnvelopeError(w http.ResponseWriter, r *http.Request, err error) {
	var e *api.Error
	if !errors.As(err, &e) {
		e = api.ErrServer
	}
	m, _ := api.MetaFrom(r.Context())
	msg := locale.Message(m.Lang, e.Key, e.Args...)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(e.Status)
	_ = json.NewEncoder(w).Encode(api.Envelope{Status: api.StatusFail, ErrorCode: e.Code, ErrorMsg: msg, Msg: msg, Code: e.Status})
}

func terminal(st postgres.OrderState) bool {
	return st == postgres.OrderPaid || st == postgres.OrderFailed || st == postgres.OrderExpired || st == postgres.OrderRefunded
}

// events is payWs: a Server-Sent Events stream of one order's state (GET /java/orderpay/events?order=).
// It sends the current state at once, then every change, and ends after a final state. Changes
// handled on this node arrive through the hub at once; the order is also re-read every
// Config.EventsRecheck so a callback handled by another node is seen too.
func (s *Service) events(w http.ResponseWriter, hr *http.Request) {
	r := plainRequest(hr)
	uid, err := s.user(r)
	if err != nil {
		writeEnvelopeError(w, hr, err)
		return
	}
	ctx := hr.Context()
	no := hr.URL.Query().Get("order")
	ch, unsubscribe := s.hub.subscribe(no) // before the first read, so no change falls in between
	defer unsubscribe()
	o, err := s.ownOrder(ctx, uid, no)
	if err != nil {
		writeEnvelopeError(w, hr, err)
		return
	}
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	last := postgres.OrderState("")
	send := func(o postgres.Order) bool {
		if o.State == last {
			return true
		}
		last = o.State
		data, _ := json.Marshal(s.orderView(o))
		if _, err := fmt.Fprintf(w, "event: order\ndata: %s\n\n", data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", s.cfg.EventsRecheck.Milliseconds()); err != nil || !send(o) || terminal(o.State) {
		return
	}
	recheck := time.NewTicker(s.cfg.EventsRecheck)
	defer recheck.Stop()
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case o = <-ch:
		case <-recheck.C:
			if o, err = s.store.Order(ctx, no); err != nil {
				return
			}
		case <-ping.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return
			}
			continue
		}
		if !send(o) || terminal(o.State) {
			return
		}
	}
}

// devPage serves the development provider's pay page for ?order=.
func (s *Service) devPage(w http.ResponseWriter, r *http.Request) {
	o, err := s.store.Order(r.Context(), r.URL.Query().Get("order"))
	if err != nil || o.Method != s.dev.Name() {
		http.Error(w, "no such development order", http.StatusNotFound)
		return
	}
	subject := fmt.Sprintf("%d %ss", o.Quantity, o.Product)
	s.dev.ServePage(w, payment.PageOrder{No: o.No, Subject: subject, Currency: string(o.Currency), AmountMinor: o.AmountMinor,
		State: string(o.State), NotifyURL: api.Prefix + "/orderpay/callback/dev",
		ReturnURL: strings.TrimRight(s.cfg.PublicURL, "/") + s.cfg.ReturnPath + "?order=" + o.No})
}
