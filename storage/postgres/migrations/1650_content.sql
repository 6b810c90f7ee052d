-- The site's content edited by staff (api/content; issues 16 and 19): proclamations (the banner under
-- the header), who dismissed which, and the footer and protocol pages' text per language.

-- A proclamation is shown in one language ('' for every language) from starts_at until ends_at (NULL:
-- until withdrawn). Withdrawing stamps withdrawn_at; rows are never deleted, so the audit log's ids
-- keep pointing at something.
CREATE TABLE proclamations (
    id           bigserial   PRIMARY KEY,
    lang         text        NOT NULL DEFAULT '',
    title        text        NOT NULL DEFAULT '',
    body         text        NOT NULL CHECK (body <> ''),
    link         text        NOT NULL DEFAULT '',
    level        text        NOT NULL DEFAULT 'info' CHECK (level IN ('info', 'warning')),
    starts_at    timestamptz NOT NULL,
    ends_at      timestamptz CHECK (ends_at IS NULL OR ends_at > starts_at),
    withdrawn_at timestamptz,
    withdrawn_by bigint      NOT NULL DEFAULT 0,
    created_by   bigint      NOT NULL,
    created_at   timestamptz NOT NULL,
    updated_by   bigint      NOT NULL,
    updated_at   timestamptz NOT NULL
);
-- The current one of a language: the live rows, latest start first.
CREATE INDEX proclamations_live ON proclamations (lang, starts_at DESC) WHERE withdrawn_at IS NULL;

-- A signed-in user's dismissals (guests keep theirs in the browser).
CREATE TABLE proclamation_dismissals (
    user_id         bigint      NOT NULL,
    proclamation_id bigint      NOT NULL REFERENCES proclamations(id),
    dismissed_at    timestamptz NOT NULL,
    PRIMARY KEY (user_id, proclamation_id)
);

-- A page's text as staff saved it in one language; a page without a row shows its default text
-- (api/content/defaults). body is the JSON list of blocks (headings, paragraphs, lists), never HTML.
CREATE TABLE site_pages (
    slug       text        NOT NULL,
    lang       text        NOT NULL,
    title      text        NOT NULL CHECK (title <> ''),
    body       jsonb       NOT NULL,
    updated_by bigint      NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (slug, lang)
);
