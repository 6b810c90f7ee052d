package shop

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"courtside/api/audit"
	"courtside/storage/postgres"
)

// Product kinds (postgres.Shop*).
const (
	KindPhysical = postgres.ShopPhysical
	KindVirtual  = postgres.ShopVirtual
	KindItem     = postgres.ShopItem
	KindBlindBox = postgres.ShopBlindBox
)

// In-site item kinds.
const (
	ItemVIPDays  = "vipDays"
	ItemSVIPDays = "svipDays"
	ItemBadge    = "badge"
)

// Sorts of the product list.
const (
	SortDefault   = ""
	SortPriceAsc  = "price"
	SortPriceDesc = "-price"
	SortPopular   = "popular"
)

// ListQuery selects a page of the catalogue.
type ListQuery struct {
	Category string
	Kind     string
	Sort     string // SortDefault, SortPriceAsc, SortPriceDesc, SortPopular
	Limit    int
	Offset   int
}

// Goods lists the products on the shelf, with the total count.
func (s *Service) Goods(ctx context.Context, q ListQuery) ([]postgres.ShopProduct, int, error) {
	switch q.Sort {
	case SortDefault, SortPriceAsc, SortPriceDesc, SortPopular:
	default:
		q.Sort = SortDefault
	}
	return s.store.Products(ctx, postgres.ShopProductFilter{Category: q.Category, Kind: q.Kind, Sort: q.Sort, Limit: q.Limit, Offset: q.Offset})
}

// Categories are the categories of the products on the shelf.
func (s *Service) Categories(ctx context.Context) ([]string, error) { return s.store.Categories(ctx) }

// Product is one product on the shelf (ErrProductNotFound when missing or off the shelf), with a
// blind box's published odds.
func (s *Service) Product(ctx context.Context, id int64) (postgres.ShopProduct, error) {
	p, err := s.store.Product(ctx, id)
	if err == nil && !p.Active {
		err = postgres.ErrShopProductNotFound
	}
	return p, storeErr(err)
}

// Odds is a prize's published chance, in percent (two decimals).
func Odds(prizes []postgres.ShopPrize) []float64 {
	total := 0
	for _, z := range prizes {
		total += z.Weight
	}
	out := make([]float64, len(prizes))
	for i, z := range prizes {
		if total > 0 {
			out[i] = float64(int64(z.Weight)*10000/int64(total)) / 100
		}
	}
	return out
}

// AllProducts lists every product, on the shelf or not, for staff.
func (s *Service) AllProducts(ctx context.Context, limit, offset int) ([]postgres.ShopProduct, int, error) {
	return s.store.Products(ctx, postgres.ShopProductFilter{IncludeInactive: true, Limit: limit, Offset: offset})
}

// StaffProduct reads one product, on the shelf or not, with its prizes.
func (s *Service) StaffProduct(ctx context.Context, id int64) (postgres.ShopProduct, error) {
	p, err := s.store.Product(ctx, id)
	return p, storeErr(err)
}

// Actor is a staff member acting in the back office.
type Actor = audit.Actor

// Limits of a product edit.
const (
	maxName     = 60
	maxCategory = 30
	maxText     = 20000
	maxPrice    = 10_000_000
	maxStock    = 1_000_000
	maxPrizes   = 20
	maxWeight   = 1_000_000
)

// ValidateProduct checks a staff edit (ErrProductInvalid, ErrPrizesInvalid) and trims its texts.
func ValidateProduct(p *postgres.ShopProduct) error {
	p.Name, p.Category = strings.TrimSpace(p.Name), strings.TrimSpace(p.Category)
	switch p.Kind {
	case KindPhysical, KindVirtual, KindBlindBox:
	case KindItem:
		if (p.ItemKind != ItemVIPDays && p.ItemKind != ItemSVIPDays && p.ItemKind != ItemBadge) || p.ItemValue <= 0 {
			return ErrProductInvalid
		}
	default:
		return ErrProductInvalid
	}
	if p.Name == "" || utf8.RuneCountInString(p.Name) > maxName || utf8.RuneCountInString(p.Category) > maxCategory ||
		len(p.Details) > maxText || len(p.Notice) > maxText {
		return ErrProductInvalid
	}
	if p.Price <= 0 || p.Price > maxPrice || p.Stock < 0 || p.Stock > maxStock || p.PerOrderLimit < 0 || p.PerUserLimit < 0 {
		return ErrProductInvalid
	}
	if p.Picture != "" && !strings.HasPrefix(p.Picture, "/") && !strings.HasPrefix(p.Picture, "https://") {
		return ErrProductInvalid
	}
	if p.Kind == KindBlindBox {
		if p.Prizes == nil && p.ID != 0 {
			return nil // odds unchanged
		}
		if len(p.Prizes) == 0 || len(p.Prizes) > maxPrizes {
			return ErrPrizesInvalid
		}
		for i := range p.Prizes {
			z := &p.Prizes[i]
			z.Name = strings.TrimSpace(z.Name)
			if z.Name == "" || utf8.RuneCountInString(z.Name) > maxName || z.Weight <= 0 || z.Weight > maxWeight || z.Coins < 0 || z.Coins > maxPrice {
				return ErrPrizesInvalid
			}
		}
	} else {
		p.Prizes = nil
	}
	return nil
}

// SaveProduct creates (ID 0) or updates a product, and a blind box's odds, for a staff member
// (manageShop); the change is in the audit log with the product before and after.
func (s *Service) SaveProduct(ctx context.Context, by Actor, p postgres.ShopProduct) (postgres.ShopProduct, error) {
	if err := ValidateProduct(&p); err != nil {
		return p, err
	}
	var before any
	action := "product.create"
	if p.ID != 0 {
		prev, err := s.store.Product(ctx, p.ID)
		if err != nil {
			return p, storeErr(err)
		}
		before, action = prev, "product.update"
		if p.Kind != prev.Kind {
			return p, ErrProductInvalid
		}
	}
	out, err := s.store.SaveProduct(ctx, p, s.cfg.Now())
	if err != nil {
		return out, storeErr(err)
	}
	s.record(ctx, by, audit.Entry{Action: action, TargetKind: "product", TargetID: strconv.FormatInt(out.ID, 10), Before: before, After: out})
	return out, nil
}

// record writes a staff action to the audit log (a failure is logged: the action has happened).
func (s *Service) record(ctx context.Context, by Actor, e audit.Entry) {
	if s.d.Audit == nil {
		return
	}
	e.ActorID, e.IP = by.ID, by.IP
	if s.d.Names != nil {
		e.ActorName = s.d.Names.Username(ctx, by.ID)
	}
	if err := s.d.Audit.Record(ctx, e); err != nil {
		s.log.Error("shop: audit entry not written: " + err.Error())
	}
}
