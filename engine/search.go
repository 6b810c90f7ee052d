package engine

import "courtside/api/search"

// buildSearch wires the site search: its REST routes and the indexer that keeps the existing kinds
// (matches, teams, players, leagues, streamers, live rooms, experts) fresh. With the demo flag the
// demo's Asian names get their native spellings. The news and video areas receive w.search as their
// search.Indexer.
func (w *wiring) buildSearch() error {
	n := w.n
	svc, err := search.New(search.Config{Logger: n.log.Named("search")}, search.Deps{Pool: n.pool})
	if err != nil {
		return err
	}
	svc.Routes(w.api)
	w.search = svc
	n.services = append(n.services, namedService{"search", ServiceFunc(svc.Run)})
	if n.cfg.Demo {
		n.services = append(n.services, namedService{"search-demo", ServiceFunc(svc.SeedDemo)})
	}
	return nil
}
