package chat

import (
	"context"
	"errors"
	"time"

	jsoniter "github.com/json-iterator/go"

	"courtside/actors/protocol"
	"courtside/storage/history"
)

// Reader is what the service needs of the history store.
type Reader interface {
	Latest(ctx context.Context, room string, n int) ([]history.Event, error)
	Before(ctx context.Context, room string, cursor uint64, n int) ([]history.Event, error)
	Get(ctx context.Context, room, msgID string, vis history.Visibility) (history.Event, error)
	Around(ctx context.Context, room string, seq uint64, n int, vis history.Visibility) ([]history.Event, error)
}

// Moderators says whether a user may moderate a room (its streamer, one of its moderators, or an
// administrator). The engine implements it over the accounts and the room store.
type Moderators interface {
	CanModerate(ctx context.Context, userID int64, room string) (bool, error)
}

// Deps are the parts the service is built from.
type Deps struct {
	History Reader // required
	// Moderators: nil means nobody may read a reported message's context (and Routes does not
	// serve that call).
	Moderators Moderators
	// Rooms, when set, says which rooms exist: the history of an unknown room is ErrRoomNotFound
	// rather than an empty page.
	Rooms Rooms

	// The REST moderation calls (moderation.go); without Actors and Chatters they are not served.
	Actors   RoomAsker
	Chatters Chatters
	// Records: nil leaves the card's mute and report counts at 0.
	Records Records
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// Rooms says whether a live room exists.
type Rooms interface {
	RoomExists(ctx context.Context, id string) (bool, error)
}

// Service reads live rooms' chat history: pages for everybody, never a deleted message, and the
// context of a reported message, deleted lines included, for the room's moderators. It is safe for
// concurrent use.
type Service struct {
	d Deps
}

// New builds the service.
func New(d Deps) *Service { return &Service{d: d} }

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

// Speech is one page of room's history: the latest size lines (cursor 0), or the size lines
// before cursor. size is 1..MaxPageSize; ErrBadInput otherwise, or for a room id that is not one.
func (s *Service) Speech(ctx context.Context, room string, cursor uint64, size int) (Page, error) {
	if !protocol.ValidRoomID(room) || size < 1 || size > MaxPageSize {
		return Page{}, ErrBadInput
	}
	if s.d.Rooms != nil {
		if ok, err := s.d.Rooms.RoomExists(ctx, room); err != nil {
			return Page{}, err
		} else if !ok {
			return Page{}, ErrRoomNotFound
		}
	}
	// One more than asked tells whether an older page exists.
	var evs []history.Event
	var err error
	if cursor == 0 {
		evs, err = s.d.History.Latest(ctx, room, size+1)
	} else {
		evs, err = s.d.History.Before(ctx, room, cursor, size+1)
	}
	if err != nil {
		return Page{}, err
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

// ContextLine is one line of a reported message's context, deleted lines included and marked.
type ContextLine struct {
	Event    jsoniter.RawMessage `json:"event"`
	Deleted  bool                `json:"deleted"`
	Reported bool                `json:"reported"`
}

// ReportContext shows a moderator of room (caller) the reported message msgID with ContextLines
// lines on each side, deleted ones too. ErrAccessDenied for anybody else, ErrNotFound for an
// unknown message.
func (s *Service) ReportContext(ctx context.Context, caller int64, room, msgID string) ([]ContextLine, error) {
	if !protocol.ValidRoomID(room) || msgID == "" || len(msgID) > protocol.MaxIDLen {
		return nil, ErrBadInput
	}
	if s.d.Moderators == nil {
		return nil, ErrAccessDenied
	}
	ok, err := s.d.Moderators.CanModerate(ctx, caller, room)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrAccessDenied
	}
	target, err := s.d.History.Get(ctx, room, msgID, history.IncludeDeleted)
	if errors.Is(err, history.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	evs, err := s.d.History.Around(ctx, room, target.Seq, ContextLines, history.IncludeDeleted)
	if err != nil {
		return nil, err
	}
	out := make([]ContextLine, 0, len(evs))
	for _, ev := range evs {
		out = append(out, ContextLine{Event: ev.Payload, Deleted: ev.Deleted, Reported: ev.Seq == target.Seq})
	}
	return out, nil
}
