package paidmsg_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/api/apitest"
	"courtside/api/paidmsg"
	"courtside/api/wallet"
	"courtside/storage/postgres"
	"courtside/storage/postgres/pgtest"
)

// clock is the injected clock; tests move it.
type clock = apitest.Clock

const (
	sender   = int64(101)
	other    = int64(102)
	streamer = int64(200)
	modID    = int64(300)
	roomID   = "paid-room"
)

var start = time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)

func uid(id int64) string               { return protocol.UserID(id).String() }
func key(id int64, nonce string) string { return "paid:" + roomID + ":" + uid(id) + ":" + nonce }

// fakeRooms plays the room actor's part for the REST path: it charges and removes through the
// Service as the actor does (paid.go), refusing muted users and non-moderators.
type fakeRooms struct {
	svc   *paidmsg.Service
	muted map[string]bool
	seq   atomic.Uint64
}

func (f *fakeRooms) Ask(ctx context.Context, who room.Identity, m protocol.ClientMessage) (*room.Reply, error) {
	switch m.T {
	case room.TPaid:
		if f.muted[who.ID] {
			return &room.Reply{Code: protocol.CodeMuted}, nil
		}
		_, err := f.svc.ChargePaid(ctx, room.PaidOrder{From: who.ID, FromName: who.Name, Streamer: uid(streamer), Room: m.Room,
			Text: m.Text, Coins: int64(m.Count), Key: "paid:" + m.Room + ":" + who.ID + ":" + m.Nonce})
		if errors.Is(err, room.ErrInsufficientCoins) {
			return &room.Reply{Code: protocol.CodeNoCoins}, nil
		}
		if err != nil {
			return nil, err
		}
		return &room.Reply{Seq: f.seq.Add(1)}, nil
	case room.TUnpin:
		if who.ID != uid(modID) {
			return &room.Reply{Code: protocol.CodeForbidden}, nil
		}
		_, err := f.svc.RemovePaid(ctx, room.PaidRemoval{Room: m.Room, ID: m.Msg, By: who.ID, Reason: m.Reason})
		if errors.Is(err, room.ErrPaidNotFound) {
			return &room.Reply{Code: 7203}, nil
		}
		if err != nil {
			return nil, err
		}
		return &room.Reply{}, nil
	}
	return &room.Reply{Code: protocol.CodeBadMessage}, nil
}

type identities struct{}

func (identities) Identity(_ context.Context, id int64) (room.Identity, error) {
	return room.Identity{ID: uid(id), Name: fmt.Sprint("user", id), Level: 5}, nil
}

type env struct {
	t       *testing.T
	svc     *paidmsg.Service
	wallet  *wallet.Service
	ledger  *postgres.Ledger
	clock   *clock
	notices *apitest.Notices
	rooms   *fakeRooms
}

func newEnv(t *testing.T) *env {
	t.Helper()
	pool := pgtest.NewPool(t)
	c := apitest.NewClock(start)
	w, err := wallet.New(wallet.Config{DisableDev: true, Now: c.Now}, wallet.Deps{Pool: pool})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, wallet: w, ledger: w.Store().Ledger(), clock: c, notices: &apitest.Notices{Dedupe: true}}
	e.rooms = &fakeRooms{muted: map[string]bool{}}
	e.svc, err = paidmsg.New(paidmsg.Config{Now: c.Now}, paidmsg.Deps{Wallet: w, Rooms: e.rooms, Identities: identities{}, Notices: e.notices})
	if err != nil {
		t.Fatal(err)
	}
	e.rooms.svc = e.svc
	return e
}

var funds atomic.Int64

func (e *env) fund(id, coins int64) {
	e.t.Helper()
	_, err := e.ledger.Post(context.Background(), postgres.Posting{Key: fmt.Sprintf("test-fund:%d:%d", id, funds.Add(1)),
		Type: postgres.TxnAdjustment, UserID: id, Entries: []postgres.Entry{
			{Account: postgres.SystemAccount(postgres.KindPromotions, postgres.Coin), Amount: -coins},
			{Account: postgres.UserWallet(id, postgres.Coin), Amount: coins}}})
	if err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) balance(a postgres.Account) int64 {
	e.t.Helper()
	b, err := e.ledger.Balance(context.Background(), a)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *env) coins(id int64) int64 { return e.balance(postgres.UserWallet(id, postgres.Coin)) }

func (e *env) verify() { e.t.Helper(); pgtest.VerifyLedger(e.t, e.ledger) }

func (e *env) score(id int64) int64 {
	e.t.Helper()
	top, err := e.wallet.Top(context.Background(), roomID, wallet.PeriodAll, 100)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, r := range top {
		if r.UserID == id {
			return r.Score
		}
	}
	return 0
}

func (e *env) send(id int64, coins int64, nonce, text string) (paidmsg.Sent, error) {
	return e.svc.Send(context.Background(), id, paidmsg.SendRequest{Room: roomID, Text: text, Coins: coins, Nonce: nonce})
}

// A paid message retried any number of times, also concurrently, is charged once; the streamer gets
// the gift share, the platform the rest, and the ledger balances.
func TestPaidMessageIsChargedOnceUnderRetries(t *testing.T) {
	e := newEnv(t)
	e.fund(sender, 1000)
	var wg sync.WaitGroup
	ids := make([]string, 8)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := e.send(sender, 500, "n1", "Great goal!")
			if err != nil {
				t.Error(err)
				return
			}
			ids[i] = s.ID
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] {
			t.Fatalf("retries got different messages: %v", ids)
		}
	}
	if got := e.coins(sender); got != 500 {
		t.Fatalf("sender has %d coins, want 500 (charged once)", got)
	}
	share, _ := e.wallet.Split(500)
	if got := e.balance(postgres.StreamerEarnings(streamer, postgres.Coin)); got != share {
		t.Fatalf("streamer earned %d, want %d", got, share)
	}
	if got := e.score(sender); got != 500 {
		t.Fatalf("leaderboard score %d, want 500", got)
	}
	e.verify()

	if _, err := e.send(sender, 1000, "n2", "again"); !errors.Is(err, paidmsg.ErrInsufficientCoins) {
		t.Fatalf("over the balance: %v, want insufficient coins", err)
	}
	if _, err := e.send(sender, 42, "n3", "odd amount"); !errors.Is(err, paidmsg.ErrTier) {
		t.Fatalf("not a tier: %v", err)
	}
	if _, err := e.send(sender, 30, "n4", "   "); !errors.Is(err, paidmsg.ErrText) {
		t.Fatalf("empty text: %v", err)
	}
	e.rooms.muted[uid(other)] = true
	e.fund(other, 100)
	if _, err := e.send(other, 30, "n5", "hi"); !errors.Is(err, paidmsg.ErrRefused.WithKey("paidmsg.muted")) {
		t.Fatalf("muted sender: %v", err)
	}
	if got := e.coins(other); got != 100 {
		t.Fatalf("a refused message was charged: %d", got)
	}
}

// A removal for a reason that is not the sender's fault refunds once, whatever the retries: the
// sender gets every coin back, the streamer's share and the leaderboard points are taken back, and the
// sender is notified once.
func TestNoFaultRemovalRefundsOnce(t *testing.T) {
	e := newEnv(t)
	e.fund(sender, 100)
	s, err := e.send(sender, 100, "n1", "hello")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		r, err := e.svc.Remove(context.Background(), modID, paidmsg.RemoveRequest{Room: roomID, ID: s.ID, Reason: "mistake"})
		if err != nil || !r.Refunded {
			t.Fatalf("remove = %+v, %v", r, err)
		}
	}
	if got := e.coins(sender); got != 100 {
		t.Fatalf("sender has %d coins after the refund, want 100", got)
	}
	if got := e.balance(postgres.StreamerEarnings(streamer, postgres.Coin)); got != 0 {
		t.Fatalf("streamer keeps %d after the refund", got)
	}
	if got := e.score(sender); got != 0 {
		t.Fatalf("leaderboard keeps %d after the refund", got)
	}
	if ns := e.notices.All(); len(ns) != 1 || ns[0].Key != "paidmsg.notice.mistake" || ns[0].UserID != sender {
		t.Fatalf("notices %+v", ns)
	}
	pinned, _ := e.svc.Pinned(context.Background(), roomID)
	if len(pinned) != 0 {
		t.Fatalf("a removed message is still pinned: %+v", pinned)
	}
	// A second removal with another reason changes nothing: the first stands.
	if r, err := e.svc.Remove(context.Background(), modID, paidmsg.RemoveRequest{Room: roomID, ID: s.ID, Reason: "spam"}); err != nil || !r.Refunded {
		t.Fatalf("second removal = %+v, %v", r, err)
	}
	e.verify()
	// A rebuild agrees: refunded messages do not count.
	if _, err := e.wallet.RebuildLeaderboard(context.Background(), roomID); err != nil {
		t.Fatal(err)
	}
	if got := e.score(sender); got != 0 {
		t.Fatalf("rebuilt leaderboard counts a refunded message: %d", got)
	}
}

// A removal for the sender's fault keeps the coins; the sender is notified; only moderators remove.
func TestFaultRemovalDoesNotRefund(t *testing.T) {
	e := newEnv(t)
	e.fund(sender, 100)
	s, err := e.send(sender, 100, "n1", "buy cheap coins at ...")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Remove(context.Background(), other, paidmsg.RemoveRequest{Room: roomID, ID: s.ID, Reason: "spam"}); !errors.Is(err, paidmsg.ErrForbidden) {
		t.Fatalf("a viewer removed it: %v", err)
	}
	if _, err := e.svc.Remove(context.Background(), modID, paidmsg.RemoveRequest{Room: roomID, ID: s.ID, Reason: "because"}); !errors.Is(err, paidmsg.ErrReason) {
		t.Fatalf("unknown reason: %v", err)
	}
	r, err := e.svc.Remove(context.Background(), modID, paidmsg.RemoveRequest{Room: roomID, ID: s.ID, Reason: "spam"})
	if err != nil || r.Refunded {
		t.Fatalf("remove = %+v, %v", r, err)
	}
	if got := e.coins(sender); got != 0 {
		t.Fatalf("sender got %d coins back for spam", got)
	}
	if got := e.score(sender); got != 100 {
		t.Fatalf("leaderboard %d, want 100 (coins spent)", got)
	}
	if ns := e.notices.All(); len(ns) != 1 || ns[0].Key != "paidmsg.notice.spam" {
		t.Fatalf("notices %+v", ns)
	}
	if _, err := e.svc.Remove(context.Background(), modID, paidmsg.RemoveRequest{Room: roomID, ID: "999999", Reason: "spam"}); !errors.Is(err, paidmsg.ErrNotFound) {
		t.Fatalf("unknown message: %v", err)
	}
	e.verify()
}

// The pinned bar: biggest amount first, then oldest; each disappears when its tier's time is over.
func TestPinsOrderByAmountThenTimeAndExpire(t *testing.T) {
	e := newEnv(t)
	e.fund(sender, 5000)
	e.fund(other, 5000)
	send := func(id, coins int64, nonce string) string {
		t.Helper()
		s, err := e.send(id, coins, nonce, nonce)
		if err != nil {
			t.Fatal(err)
		}
		e.clock.Add(time.Second)
		return s.Text
	}
	send(sender, 100, "small-first") // pinned 2 min
	send(other, 1000, "big")         // 15 min
	send(other, 100, "small-second") // 2 min
	send(sender, 30, "smallest")     // 1 min
	order := func() []string {
		list, err := e.svc.Pinned(context.Background(), roomID)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, p := range list {
			out = append(out, p.Text)
		}
		return out
	}
	if got := fmt.Sprint(order()); got != "[big small-first small-second smallest]" {
		t.Fatalf("pin order %s", got)
	}
	e.clock.Add(time.Minute) // the 30-coin pin (1 min from its time) is over
	if got := fmt.Sprint(order()); got != "[big small-first small-second]" {
		t.Fatalf("after 1 min: %s", got)
	}
	e.clock.Add(2 * time.Minute)
	if got := fmt.Sprint(order()); got != "[big]" {
		t.Fatalf("after 3 min: %s", got)
	}
	e.clock.Add(15 * time.Minute)
	if got := order(); len(got) != 0 {
		t.Fatalf("after 18 min: %v", got)
	}
}

// A refund after the streamer no longer holds their share (their earnings were paid out) still gives
// the sender every coin back; the part the streamer lacks comes from the refunds account, and the
// ledger balances.
func TestRefundWhenTheStreamerNoLongerHoldsTheShare(t *testing.T) {
	e := newEnv(t)
	e.fund(sender, 1000)
	s, err := e.send(sender, 1000, "n1", "big one")
	if err != nil {
		t.Fatal(err)
	}
	earn := postgres.StreamerEarnings(streamer, postgres.Coin)
	held := e.balance(earn)
	if _, err := e.ledger.Post(context.Background(), postgres.Posting{Key: "test-payout", Type: postgres.TxnAdjustment, UserID: streamer,
		Entries: []postgres.Entry{{Account: earn, Amount: -(held - 100)}, {Account: postgres.SystemAccount(postgres.KindClearing, postgres.Coin), Amount: held - 100}}}); err != nil {
		t.Fatal(err)
	}
	r, err := e.svc.Remove(context.Background(), modID, paidmsg.RemoveRequest{Room: roomID, ID: s.ID, Reason: "roomClosed"})
	if err != nil || !r.Refunded {
		t.Fatalf("remove = %+v, %v", r, err)
	}
	if got := e.coins(sender); got != 1000 {
		t.Fatalf("sender has %d, want 1000", got)
	}
	if got := e.balance(earn); got != 0 {
		t.Fatalf("streamer has %d, want 0 (everything they held taken back)", got)
	}
	if got := e.balance(postgres.SystemAccount(postgres.KindRefunds, postgres.Coin)); got != -(held - 100) {
		t.Fatalf("refunds account %d, want %d", got, -(held - 100))
	}
	e.verify()
}
