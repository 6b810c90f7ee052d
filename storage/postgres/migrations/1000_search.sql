-- Site search (issue 22, api/search): one index of every findable thing. Rows are written by the
-- search service (existing kinds are re-read from their tables at start and every few seconds by
-- updated time; news and videos are put and deleted by their areas through search.Indexer).
--
-- Tokenizing happens in Go (api/search/tokenize.go), not in a text-search parser: `terms` holds
-- the index terms separated by spaces (folded Latin words, character bigrams of Chinese, Japanese
-- and Thai runs), so the tsvector is built without a parser and the query is a tsquery of the same
-- terms. `names` holds the folded title and alternative names (ranking: prefix and trigram
-- similarity of the candidates); typos go through search_words below.
--
-- pg_trgm is a trusted extension (PostgreSQL 13+): the owner of the database may create it
-- without being a superuser. It ships in Debian's postgresql-15 package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE search_docs (
    kind       text NOT NULL,
    id         text NOT NULL,
    title      text NOT NULL,
    subtitle   text NOT NULL DEFAULT '',
    picture    text NOT NULL DEFAULT '',
    target     text NOT NULL DEFAULT '',        -- the site path the result opens
    lang       text NOT NULL DEFAULT '',
    game_id    integer NOT NULL DEFAULT 0,
    rank       real NOT NULL DEFAULT 0,         -- popularity signal in [0,1]
    at         timestamptz,                     -- the document's time (start, publish)
    meta       jsonb NOT NULL DEFAULT '{}',     -- extra fields the result card shows
    names      text NOT NULL DEFAULT '',
    terms      text NOT NULL DEFAULT '',
    tsv        tsvector GENERATED ALWAYS AS (array_to_tsvector(string_to_array(terms, ' '))) STORED,
    indexed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, id)
);
CREATE INDEX search_docs_tsv ON search_docs USING gin (tsv);

-- Alternative names (a native-script or Latin spelling) of any indexed thing; the indexer adds them
-- to the thing's names and terms.
CREATE TABLE search_aliases (
    kind  text NOT NULL,
    id    text NOT NULL,
    name  text NOT NULL,
    lang  text NOT NULL DEFAULT '',
    PRIMARY KEY (kind, id, name)
);

-- Every distinct spaced-script word of the index, for typo tolerance: a misspelt query word is
-- matched against these few (tens of thousands) words by trigram similarity, and the query runs
-- again with the words found. Trigram similarity over a million documents' names would read most
-- of the table for a common trigram; over the words it is a few milliseconds. Never pruned: a
-- stale word only leads to a correction that finds nothing.
CREATE TABLE search_words (
    word text PRIMARY KEY
);
CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);
