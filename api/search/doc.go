// Package search is the site search (issue 22, spec §2 and §7): one query across matches, teams,
// players, leagues, streamers, live rooms, experts, news and videos, answered grouped by kind, with
// prefix matching, typo tolerance, languages written without spaces (Chinese, Japanese, Thai) and
// names kept in both Latin and native scripts.
//
// Documents (document.go) live in a Backend: by default Postgres (backend_postgres.go, queries in
// storage/postgres/search.go, migration 1000_search.sql). The tokenizer (tokenize.go) turns text into
// index terms the same way for documents and queries: folded Latin words matched by prefix,
// character bigrams for Chinese, Japanese, Korean and Thai runs; pg_trgm word similarity finds
// misspelt names when the exact pass finds little. Decision record 0012 says why Postgres and how
// OpenSearch or Meilisearch plug in as another Backend.
//
// Two ways in: the kinds that live in other areas' tables are read from them (Reindex at start and
// every FullEvery, Refresh of what changed every RefreshEvery, by each table's updated time, writing
// only the documents that differ from what this node last wrote: README "Keeping the index fresh"); news
// and videos are put by their areas through Indexer (Put on publish or edit, Delete on unpublish).
//
// Concurrency: a Service is safe for concurrent use. Run is its background part; every node may run
// it (indexing is idempotent: an upsert per document).
package search
