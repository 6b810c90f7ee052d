package engine

import (
	"courtside/api/content"
	"courtside/storage/postgres"
)

// buildContent wires the site's content edited by staff (issues 16 and 19): proclamations and the
// footer and protocol pages, with the accounts module for who may edit them, the audit log, and the
// page lookup that answers 404 for a /protocol/{id} that names no page.
func (w *wiring) buildContent() error {
	n := w.n
	svc, err := content.New(content.Config{Logger: n.log.Named("content")}, content.Deps{
		Store: postgres.NewContentStore(n.pool), Audit: w.audit, Staff: w.accounts, Admins: w.accounts,
	})
	if err != nil {
		return err
	}
	svc.Routes(w.api, w.accounts)
	w.api.PageLookup("protocol", svc.PageExists)
	return nil
}
