package chat

import (
	"context"
	"errors"
	"strconv"

	jsoniter "github.com/json-iterator/go"

	"courtside/actors/protocol"
	"courtside/api"
	"courtside/storage/history"
)

// Reader is what the handlers need of the history store.
type Reader interface {
	Latest(ctx context.Context, room string, n int) ([]history.Event, error)
	Before(ctx context.Context, room string, cursor uint64, n int) ([]history.Event, error)
	Get(ctx context.Context, room, msgID string, vis history.Visibility) (history.Event, error)
	Around(ctx context.Context, room string, seq uint64, n int, vis history.Visibility) ([]history.Event, error)
}

// Moderators says whether the caller may moderate a room (its streamer, one of its moderators, or
// an administrator). It answers api errors for callers who are not signed in.
type Moderators interface {
	CanModerate(r *api.Request, room string) (bool, error)
}

// ContextLines is how many lines on each side of a reported message a moderator sees.
const ContextLines = 10

// Page sizes of the history call.
const (
	DefaultPageSize = 50
	MaxPageSize     = 200
)

// Page is one page of a room's history, oldest first. Cursor is what to pass to get the page
// before this one; More says whether there is one.
type Page struct {
	List   []jsoniter.RawMessage `json:"list"`
	Cursor uint64                `json:"cursor"`
	More   bool                  `json:"more"`
}

// Routes registers the chat history calls. With mods nil the moderators' call is not served.
func Routes(s *api.Server, r Reader, mods Moderators) {
	s.Handle("GET /live/getChatroomSpeech", func(req *api.Request) (any, error) { return speech(req, r) })
	if mods != nil {
		s.Handle("GET /chatroom/context", func(req *api.Request) (any, error) { return reportContext(req, r, mods) })
	}
}

// ContextLine is one line of a reported message's context, deleted lines included and marked.
type ContextLine struct {
	Event    jsoniter.RawMessage `json:"event"`
	Deleted  bool                `json:"deleted"`
	Reported bool                `json:"reported"`
}

// reportContext shows a moderator the reported message with the lines around it, deleted ones too.
func reportContext(req *api.Request, r Reader, mods Moderators) (any, error) {
	room, msg := req.Query("roomId"), req.Query("msgId")
	if !protocol.ValidRoomID(room) || msg == "" || len(msg) > protocol.MaxIDLen {
		return nil, api.ErrFormat
	}
	ok, err := mods.CanModerate(req, room)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, api.ErrAccessDenied
	}
	target, err := r.Get(req.Context(), room, msg, history.IncludeDeleted)
	if errors.Is(err, history.ErrNotFound) {
		return nil, api.ErrNotFound
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	evs, err := r.Around(req.Context(), room, target.Seq, ContextLines, history.IncludeDeleted)
	if err != nil {
		return nil, api.Internal(err)
	}
	out := make([]ContextLine, 0, len(evs))
	for _, ev := range evs {
		out = append(out, ContextLine{Event: ev.Payload, Deleted: ev.Deleted, Reported: ev.Seq == target.Seq})
	}
	return out, nil
}

func speech(req *api.Request, r Reader) (any, error) {
	room := req.Query("roomId")
	if room == "" {
		room = req.Query("room")
	}
	if !protocol.ValidRoomID(room) {
		return nil, api.ErrFormat
	}
	size := DefaultPageSize
	if s := req.Query("size"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxPageSize {
			return nil, api.ErrFormat
		}
		size = n
	}
	var cursor uint64
	if c := req.Query("cursor"); c != "" {
		n, err := strconv.ParseUint(c, 10, 64)
		if err != nil || n == 0 {
			return nil, api.ErrFormat
		}
		cursor = n
	}
	// One more than asked tells whether an older page exists.
	var evs []history.Event
	var err error
	if cursor == 0 {
		evs, err = r.Latest(req.Context(), room, size+1)
	} else {
		evs, err = r.Before(req.Context(), room, cursor, size+1)
	}
	if err != nil {
		return nil, api.Internal(err)
	}
	page := Page{List: []jsoniter.RawMessage{}}
	if len(evs) > size {
		page.More = true
		evs = evs[len(evs)-size:]
	}
	for _, ev := range evs {
		page.List = append(page.List, ev.Payload)
	}
	if len(evs) > 0 {
		page.Cursor = evs[0].Seq
	}
	return page, nil
}
