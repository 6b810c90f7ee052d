package engine

import (
	"context"

	"courtside/api"
	"courtside/api/support"
	"courtside/storage/postgres"
)

// buildSupport wires customer service (issue 19, /salesmartly): tickets in Postgres, staff's answers
// told through the message centre (pushed live to the user's open sessions) and written to the audit
// log; the accounts module decides who holds answerSupport. After notices and the audit log.
func (w *wiring) buildSupport() error {
	svc, err := support.New(support.Config{}, support.Deps{
		Store:   postgres.NewSupportStore(w.n.pool),
		Notices: w.notices,
		Audit:   w.audit,
		Names: func(ctx context.Context, id int64) string {
			u, err := w.accounts.UserByID(ctx, id)
			if err != nil {
				return ""
			}
			return u.Name()
		},
	})
	if err != nil {
		return err
	}
	svc.Routes(w.api, api.Auth{Users: w.accounts, Admins: w.accounts, Staff: w.accounts})
	return nil
}
