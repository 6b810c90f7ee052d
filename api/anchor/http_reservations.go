package anchor

import (
	"strconv"

	"courtside/api"
	"courtside/storage/postgres"
)

// The reserved-broadcast calls (reservations.go): the streamer's announcement, a room's open one,
// reserving, cancelling (GET /anchor/cancelReservation, spec §7) and the user's list.

func (h *handlers) announce(r *api.Request, uid int64) (any, error) {
	var in AnnounceInput
	if err := r.Decode(&in); err != nil {
		return nil, err
	}
	return h.svc.Announce(r.Context(), uid, in)
}

func (h *handlers) withdrawAnnouncement(r *api.Request, uid int64) (any, error) {
	if err := h.svc.WithdrawAnnouncement(r.Context(), uid); err != nil {
		return nil, err
	}
	return map[string]bool{"withdrawn": true}, nil
}

// AnnouncementAnswer is the answer of GET /anchor/announcement: the room's open announcement, or
// null.
type AnnouncementAnswer struct {
	Announcement *Announcement `json:"announcement"`
}

// announcement answers GET /anchor/announcement?roomId= (or ?anchorId=), for anyone.
func (h *handlers) announcement(r *api.Request) (any, error) {
	viewer, err := h.auth.Viewer(r)
	if err != nil {
		return nil, err
	}
	room := r.Query("roomId")
	if room == "" {
		id, ok := api.ParseUserID(r.Query("anchorId"))
		if !ok {
			return nil, ErrBadInput
		}
		room = postgres.RoomIDFor(id)
	}
	a, ok, err := h.svc.RoomAnnouncement(r.Context(), room, viewer)
	if err != nil || !ok {
		return AnnouncementAnswer{}, err
	}
	return AnnouncementAnswer{Announcement: &a}, nil
}

// reservationID reads the announcement id of a reservation call: ?id= or a JSON body {id}.
func reservationID(r *api.Request) (int64, error) {
	s := r.Query("id")
	if s == "" && r.HTTP.Method == "POST" {
		var in struct {
			ID api.FlexInt `json:"id"`
		}
		if err := r.Decode(&in); err != nil {
			return 0, err
		}
		if in.ID.Value <= 0 {
			return 0, ErrBadInput
		}
		return int64(in.ID.Value), nil
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, ErrBadInput
	}
	return id, nil
}

func (h *handlers) reserve(r *api.Request, uid int64) (any, error) {
	id, err := reservationID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.Reserve(r.Context(), uid, id)
}

func (h *handlers) cancelReservation(r *api.Request, uid int64) (any, error) {
	id, err := reservationID(r)
	if err != nil {
		return nil, err
	}
	if err := h.svc.CancelReservation(r.Context(), uid, id); err != nil {
		return nil, err
	}
	return map[string]bool{"cancelled": true}, nil
}

// ReservationList is the answer of GET /anchor/reservations.
type ReservationList struct {
	List []ReservedBroadcast `json:"list"`
}

func (h *handlers) reservations(r *api.Request, uid int64) (any, error) {
	p, err := r.Paging()
	if err != nil {
		return nil, err
	}
	list, err := h.svc.Reservations(r.Context(), uid, p.Size, p.Offset())
	if err != nil {
		return nil, err
	}
	return ReservationList{List: list}, nil
}
