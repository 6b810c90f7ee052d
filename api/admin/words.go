package admin

import (
	"context"
	"strings"

	"courtside/actors/wordfilter"
	"courtside/api/audit"
)

// WordsChanged is told when staff change the platform's banned words, so the chat filter is rebuilt
// (the engine implements it: every room of the node uses the new filter for its next line, and
// other nodes re-read the list on their own schedule).
type WordsChanged func(ctx context.Context)

// BannedWord is one entry of the platform's list with what it catches.
type BannedWord struct {
	Word    string   `json:"word"`
	Forms   []string `json:"forms"` // the normaliser's preview (wordfilter.Preview)
	AddedBy string   `json:"addedBy"`
	AddedAt int64    `json:"addedAt"`
}

// WordPage is a page of the platform's banned words.
type WordPage struct {
	List  []BannedWord `json:"list"`
	Total int          `json:"total"`
}

// Words pages through the platform's banned words starting with q, each with its preview.
func (s *Service) Words(ctx context.Context, q string, limit, offset int) (WordPage, error) {
	rows, total, err := s.d.Store.BannedWords().Page(ctx, q, limit, offset)
	if err != nil {
		return WordPage{}, err
	}
	out := WordPage{List: make([]BannedWord, 0, len(rows)), Total: total}
	for _, r := range rows {
		w := BannedWord{Word: r.Word, Forms: wordfilter.Preview(r.Word), AddedAt: r.AddedAt.UnixMilli()}
		if u, err := s.d.Accounts.UserByID(ctx, r.AddedBy); err == nil {
			w.AddedBy = u.Name()
		}
		out.List = append(out.List, w)
	}
	return out, nil
}

// Preview is what word would catch, before it is added (ErrWordInvalid for one the filter would skip).
func (s *Service) Preview(word string) ([]string, error) {
	forms := wordfilter.Preview(strings.TrimSpace(word))
	if len(forms) == 0 {
		return nil, ErrWordInvalid
	}
	return forms, nil
}

// AddWord puts word on the platform's list (audited as words.add) and rebuilds the chat filter.
func (s *Service) AddWord(ctx context.Context, by Staff, word, reason string) (BannedWord, error) {
	word = strings.TrimSpace(word)
	forms, err := s.Preview(word)
	if err != nil {
		return BannedWord{}, err
	}
	added, err := s.d.Store.BannedWords().Add(ctx, word, by.User.ID)
	if err != nil {
		return BannedWord{}, err
	}
	if !added {
		return BannedWord{}, ErrWordExists
	}
	s.record(ctx, by, audit.Entry{Action: "words.add", TargetKind: "word", TargetID: word, After: map[string]any{"forms": forms},
		Reason: strings.TrimSpace(reason)})
	s.wordsChanged(ctx)
	return BannedWord{Word: word, Forms: forms, AddedBy: by.User.Name(), AddedAt: s.cfg.Now().UnixMilli()}, nil
}

// RemoveWord takes word off the platform's list (audited as words.remove) and rebuilds the filter.
func (s *Service) RemoveWord(ctx context.Context, by Staff, word, reason string) error {
	word = strings.TrimSpace(word)
	removed, err := s.d.Store.BannedWords().Remove(ctx, word)
	if err != nil {
		return err
	}
	if !removed {
		return ErrWordMissing
	}
	s.record(ctx, by, audit.Entry{Action: "words.remove", TargetKind: "word", TargetID: word, Reason: strings.TrimSpace(reason)})
	s.wordsChanged(ctx)
	return nil
}

func (s *Service) wordsChanged(ctx context.Context) {
	if s.d.WordsChanged != nil {
		s.d.WordsChanged(ctx)
	}
}

// RoomWords is one room's own word list (its moderation presets' shield words), read-only here:
// the streamer and the room's moderators edit it.
type RoomWords struct {
	Room  string   `json:"room"`
	Words []string `json:"words"`
}

// RoomWordsPage is a page of the rooms' own word lists.
type RoomWordsPage struct {
	List  []RoomWords `json:"list"`
	Total int         `json:"total"`
}

// RoomWordLists pages through the rooms that have their own word list (room: just that one).
func (s *Service) RoomWordLists(ctx context.Context, room string, limit, offset int) (RoomWordsPage, error) {
	lists, order, total, err := s.d.Store.RoomWordLists(ctx, strings.TrimSpace(room), limit, offset)
	if err != nil {
		return RoomWordsPage{}, err
	}
	out := RoomWordsPage{List: make([]RoomWords, 0, len(order)), Total: total}
	for _, id := range order {
		out.List = append(out.List, RoomWords{Room: id, Words: lists[id]})
	}
	return out, nil
}
