package userarea

import (
	"context"

	"courtside/actors/protocol"
)

// SentGift is one gift the user sent.
type SentGift struct {
	ID       int64           `json:"id"`
	Room     string          `json:"room"`
	Streamer protocol.UserID `json:"streamerId"`
	Name     string          `json:"streamer"`
	Gift     string          `json:"gift"`
	Icon     string          `json:"icon"`
	Count    int             `json:"count"`
	Currency string          `json:"currency"` // COIN or DIAMOND
	Total    int64           `json:"total"`
	Time     int64           `json:"time"` // unix ms
}

// StreamerTotal is what the user gave one streamer in one currency.
type StreamerTotal struct {
	Streamer protocol.UserID `json:"streamerId"`
	Name     string          `json:"streamer"`
	Currency string          `json:"currency"`
	Total    int64           `json:"total"`
	Gifts    int64           `json:"gifts"`
	Last     int64           `json:"last"` // unix ms
}

// SentGifts is a page of the gifts sent and the totals per streamer.
type SentGifts struct {
	List   []SentGift      `json:"list"`
	Totals []StreamerTotal `json:"totals"`
	Next   int64           `json:"next"` // cursor of the next page, 0 at the end
}

// Sent lists userID's gifts newest first (before: the cursor), with totals per streamer on the first
// page.
func (s *Service) Sent(ctx context.Context, userID, before int64, size int) (SentGifts, error) {
	if size <= 0 || size > 100 {
		size = 20
	}
	rows, err := s.d.Store.SentGifts(ctx, userID, before, size+1)
	if err != nil {
		return SentGifts{}, err
	}
	out := SentGifts{List: make([]SentGift, 0, len(rows)), Totals: []StreamerTotal{}}
	for i, r := range rows {
		if i == size {
			out.Next = rows[size-1].TxnID
			break
		}
		out.List = append(out.List, SentGift{ID: r.TxnID, Room: r.Room, Streamer: protocol.UserID(r.StreamerID), Name: r.Streamer,
			Gift: r.GiftName, Icon: r.Icon, Count: r.Count, Currency: r.Currency, Total: r.Total, Time: r.At.UnixMilli()})
	}
	if before == 0 {
		totals, err := s.d.Store.SentGiftTotals(ctx, userID)
		if err != nil {
			return SentGifts{}, err
		}
		for _, t := range totals {
			out.Totals = append(out.Totals, StreamerTotal{Streamer: protocol.UserID(t.StreamerID), Name: t.Streamer, Currency: t.Currency,
				Total: t.Total, Gifts: t.Gifts, Last: t.Last.UnixMilli()})
		}
	}
	return out, nil
}
