-- News (issue 22): articles per game channel written by staff or submitted by users, and comments
-- on any target (news now, videos later). Rules: api/news and api/comments; queries:
-- storage/postgres/news.go and storage/postgres/comments.go.

-- An article. body is a list of blocks (paragraph, heading, quote, picture, match card): a
-- structured format the client renders as text and elements, never as HTML. state follows the
-- editor's workflow: draft -> scheduled (publish_at in the future) or published; published ->
-- unpublished. A user's post starts pending (under review) and becomes published or rejected. An
-- article is visible to readers when its state is scheduled or published and publish_at has come.
CREATE TABLE news_articles (
    id          bigserial PRIMARY KEY,
    game_id     integer NOT NULL,
    type        text    NOT NULL DEFAULT 'news' CHECK (type IN ('news', 'preview', 'analysis', 'interview', 'transfer')),
    title       text    NOT NULL CHECK (title <> ''),
    summary     text    NOT NULL DEFAULT '',
    body        jsonb   NOT NULL DEFAULT '[]',
    cover       text    NOT NULL DEFAULT '',
    author_id   bigint  NOT NULL DEFAULT 0,
    author_name text    NOT NULL DEFAULT '',
    tags        text[]  NOT NULL DEFAULT '{}',
    match_ids   text[]  NOT NULL DEFAULT '{}',
    team_ids    text[]  NOT NULL DEFAULT '{}',
    player_ids  text[]  NOT NULL DEFAULT '{}',
    lang        text    NOT NULL DEFAULT 'en_US',
    state       text    NOT NULL CHECK (state IN ('draft', 'scheduled', 'published', 'unpublished', 'pending', 'rejected')),
    user_post   boolean NOT NULL DEFAULT false,
    review_note text    NOT NULL DEFAULT '',
    publish_at  timestamptz,
    views       bigint  NOT NULL DEFAULT 0,
    demo_key    text    UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_visible ON news_articles (game_id, type, publish_at DESC) WHERE state IN ('scheduled', 'published');
CREATE INDEX news_author ON news_articles (author_id, created_at DESC);
CREATE INDEX news_matches ON news_articles USING gin (match_ids);

-- A comment on (kind, target_id): a top-level comment (parent_id NULL) or a reply to one (one
-- level: a reply's parent is always top level). A deleted comment keeps its row (its replies stay
-- in their thread) and is shown as removed.
CREATE TABLE comments (
    id          bigserial PRIMARY KEY,
    kind        text    NOT NULL,
    target_id   text    NOT NULL,
    parent_id   bigint  REFERENCES comments(id),
    user_id     bigint  NOT NULL,
    text        text    NOT NULL CHECK (text <> ''),
    likes       integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
    replies     integer NOT NULL DEFAULT 0 CHECK (replies >= 0),
    deleted_at  timestamptz,
    deleted_by  bigint,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_target ON comments (kind, target_id, created_at DESC) WHERE parent_id IS NULL;
CREATE INDEX comments_parent ON comments (parent_id, created_at) WHERE parent_id IS NOT NULL;
CREATE INDEX comments_user ON comments (user_id, created_at DESC);

-- One like per user and comment: the primary key is what makes a second like a no-op.
CREATE TABLE comment_likes (
    comment_id  bigint NOT NULL REFERENCES comments(id),
    user_id     bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (comment_id, user_id)
);

-- Reports of comments, with the reasons of spec §6 (the chat queue's reports are of chat lines in
-- rooms; these are of comments, handled on the back office's comments screen).
CREATE TABLE comment_reports (
    id          bigserial PRIMARY KEY,
    comment_id  bigint NOT NULL REFERENCES comments(id),
    reporter_id bigint NOT NULL,
    reason      text   NOT NULL CHECK (reason IN ('inappropriate', 'attack', 'nickname', 'ads', 'avatar', 'spam')),
    status      text   NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'actioned', 'dismissed')),
    handled_by  bigint,
    handled_at  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (comment_id, reporter_id)
);
CREATE INDEX comment_reports_open ON comment_reports (status, created_at);
