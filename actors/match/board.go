package match

import (
	"slices"

	"courtside/actors/match/feed"
)

// A scoreboard topic (`scores:<game>`) carries every match of a game to the list pages, so what
// it sends is multiplied by thousands of matches and every list viewer. A running clock is
// extrapolated by its clients (webclient clockSeconds: Secs plus the seconds since At, down for a
// countdown), so a feed event that only restates where a running clock is tells a list nothing:
// the scoreboard skips it and sends the clock again only when it stops, starts, changes direction
// or strays from where the clients' extrapolation puts it. The match topic still gets every
// change (a match page may show more than the minute). At 10,000 matches whose clocks tick once a
// second, this is what lets a list page follow the goals (issue 24, the scoreboard row).

// boardClockSlack is how far (in game seconds) a restated clock may be from the extrapolation of
// the clock last sent and still be skipped: clocks have whole seconds, so a clock read at any
// moment of its second is up to a second from the extrapolated value.
const boardClockSlack = 1

// boardChanges is what of board (the changed scoreboard fields of one flush) the scoreboard
// topic is sent: without a clock that agrees with the one it last had, and nothing when only the
// time of the newest event would be left.
func (a *Actor) boardChanges(board []feed.Field) []feed.Field {
	clock := slices.IndexFunc(board, func(f feed.Field) bool { return f.Key == feed.FieldClock })
	if clock < 0 {
		return board
	}
	if a.boardClock != nil && clockAgrees(*a.boardClock, a.st.Clock) {
		board = slices.Delete(board, clock, clock+1)
		if len(board) == 1 && board[0].Key == feed.FieldUpdated {
			return board[:0]
		}
		return board
	}
	c := a.st.Clock
	a.boardClock = &c
	return board
}

// clockAgrees says whether next is where a client extrapolating sent would put the clock at
// next.At. Only clocks that run at real speed (Speed 0 or 1) are extrapolated by clients.
func clockAgrees(sent, next feed.Clock) bool {
	if !sent.Running || !next.Running || sent.Down != next.Down || !realSpeed(sent) || !realSpeed(next) || next.At < sent.At {
		return false
	}
	elapsed := int((next.At - sent.At) / 1000)
	want := sent.Secs + elapsed
	if sent.Down {
		want = max(0, sent.Secs-elapsed)
	}
	d := next.Secs - want
	return -boardClockSlack <= d && d <= boardClockSlack
}

func realSpeed(c feed.Clock) bool { return c.Speed == 0 || c.Speed == 1 }
