package wallet

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"go.uber.org/zap"

	"courtside/api"
	"courtside/api/audit"
	"courtside/api/wallet/payment"
	"courtside/storage/postgres"
)

func (h *handlers) goldList(*api.Request) (any, error) {
	return map[string]any{"list": h.svc.Presets(ProductCoin), "rate": CoinsPerCNY}, nil
}

func (h *handlers) scoreList(*api.Request) (any, error) {
	return map[string]any{"list": h.svc.Presets(ProductDiamond), "rate": h.svc.Config().DiamondsPerCNY,
		"custom": map[string]int64{"min": 1, "max": MaxCustomTopUp}}, nil
}

func (h *handlers) payTypes(*api.Request) (any, error) {
	return map[string]any{"list": h.svc.PayTypes(), "usdRate": FenPerUSD / 100}, nil
}

func (h *handlers) payMoney(r *api.Request) (any, error) {
	p, ok := parseProduct(r.Query("product"))
	if !ok {
		return nil, api.ErrFormat
	}
	id, err := r.IntQuery("id", 0)
	if err != nil {
		return nil, err
	}
	amount, err := strconv.ParseInt(r.Query("amount"), 10, 64)
	if err != nil && r.Query("amount") != "" {
		return nil, api.ErrFormat
	}
	prov, ok := h.svc.Provider(r.Query("payType"))
	if !ok {
		return nil, ErrRechargeFailed
	}
	return h.svc.Quote(p, id, amount, prov.Currency())
}

// baseURL is the site's base URL as this request reached it.
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func (h *handlers) payByAlipay(r *api.Request, uid int64) (any, error) {
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
	o, err := h.svc.CreateRecharge(r.Context(), RechargeRequest{UserID: uid, Product: p, PresetID: in.ID, Amount: in.Amount,
		PayType: in.PayType, ClientKey: in.ClientKey, BaseURL: baseURL(r.HTTP)})
	if err != nil {
		return nil, err
	}
	return orderView(o), nil
}

func (h *handlers) orderStatus(r *api.Request, uid int64) (any, error) {
	o, err := h.svc.OrderFor(r.Context(), uid, r.PathValue("orderNo"))
	if err != nil {
		return nil, err
	}
	return orderView(o), nil
}

func (h *handlers) refund(r *api.Request, by int64) (any, error) {
	var in struct {
		OrderNo string `json:"orderNo"`
		Reason  string `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	out, err := h.svc.Refund(r.Context(), RefundRequest{OrderNo: in.OrderNo, By: by, Reason: in.Reason})
	if err != nil {
		return nil, err
	}
	if out.Changed && h.svc.audit != nil {
		// The same entry as the back office's refund screen writes (api/admin money.go).
		err := h.svc.audit.Record(r.Context(), audit.Entry{ActorID: by, Action: "order.refund", TargetKind: "order", TargetID: out.Order.No,
			Before: map[string]string{"state": string(postgres.OrderPaid)}, After: map[string]any{"state": string(out.Order.State),
				"user": fmt.Sprintf("u%d", out.Order.UserID), "quantity": out.Order.Quantity, "product": out.Order.Product},
			Reason: in.Reason, IP: r.ClientIP.String()})
		if err != nil {
			h.svc.log.Error("wallet: audit log of a refund", zap.String("order", out.Order.No), zap.Error(err))
		}
	}
	return map[string]any{"changed": out.Changed, "order": orderView(out.Order)}, nil
}

func terminal(st postgres.OrderState) bool {
	return st == postgres.OrderPaid || st == postgres.OrderFailed || st == postgres.OrderExpired || st == postgres.OrderRefunded
}

// events is payWs: a Server-Sent Events stream of one order's state (GET /java/orderpay/events?order=).
// It sends the current state at once, then every change, and ends after a final state. Changes
// handled on this node arrive through Service.Subscribe at once; the order is also re-read every
// Config.EventsRecheck so a callback handled by another node is seen too.
func (h *handlers) events(w http.ResponseWriter, hr *http.Request) {
	uid, err := h.auth.User(api.PlainRequest(w, hr))
	if err != nil {
		api.WriteError(w, hr, err)
		return
	}
	ctx := hr.Context()
	no := hr.URL.Query().Get("order")
	ch, unsubscribe := h.svc.Subscribe(no) // before the first read, so no change falls in between
	defer unsubscribe()
	o, err := h.svc.OrderFor(ctx, uid, no)
	if err != nil {
		api.WriteError(w, hr, err)
		return
	}
	recheckEvery := h.svc.Config().EventsRecheck
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	last := postgres.OrderState("")
	send := func(o postgres.Order) bool {
		if o.State == last {
			return true
		}
		last = o.State
		data, _ := json.Marshal(orderView(o))
		if _, err := fmt.Fprintf(w, "event: order\ndata: %s\n\n", data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", recheckEvery.Milliseconds()); err != nil || !send(o) || terminal(o.State) {
		return
	}
	recheck := time.NewTicker(recheckEvery)
	defer recheck.Stop()
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case o = <-ch:
		case <-recheck.C:
			if o, err = h.svc.Order(ctx, no); err != nil {
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

// callback is the endpoint of one provider's notifications: the provider verifies the request (its
// signature), the Service applies each event, and the provider's own format answers.
func (h *handlers) callback(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("provider")
	prov, ok := h.svc.Provider(name)
	if !ok {
		http.NotFound(w, r)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 256<<10))
	if err != nil {
		prov.Ack(w, err)
		return
	}
	err = h.applyCallback(r, prov, body)
	log := h.svc.Logger()
	switch {
	case err == nil, errors.Is(err, payment.ErrIgnored):
		prov.Ack(w, nil)
		return
	case errors.Is(err, payment.ErrBadSignature):
		log.Warn("wallet: callback with a bad signature", zap.String("provider", name), zap.Error(err))
	case errors.Is(err, postgres.ErrAmountMismatch), errors.Is(err, postgres.ErrOrderNotFound), errors.Is(err, payment.ErrBadCallback):
		log.Error("wallet: callback refused", zap.String("provider", name), zap.Error(err))
	default:
		log.Error("wallet: callback failed; the provider will retry", zap.String("provider", name), zap.Error(err))
	}
	prov.Ack(w, err)
}

// applyCallback verifies a notification with its provider and applies the events it carries.
func (h *handlers) applyCallback(r *http.Request, prov payment.Provider, body []byte) error {
	events, err := prov.Verify(r.Context(), r, body)
	if err != nil {
		return err
	}
	for _, ev := range events {
		if _, err := h.svc.ApplyEvent(r.Context(), prov.Name(), ev); err != nil {
			return err
		}
	}
	return nil
}

// devPage serves the development provider's pay page for ?order=.
func (h *handlers) devPage(w http.ResponseWriter, r *http.Request) {
	page, ok := h.svc.DevPayPage(r.Context(), r.URL.Query().Get("order"))
	if !ok {
		http.Error(w, "no such development order", http.StatusNotFound)
		return
	}
	h.svc.Dev().ServePage(w, page)
}
