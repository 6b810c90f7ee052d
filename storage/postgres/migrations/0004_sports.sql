-- Sports and esports data (issue 7): the reference data a provider feeds (leagues, seasons,
-- stages, rounds, teams, players, squads), matches with their persisted live state, timelines,
-- line-ups, injuries, odds history, per-player statistics, standings, transfers, honours, and
-- match reservations. Every provider-fed row carries `source`; the demo simulator writes
-- 'simulator' so simulated data is never shown as real.
--
-- Ids are text (provider ids, or the demo generator's stable ids). Game ids are the catalogue
-- ids of spec §3 (courtside/actors/match/feed.Games). User ids are the API's text ids ("u42").
--
-- JSONB shapes (documented in feed.State and feed.Event):
--   matches.live          feed.State: status, scores, period, clock, periods, detail, stats, odds
--   match_events.body     feed.Event (the whole provider message, including incidents)
--   lineups.players       [feed.LineupPlayer]
--   match_player_stats.values {"goals":1,"kills":7,"hero:Azir":1,"weapon:AWP":3,...}

CREATE TABLE sport_leagues (
    id          text PRIMARY KEY,
    game_id     integer NOT NULL,
    name        text NOT NULL,
    short_name  text NOT NULL DEFAULT '',
    logo        text NOT NULL DEFAULT '',
    country     text NOT NULL DEFAULT '',
    kind        text NOT NULL DEFAULT 'league' CHECK (kind IN ('league','cup','series')),
    tier        integer NOT NULL DEFAULT 1,
    source      text NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sport_leagues_game ON sport_leagues (game_id, tier, name);

CREATE TABLE sport_seasons (
    id          text PRIMARY KEY,
    league_id   text NOT NULL REFERENCES sport_leagues(id) ON DELETE CASCADE,
    name        text NOT NULL,
    starts_on   date,
    ends_on     date,
    is_current  boolean NOT NULL DEFAULT false
);
CREATE INDEX sport_seasons_league ON sport_seasons (league_id, starts_on DESC);

CREATE TABLE sport_stages (
    id          text PRIMARY KEY,
    season_id   text NOT NULL REFERENCES sport_seasons(id) ON DELETE CASCADE,
    name        text NOT NULL,
    kind        text NOT NULL DEFAULT 'league' CHECK (kind IN ('league','group','knockout')),
    ord         integer NOT NULL DEFAULT 0
);

CREATE TABLE sport_rounds (
    id          text PRIMARY KEY,
    stage_id    text NOT NULL REFERENCES sport_stages(id) ON DELETE CASCADE,
    name        text NOT NULL,
    ord         integer NOT NULL DEFAULT 0
);

CREATE TABLE sport_teams (
    id              text PRIMARY KEY,
    game_id         integer NOT NULL,
    name            text NOT NULL,
    full_name       text NOT NULL DEFAULT '',
    short_name      text NOT NULL DEFAULT '',
    logo            text NOT NULL DEFAULT '',
    country         text NOT NULL DEFAULT '',
    head_coach      text NOT NULL DEFAULT '',
    assistant_coach text NOT NULL DEFAULT '',
    founded_on      date,
    world_rank      integer NOT NULL DEFAULT 0,
    prize_money     bigint NOT NULL DEFAULT 0,
    average_age     numeric(4,1) NOT NULL DEFAULT 0,
    rating          integer NOT NULL DEFAULT 50,
    source          text NOT NULL,
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sport_teams_game ON sport_teams (game_id, name);

CREATE TABLE sport_players (
    id          text PRIMARY KEY,
    game_id     integer NOT NULL,
    team_id     text REFERENCES sport_teams(id) ON DELETE SET NULL,
    name        text NOT NULL,
    full_name   text NOT NULL DEFAULT '',
    nationality text NOT NULL DEFAULT '',
    position    text NOT NULL DEFAULT '',
    shirt       integer NOT NULL DEFAULT 0,
    born_on     date,
    power       integer NOT NULL DEFAULT 0,
    kda         numeric(6,2) NOT NULL DEFAULT 0,
    photo       text NOT NULL DEFAULT '',
    source      text NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sport_players_team ON sport_players (team_id);

-- Squad membership over time (the current squad has left_on NULL).
CREATE TABLE sport_squads (
    team_id     text NOT NULL REFERENCES sport_teams(id) ON DELETE CASCADE,
    player_id   text NOT NULL REFERENCES sport_players(id) ON DELETE CASCADE,
    joined_on   date,
    left_on     date,
    PRIMARY KEY (team_id, player_id)
);

-- A match: the fixture columns, the list columns the match actor keeps current, and the whole
-- live state as JSONB. last_seq is the last applied feed sequence number (exactly-once).
CREATE TABLE sport_matches (
    id               text PRIMARY KEY,
    game_id          integer NOT NULL,
    league_id        text REFERENCES sport_leagues(id) ON DELETE SET NULL,
    season_id        text,
    stage_id         text,
    round_id         text,
    home_id          text,
    away_id          text,
    start_at         timestamptz NOT NULL,
    best_of          integer NOT NULL DEFAULT 0,
    knockout         boolean NOT NULL DEFAULT false,
    venue            text NOT NULL DEFAULT '',
    -- feed.Status: 0 not started, 1 live, 2 halftime/break, 3 overtime, 4 penalties, 5 finished,
    -- 6 postponed, 7 cancelled, 8 announced
    status           smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 8),
    home_score       integer NOT NULL DEFAULT 0,
    away_score       integer NOT NULL DEFAULT 0,
    period_name      text NOT NULL DEFAULT '',
    live             jsonb NOT NULL DEFAULT '{}',
    last_seq         bigint NOT NULL DEFAULT 0,
    result_delivered boolean NOT NULL DEFAULT false,
    finished_at      timestamptz,
    source           text NOT NULL,
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sport_matches_start ON sport_matches (start_at);
CREATE INDEX sport_matches_game_start ON sport_matches (game_id, start_at);
CREATE INDEX sport_matches_status ON sport_matches (status, start_at) WHERE status IN (1,2,3,4);
CREATE INDEX sport_matches_home ON sport_matches (home_id, start_at DESC);
CREATE INDEX sport_matches_away ON sport_matches (away_id, start_at DESC);
CREATE INDEX sport_matches_league ON sport_matches (league_id, start_at);

-- Every feed event of a match, once per (match, seq): the game log, text live and timeline.
CREATE TABLE sport_match_events (
    match_id   text NOT NULL,
    seq        bigint NOT NULL,
    at         timestamptz NOT NULL,
    kind       text NOT NULL,
    body       jsonb NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE sport_lineups (
    match_id   text NOT NULL,
    team_id    text NOT NULL,
    formation  text NOT NULL DEFAULT '',
    coach      text NOT NULL DEFAULT '',
    players    jsonb NOT NULL DEFAULT '[]',
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (match_id, team_id)
);

CREATE TABLE sport_injuries (
    match_id   text NOT NULL,
    team_id    text NOT NULL,
    player_id  text NOT NULL,
    name       text NOT NULL DEFAULT '',
    kind       text NOT NULL DEFAULT 'injury' CHECK (kind IN ('injury','suspension','illness')),
    status     text NOT NULL DEFAULT 'out' CHECK (status IN ('out','doubtful')),
    PRIMARY KEY (match_id, player_id)
);

-- Odds history: one row per feed odds snapshot (the odds and trends tabs read it in order).
CREATE TABLE sport_odds (
    match_id   text NOT NULL,
    seq        bigint NOT NULL,
    at         timestamptz NOT NULL,
    company    text NOT NULL,
    eu_home    numeric(8,2) NOT NULL DEFAULT 0,
    eu_draw    numeric(8,2) NOT NULL DEFAULT 0,
    eu_away    numeric(8,2) NOT NULL DEFAULT 0,
    hc_line    numeric(6,2) NOT NULL DEFAULT 0,
    hc_home    numeric(8,2) NOT NULL DEFAULT 0,
    hc_away    numeric(8,2) NOT NULL DEFAULT 0,
    ou_line    numeric(6,2) NOT NULL DEFAULT 0,
    ou_over    numeric(8,2) NOT NULL DEFAULT 0,
    ou_under   numeric(8,2) NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE sport_match_player_stats (
    match_id   text NOT NULL,
    player_id  text NOT NULL,
    team_side  smallint NOT NULL CHECK (team_side IN (0,1)),
    vals       jsonb NOT NULL,
    PRIMARY KEY (match_id, player_id)
);
CREATE INDEX sport_match_player_stats_player ON sport_match_player_stats (player_id);

CREATE TABLE sport_standings (
    season_id  text NOT NULL,
    stage_id   text NOT NULL DEFAULT '',
    group_name text NOT NULL DEFAULT '',
    team_id    text NOT NULL,
    position   integer NOT NULL,
    played     integer NOT NULL DEFAULT 0,
    won        integer NOT NULL DEFAULT 0,
    drawn      integer NOT NULL DEFAULT 0,
    lost       integer NOT NULL DEFAULT 0,
    goals_for  integer NOT NULL DEFAULT 0,
    goals_against integer NOT NULL DEFAULT 0,
    points     integer NOT NULL DEFAULT 0,
    form       text NOT NULL DEFAULT '',
    PRIMARY KEY (season_id, stage_id, team_id)
);

CREATE TABLE sport_transfers (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id  text NOT NULL,
    from_team  text NOT NULL DEFAULT '',
    to_team    text NOT NULL DEFAULT '',
    moved_on   date NOT NULL,
    fee        bigint NOT NULL DEFAULT 0,
    kind       text NOT NULL DEFAULT 'transfer',
    source     text NOT NULL,
    UNIQUE (player_id, moved_on, to_team)
);
CREATE INDEX sport_transfers_from ON sport_transfers (from_team, moved_on DESC);
CREATE INDEX sport_transfers_to ON sport_transfers (to_team, moved_on DESC);

CREATE TABLE sport_honours (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_kind text NOT NULL CHECK (owner_kind IN ('team','player')),
    owner_id   text NOT NULL,
    league_id  text NOT NULL DEFAULT '',
    title      text NOT NULL,
    season     text NOT NULL DEFAULT '',
    year       integer NOT NULL DEFAULT 0,
    source     text NOT NULL,
    UNIQUE (owner_kind, owner_id, title, season)
);

-- Reservations (spec §4): a user books a match (status 'booked') or cancels the booking
-- ('cancelled'). notified_at is set once, by the claim that sends the start notice.
CREATE TABLE sport_reservations (
    user_id      text NOT NULL,
    match_id     text NOT NULL REFERENCES sport_matches(id) ON DELETE CASCADE,
    status       text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked','cancelled')),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    notified_at  timestamptz,
    PRIMARY KEY (user_id, match_id)
);
CREATE INDEX sport_reservations_match ON sport_reservations (match_id) WHERE status = 'booked' AND notified_at IS NULL;
