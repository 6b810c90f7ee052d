package paidmsg

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/actors/room"
	"courtside/api/errcode"
	"courtside/api/notice"
	"courtside/api/wallet"
	"courtside/storage/postgres"
)

// Wallet is the part of wallet.Service paid messages use: its store (the ledger), the gift split and
// the gift leaderboards.
type Wallet interface {
	Store() *postgres.WalletStore
	Split(total int64) (streamer, platform int64)
	Leaderboard() wallet.Leaderboard
}

// Rooms hands a command to a room's actor as who and waits for its answer (engine asks the actor).
type Rooms interface {
	Ask(ctx context.Context, who room.Identity, msg protocol.ClientMessage) (*room.Reply, error)
}

// Identities says who a signed-in user is in rooms (name, level, roles, account mute).
type Identities interface {
	Identity(ctx context.Context, userID int64) (room.Identity, error)
}

// Deps are the Service's collaborators. Wallet is required; without Rooms or Identities, Send and
// Remove fail with ErrFailed; without Notices senders are not notified.
type Deps struct {
	Wallet     Wallet
	Rooms      Rooms
	Identities Identities
	Notices    notice.Sender
}

// Service holds the rules of paid messages; it knows nothing of HTTP.
type Service struct {
	cfg    Config
	d      Deps
	tiers  map[int64]Tier
	refund map[string]bool // reason -> refunded; a reason not in it is refused
}

var _ room.PaidWallet = (*Service)(nil)

// New builds the Service.
func New(cfg Config, d Deps) (*Service, error) {
	if d.Wallet == nil {
		return nil, errors.New("paidmsg: Deps.Wallet is required")
	}
	cfg.fill()
	s := &Service{cfg: cfg, d: d, tiers: map[int64]Tier{}, refund: map[string]bool{}}
	for _, t := range cfg.Tiers {
		if t.Coins <= 0 || t.Pin <= 0 || t.Color == "" {
			return nil, fmt.Errorf("paidmsg: bad tier %+v", t)
		}
		s.tiers[t.Coins] = t
	}
	for _, r := range cfg.RefundReasons {
		s.refund[r] = true
	}
	for _, r := range cfg.KeepReasons {
		s.refund[r] = false
	}
	return s, nil
}

// Tiers lists the tiers, cheapest first.
func (s *Service) Tiers() []Tier { return s.cfg.Tiers }

// Reasons lists the removal reasons and whether each refunds.
func (s *Service) Reasons() []Reason {
	out := make([]Reason, 0, len(s.refund))
	for _, r := range s.cfg.RefundReasons {
		out = append(out, Reason{Key: r, Refund: true})
	}
	for _, r := range s.cfg.KeepReasons {
		out = append(out, Reason{Key: r})
	}
	return out
}

// Reason is a removal reason.
type Reason struct {
	Key    string `json:"key"`
	Refund bool   `json:"refund"`
}

// Pinned is a paid message as the pinned bar shows it.
type Pinned struct {
	ID    string `json:"id"`
	UID   string `json:"uid"`
	Name  string `json:"name"`
	Text  string `json:"text"`
	Coins int64  `json:"coins"`
	Color string `json:"color"`
	At    int64  `json:"at"`    // unix ms
	Until int64  `json:"until"` // pinned until, unix ms
}

func pinnedOf(m postgres.PaidMessage) Pinned {
	return Pinned{ID: strconv.FormatInt(m.ID, 10), UID: protocol.UserID(m.Sender).String(), Name: m.SenderName, Text: m.Text,
		Coins: m.Coins, Color: m.Color, At: m.At.UnixMilli(), Until: m.PinnedUntil.UnixMilli()}
}

// Pinned lists the paid messages pinned in room now, by amount (biggest first) then time.
func (s *Service) Pinned(ctx context.Context, roomID string) ([]Pinned, error) {
	if !protocol.ValidRoomID(roomID) {
		return nil, ErrNotFound
	}
	list, err := s.d.Wallet.Store().PinnedMessages(ctx, roomID, s.cfg.Now())
	if err != nil {
		return nil, err
	}
	out := make([]Pinned, len(list))
	for i, m := range list {
		out[i] = pinnedOf(m)
	}
	return out, nil
}

// SendRequest is one paid message from a viewer. Nonce names it across retries: the same nonce is
// charged once.
type SendRequest struct {
	Room  string `json:"room"`
	Text  string `json:"text"`
	Coins int64  `json:"coins"`
	Nonce string `json:"nonce"`
}

// Sent is a sent paid message.
type Sent struct {
	Pinned
	Seq     uint64 `json:"seq"`     // its event in the room
	Balance int64  `json:"balance"` // the sender's coins now
}

// Send sends a paid message for userID.
func (s *Service) Send(ctx context.Context, userID int64, in SendRequest) (Sent, error) {
	in.Text = strings.TrimSpace(in.Text)
	if n := utf8.RuneCountInString(in.Text); n == 0 || n > protocol.MaxTextRunes {
		return Sent{}, ErrText
	}
	if _, ok := s.tiers[in.Coins]; !ok {
		return Sent{}, ErrTier
	}
	if !protocol.ValidRoomID(in.Room) {
		return Sent{}, ErrRefused.WithKey("paidmsg.roomNotFound")
	}
	if in.Nonce == "" || len(in.Nonce) > protocol.MaxNonceLen {
		return Sent{}, ErrFailed
	}
	who, err := s.identity(ctx, userID)
	if err != nil {
		return Sent{}, err
	}
	r, err := s.ask(ctx, who, protocol.ClientMessage{T: room.TPaid, Room: in.Room, Text: in.Text, Count: int(in.Coins), Nonce: in.Nonce})
	if err != nil {
		return Sent{}, err
	}
	if r.Code != 0 {
		if r.Code == errcode.PaidForbidden {
			return Sent{}, ErrOwnRoom
		}
		return Sent{}, replyError(r.Code)
	}
	store := s.d.Wallet.Store()
	m, err := store.PaidMessageByKey(ctx, "paid:"+in.Room+":"+who.ID+":"+in.Nonce)
	if err != nil {
		return Sent{}, err
	}
	bal, err := store.Balances(ctx, userID)
	if err != nil {
		return Sent{}, err
	}
	return Sent{Pinned: pinnedOf(m), Seq: r.Seq, Balance: bal.Coins}, nil
}

// RemoveRequest is a moderator's removal of paid message ID.
type RemoveRequest struct {
	Room   string `json:"room"`
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// Removed says what a removal did.
type Removed struct {
	ID       string `json:"id"`
	Refunded bool   `json:"refunded"`
}

// Remove removes a paid message as moderator userID (the room checks the right).
func (s *Service) Remove(ctx context.Context, userID int64, in RemoveRequest) (Removed, error) {
	if _, ok := s.refund[in.Reason]; !ok {
		return Removed{}, ErrReason
	}
	id, err := strconv.ParseInt(in.ID, 10, 64)
	if err != nil || id <= 0 || !protocol.ValidRoomID(in.Room) {
		return Removed{}, ErrNotFound
	}
	who, err := s.identity(ctx, userID)
	if err != nil {
		return Removed{}, err
	}
	r, err := s.ask(ctx, who, protocol.ClientMessage{T: room.TUnpin, Room: in.Room, Msg: in.ID, Reason: in.Reason, Nonce: "unpin-" + in.ID})
	if err != nil {
		return Removed{}, err
	}
	if r.Code != 0 {
		return Removed{}, replyError(r.Code)
	}
	m, err := s.d.Wallet.Store().PaidMessage(ctx, in.Room, id)
	if err != nil {
		return Removed{}, err
	}
	return Removed{ID: in.ID, Refunded: m.RefundTxn != 0}, nil
}

func (s *Service) identity(ctx context.Context, userID int64) (room.Identity, error) {
	if s.d.Identities == nil {
		return room.Identity{}, ErrFailed
	}
	return s.d.Identities.Identity(ctx, userID)
}

func (s *Service) ask(ctx context.Context, who room.Identity, msg protocol.ClientMessage) (*room.Reply, error) {
	if s.d.Rooms == nil {
		return nil, ErrFailed
	}
	r, err := s.d.Rooms.Ask(ctx, who, msg)
	if err != nil {
		s.cfg.Logger.Warn("paidmsg: room did not answer", zap.String("room", msg.Room), zap.Error(err))
		return nil, ErrFailed.Wrap(err)
	}
	return r, nil
}

// ChargePaid implements room.PaidWallet: it charges o once per o.Key and counts the coins in the
// room's gift leaderboards.
func (s *Service) ChargePaid(ctx context.Context, o room.PaidOrder) (room.PaidReceipt, error) {
	t, ok := s.tiers[o.Coins]
	if !ok {
		return room.PaidReceipt{}, room.ErrPaidTier
	}
	from, err1 := protocol.ParseUserID(o.From)
	streamer, err2 := protocol.ParseUserID(o.Streamer)
	if err1 != nil || err2 != nil {
		return room.PaidReceipt{}, fmt.Errorf("paidmsg: bad user ids %q, %q", o.From, o.Streamer)
	}
	share, _ := s.d.Wallet.Split(t.Coins)
	m, replayed, err := s.d.Wallet.Store().SendPaidMessage(ctx, postgres.PaidSend{Key: o.Key, Room: o.Room, Sender: int64(from),
		SenderName: o.FromName, Streamer: int64(streamer), Text: o.Text, Coins: t.Coins, StreamerShare: share, Color: t.Color,
		Pin: t.Pin, At: s.cfg.Now()})
	if errors.Is(err, postgres.ErrInsufficientFunds) {
		return room.PaidReceipt{}, fmt.Errorf("%w: %v", room.ErrInsufficientCoins, err)
	}
	if err != nil {
		return room.PaidReceipt{}, err
	}
	if !replayed {
		// After the commit, like a gift: a crash here loses points only until a rebuild.
		if err := s.d.Wallet.Leaderboard().Add(ctx, m.Room, m.Sender, m.Coins, m.At); err != nil {
			s.cfg.Logger.Warn("paidmsg: leaderboard add failed; rebuild restores it", zap.Error(err))
		}
	}
	return room.PaidReceipt{ID: strconv.FormatInt(m.ID, 10), Coins: m.Coins, Color: m.Color, Until: m.PinnedUntil}, nil
}

// RemovePaid implements room.PaidWallet: it records the removal once, refunds once when the reason
// is not the sender's fault (taking the points back from the leaderboards) and notifies the sender.
func (s *Service) RemovePaid(ctx context.Context, r room.PaidRemoval) (room.PaidRemoved, error) {
	refund, ok := s.refund[r.Reason]
	if !ok {
		return room.PaidRemoved{}, room.ErrPaidReason
	}
	id, err := strconv.ParseInt(r.ID, 10, 64)
	if err != nil {
		return room.PaidRemoved{}, room.ErrPaidNotFound
	}
	by, _ := protocol.ParseUserID(r.By)
	now := s.cfg.Now()
	m, replayed, err := s.d.Wallet.Store().RemovePaidMessage(ctx, postgres.PaidRemoval{Room: r.Room, ID: id, By: int64(by),
		Reason: r.Reason, Refund: refund, At: now})
	if errors.Is(err, postgres.ErrPaidMessageNotFound) {
		return room.PaidRemoved{}, room.ErrPaidNotFound
	}
	if err != nil {
		return room.PaidRemoved{}, err
	}
	if !replayed && m.RefundTxn != 0 {
		if err := s.d.Wallet.Leaderboard().Add(ctx, m.Room, m.Sender, -m.Coins, m.At); err != nil {
			s.cfg.Logger.Warn("paidmsg: leaderboard refund failed; rebuild restores it", zap.Error(err))
		}
	}
	s.notify(ctx, m)
	return room.PaidRemoved{Sender: protocol.UserID(m.Sender).String(), Refunded: m.RefundTxn != 0, Replayed: replayed}, nil
}

// notify tells the sender (once per message, whatever the retries) that a moderator removed it.
func (s *Service) notify(ctx context.Context, m postgres.PaidMessage) {
	if s.d.Notices == nil {
		return
	}
	// One message per reason (paidmsg.notice.<reason>): it says why, and whether the coins came back.
	err := s.d.Notices.Send(ctx, notice.Notice{UserID: m.Sender, Kind: notice.KindOrder, Key: "paidmsg.notice." + m.Reason,
		Args: []string{m.Room, strconv.FormatInt(m.Coins, 10)},
		Link: "/live/" + m.Room, Dedupe: "paidmsg-removed:" + strconv.FormatInt(m.ID, 10)})
	if err != nil {
		s.cfg.Logger.Warn("paidmsg: removal notice not sent", zap.Int64("id", m.ID), zap.Error(err))
	}
}

// Now is the Service's clock (tests).
func (s *Service) Now() time.Time { return s.cfg.Now() }
