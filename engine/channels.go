package engine

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"courtside/api/channels"
	"courtside/api/system"
	"courtside/storage/postgres"
)

// buildChannels wires the promotion channels (their REST routes, the accounts module's partners
// and its sign-up hook) and the system calls (payload keys, pay buttons from the wallet, the
// unsealing of sealed request bodies for every call). Both derive their keys from the account
// secret, so every node counts a visitor once and opens what any node sealed. With the demo flag a
// partner with believable channels is seeded once.
func (w *wiring) buildChannels(ctx context.Context) error {
	n := w.n
	secret := []byte("courtside-channels:" + n.cfg.AccountKey)
	if n.cfg.AccountKey == "" {
		secret = nil // random per process, as the accounts module's
	}
	svc, err := channels.New(channels.Config{Secret: secret, PublicURL: n.cfg.PublicURL, Logger: n.log.Named("channels"),
		Stores: channels.Stores{IOS: n.cfg.AppIOS, Android: n.cfg.AppAndroid, APK: n.cfg.AppAPK}}, channels.Deps{Pool: n.pool, Audit: w.audit})
	if err != nil {
		return err
	}
	w.channels = svc
	svc.Routes(w.api, w.accounts, w.accounts)
	if n.cfg.Demo {
		if err := seedChannelsDemo(ctx, w, svc); err != nil {
			return err
		}
	}
	var sysSecret []byte
	if n.cfg.AccountKey != "" {
		sysSecret = []byte("courtside-payload-keys:" + n.cfg.AccountKey)
	}
	system.New(system.Config{Secret: sysSecret, Logger: n.log.Named("system")},
		system.Deps{Payments: w.wallet, Countries: countries{w.resolver}}).Routes(w.api)
	return nil
}

// channelHook tells the promotion channels of every new account (account.Channels); accounts are
// built before the channels, so it reads w.channels when called.
type channelHook struct{ w *wiring }

func (h channelHook) Registered(ctx context.Context, userID int64, code, fromType, ip, ua string) error {
	if h.w.channels == nil {
		return nil
	}
	return h.w.channels.Registered(ctx, userID, code, fromType, channels.Visitor{IP: ip, UserAgent: ua})
}

// countries finds a client's country with the locale resolver's GeoIP database.
type countries struct {
	r interface{ Country(netip.Addr) string }
}

func (c countries) Country(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || c.r == nil {
		return ""
	}
	return c.r.Country(a)
}

// demoPartner is the demo channel partner (sign in with a code sent to its e-mail in dev).
const demoPartner = "promoter"

// seedChannelsDemo gives the demo partner two channels and two weeks of visits and downloads, once.
func seedChannelsDemo(ctx context.Context, w *wiring, svc *channels.Service) error {
	accts := w.accounts.Store()
	now := time.Now()
	_, err := accts.UserByUsername(ctx, demoPartner, now)
	var id int64
	switch {
	case errors.Is(err, postgres.ErrUserNotFound):
		if id, err = accts.CreateUser(ctx, postgres.NewUser{Username: demoPartner, Email: "promoter@courtside.example"}, nil); err != nil {
			return err
		}
		if err := accts.GrantRole(ctx, id, "channel", time.Time{}, "demo"); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		return nil // seeded before
	}
	st := svc.Store()
	for i, c := range []channels.ChannelInput{{Name: "Football forum banner", Source: "forum", Kind: channels.KindRegister},
		{Name: "Esports app campaign", Source: "video ads", Kind: channels.KindDownload}} {
		ch, err := svc.SaveChannel(ctx, id, c)
		if err != nil {
			return err
		}
		for d := 13; d >= 0; d-- {
			at := now.AddDate(0, 0, -d)
			day := time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC)
			visits := 20 + (d*7+i*11)%25
			for v := range visits {
				key := []byte(fmt.Sprintf("demo-%d-%d-%d-visitor", i, d, v))
				e := postgres.ChannelEvent{ChannelID: ch.ID, Day: day, Visitor: key, Source: key, At: at}
				if _, _, err := st.RecordVisit(ctx, e, 1000, time.Minute); err != nil {
					return err
				}
				if v%4 == 0 {
					if _, err := st.RecordDownload(ctx, e); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}
