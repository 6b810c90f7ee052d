package admin

import (
	"strconv"

	"courtside/api"
	"courtside/api/account"
	"courtside/api/anchor"
)

// opsRoutes registers the live rooms, moderation rules and money screens' calls (README.md).
func (h *handlers) opsRoutes(srv *api.Server) {
	rooms, rules, money := account.PermManageRooms, account.PermModerationRules, account.PermManageOrders
	srv.Handle("GET /admin/dashboard/days", h.staff(h.dashboardDays, account.PermBackOffice))
	srv.Handle("GET /admin/users/{id}/sessions", h.staff(h.sessions, account.PermMutePlatform, account.PermManageOrders))
	srv.Handle("GET /admin/rooms", h.staff(h.liveRooms, rooms))
	srv.Handle("GET /admin/rooms/{room}", h.staff(h.room, rooms))
	srv.Handle("POST /admin/rooms/end", h.staff(h.endRoom, rooms))
	srv.Handle("POST /admin/rooms/access", h.staff(h.roomAccess, rooms))
	srv.Handle("POST /admin/rooms/moderator", h.staff(h.roomModerator, rooms))
	srv.Handle("GET /admin/words", h.staff(h.words, rules))
	srv.Handle("GET /admin/words/preview", h.staff(h.wordPreview, rules))
	srv.Handle("GET /admin/words/rooms", h.staff(h.roomWords, rules))
	srv.Handle("POST /admin/words/add", h.staff(h.addWord, rules))
	srv.Handle("POST /admin/words/remove", h.staff(h.removeWord, rules))
	srv.Handle("GET /admin/money", h.staff(h.money, money))
	srv.Handle("POST /admin/money/refund", h.staff(h.refundOrder, money))
}

// GET /admin/dashboard/days?days=14: the dashboard's charts.
func (h *handlers) dashboardDays(r *api.Request, _ Staff) (any, error) {
	n := 0
	if v := r.Query("days"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			return nil, ErrBadInput
		}
	}
	days, err := h.svc.DashboardDays(r.Context(), n)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": days}, nil
}

// GET /admin/users/{id}/sessions: the user's live sessions.
func (h *handlers) sessions(r *api.Request, _ Staff) (any, error) {
	id, _ := api.ParseUserID(r.PathValue("id"))
	list, err := h.svc.Sessions(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": list}, nil
}

// GET /admin/rooms?q=&pageIndex=&pageSize=: the rooms live now.
func (h *handlers) liveRooms(r *api.Request, _ Staff) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	return h.svc.LiveRoomsPage(r.Context(), r.Query("q"), p.Size, p.Offset())
}

// GET /admin/rooms/{room}: the room's recent chat (deleted lines marked) and moderators.
func (h *handlers) room(r *api.Request, _ Staff) (any, error) {
	return h.svc.Room(r.Context(), r.PathValue("room"))
}

// POST /admin/rooms/end {room, reason}.
func (h *handlers) endRoom(r *api.Request, by Staff) (any, error) {
	var in struct{ Room, Reason string }
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	stopped, err := h.svc.EndBroadcast(r.Context(), by, in.Room, in.Reason)
	if err != nil {
		return nil, err
	}
	return map[string]bool{"done": true, "streamStopped": stopped}, nil
}

// POST /admin/rooms/access {room, memberOnly, paid, price, reason}.
func (h *handlers) roomAccess(r *api.Request, by Staff) (any, error) {
	var in struct {
		Room       string      `json:"room"`
		MemberOnly bool        `json:"memberOnly"`
		Paid       bool        `json:"paid"`
		Price      api.FlexInt `json:"price"`
		Reason     string      `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.SetRoomAccess(r.Context(), by, in.Room,
		anchor.RoomAccess{MemberOnly: in.MemberOnly, Paid: in.Paid, Price: int64(in.Price.Value)}, in.Reason)
}

// POST /admin/rooms/moderator {room, userId, add, reason}.
func (h *handlers) roomModerator(r *api.Request, by Staff) (any, error) {
	var in struct {
		Room   string `json:"room"`
		UserID string `json:"userId"`
		Add    bool   `json:"add"`
		Reason string `json:"reason"`
	}
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	id, _ := api.ParseUserID(in.UserID)
	return ok(h.svc.SetModerator(r.Context(), by, in.Room, id, in.Add, in.Reason))
}

// GET /admin/words?q=&pageIndex=&pageSize=: the platform's banned words with their previews.
func (h *handlers) words(r *api.Request, _ Staff) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	return h.svc.Words(r.Context(), r.Query("q"), p.Size, p.Offset())
}

// GET /admin/words/preview?word=: what an entry would catch.
func (h *handlers) wordPreview(r *api.Request, _ Staff) (any, error) {
	forms, err := h.svc.Preview(r.Query("word"))
	if err != nil {
		return nil, err
	}
	return map[string]any{"forms": forms}, nil
}

// GET /admin/words/rooms?room=&pageIndex=&pageSize=: the rooms' own word lists, read-only.
func (h *handlers) roomWords(r *api.Request, _ Staff) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	return h.svc.RoomWordLists(r.Context(), r.Query("room"), p.Size, p.Offset())
}

// POST /admin/words/add {word, reason}.
func (h *handlers) addWord(r *api.Request, by Staff) (any, error) {
	var in struct{ Word, Reason string }
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.AddWord(r.Context(), by, in.Word, in.Reason)
}

// POST /admin/words/remove {word, reason}.
func (h *handlers) removeWord(r *api.Request, by Staff) (any, error) {
	var in struct{ Word, Reason string }
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return ok(h.svc.RemoveWord(r.Context(), by, in.Word, in.Reason))
}

// GET /admin/money?kind=recharge|membership|unlock|refund|chargeback&q=&pageIndex=&pageSize=.
func (h *handlers) money(r *api.Request, _ Staff) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	return h.svc.Money(r.Context(), r.Query("kind"), r.Query("q"), p.Size, p.Offset())
}

// POST /admin/money/refund {orderNo, reason}: a staff refund through the wallet's state machine.
func (h *handlers) refundOrder(r *api.Request, by Staff) (any, error) {
	var in struct{ OrderNo, Reason string }
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Refund(r.Context(), by, in.OrderNo, in.Reason)
}
