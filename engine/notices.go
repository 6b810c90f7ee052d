package engine

import (
	"courtside/api/locale"
	"courtside/api/notice"
	"courtside/storage/postgres"
)

// buildNotices wires the message centre: notices stored in Postgres, pushed to the user's open
// connections on every node through the topology's users. Areas that notify get w.notices.
func (w *wiring) buildNotices() {
	n := w.n
	w.notices = notice.New(notice.Config{}, notice.Deps{Store: postgres.NewNotices(n.pool), Push: n.topo.users(),
		Translate: locale.Message, Quiet: quietKinds(w.accounts)})
	w.notices.Routes(w.api, w.accounts)
}
