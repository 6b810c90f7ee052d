package engine

import (
	"context"
	"errors"
	"time"

	"courtside/api/account"
	"courtside/api/audit"
	"courtside/api/shop"
	"courtside/storage/postgres"
)

// buildShop wires the coin shop: its REST routes, the message centre for order notices, the audit
// log for staff actions, the accounts module for staff permissions and in-site items, and the sweep
// that releases the stock of unpaid orders. With the demo flag a believable catalogue is seeded once.
func (w *wiring) buildShop(ctx context.Context) error {
	n := w.n
	svc, err := shop.New(shop.Config{Logger: n.log.Named("shop")}, shop.Deps{
		Pool: n.pool, Notices: w.notices, Audit: audit.New(audit.Config{}, postgres.NewAuditLog(n.pool)),
		Staff: w.accounts, Admins: w.accounts, Items: shopItems{w.accounts}, Names: shopNames{w.accounts},
		Codes: shopCodes{w.accounts},
	})
	if err != nil {
		return err
	}
	if n.cfg.Demo {
		if err := seedShopDemo(ctx, svc); err != nil {
			return err
		}
	}
	svc.Routes(w.api, w.accounts)
	n.services = append(n.services, namedService{"shop", svc})
	return nil
}

// orderCodes is the purpose of the codes that confirm a redemption: stored apart from sign-in codes,
// worded as a confirmation of an order (message keys of the shop's namespace).
var orderCodes = account.CodePurpose{Name: "order", Subject: "shop.confirmCode.subject", Body: "shop.confirmCode.body"}

// shopCodes sends and checks the codes that confirm a redemption through the accounts module.
type shopCodes struct{ a *account.Service }

var _ shop.ConfirmCodes = shopCodes{}

func (c shopCodes) Send(ctx context.Context, userID int64, ip, lang string) (shop.CodeSent, error) {
	sent, err := c.a.SendUserCode(ctx, userID, orderCodes, account.Client{IP: ip, Lang: lang})
	if errors.Is(err, account.ErrNoCodeAddress) {
		return shop.CodeSent{}, shop.ErrBindContact
	}
	return shop.CodeSent{Channel: sent.Channel, To: sent.To, ResendAfter: sent.ResendAfter}, err
}

func (c shopCodes) Consume(ctx context.Context, userID int64, code string) error {
	return c.a.ConsumeUserCode(ctx, userID, orderCodes, code)
}

// shopNames gives staff names to the audit log.
type shopNames struct{ a *account.Service }

func (s shopNames) Username(ctx context.Context, id int64) string {
	u, err := s.a.UserByID(ctx, id)
	if err != nil {
		return ""
	}
	return u.Username
}

// shopItems applies in-site items: membership days extend the vip or svip role (from its current
// expiry when it is still in force); a badge is kept on the order (the profile shows orders).
type shopItems struct{ a *account.Service }

func (s shopItems) GrantItem(ctx context.Context, userID int64, kind string, value int, orderNo string) error {
	role := account.RoleVIP
	switch kind {
	case shop.ItemVIPDays:
	case shop.ItemSVIPDays:
		role = account.RoleSVIP
	default:
		return nil
	}
	u, err := s.a.UserByID(ctx, userID)
	if err != nil {
		return err
	}
	from := time.Now()
	for _, g := range u.Roles {
		if g.Role == role && g.Expires.After(from) {
			from = g.Expires
		}
	}
	return s.a.GrantRole(ctx, userID, role, from.Add(time.Duration(value)*24*time.Hour), "shop:"+orderNo)
}

// seedShopDemo writes the demo catalogue when the shop has no product yet.
func seedShopDemo(ctx context.Context, svc *shop.Service) error {
	_, total, err := svc.AllProducts(ctx, 1, 0)
	if err != nil || total > 0 {
		return err
	}
	for _, p := range shop.DemoCatalogue() {
		if _, err := svc.Store().SaveProduct(ctx, p, time.Now()); err != nil {
			return err
		}
	}
	return nil
}
