-- Sports data a fan would trust (issue 18): every game of the catalogue, real providers.
--
-- * Status 9 "abandoned" (feed.StatusAbandoned): play started and stopped for good.
-- * Matches: the referee, and the access marks of spec §1/§6 (VIP-only, signed-in users only).
-- * Leagues: ISO country code, region, pinned (listed first), prize pool in whole US dollars.
-- * Teams: ISO country code, city, venue and its capacity. Players: ISO nationality code, height
--   (cm), market value (whole US dollars).
-- * Odds: the further over/under lines (esports: duration, kills, rounds), JSONB [feed.OddsLine].
-- * Player statistics: the name and position as the feed gave them (a provider's player may not
--   be in sport_players), the heroes played (one per map or game) and the weapon most used.
-- * Standings: as_of, when the row was taken; the store adds the results finished since.
--
-- Numbered 0101 so that it sorts after every other engineer's migration of this period.

ALTER TABLE sport_matches DROP CONSTRAINT IF EXISTS sport_matches_status_check;
ALTER TABLE sport_matches ADD CONSTRAINT sport_matches_status_check CHECK (status BETWEEN 0 AND 9);
ALTER TABLE sport_matches
    ADD COLUMN referee        text    NOT NULL DEFAULT '',
    ADD COLUMN vip_only       boolean NOT NULL DEFAULT false,
    ADD COLUMN login_required boolean NOT NULL DEFAULT false;
CREATE INDEX sport_matches_season_finished ON sport_matches (season_id, start_at) WHERE status = 5;

ALTER TABLE sport_leagues
    ADD COLUMN country_code text    NOT NULL DEFAULT '',
    ADD COLUMN region       text    NOT NULL DEFAULT '',
    ADD COLUMN pinned       boolean NOT NULL DEFAULT false,
    ADD COLUMN prize_pool   bigint  NOT NULL DEFAULT 0 CHECK (prize_pool >= 0);

ALTER TABLE sport_teams
    ADD COLUMN country_code   text    NOT NULL DEFAULT '',
    ADD COLUMN city           text    NOT NULL DEFAULT '',
    ADD COLUMN venue          text    NOT NULL DEFAULT '',
    ADD COLUMN venue_capacity integer NOT NULL DEFAULT 0 CHECK (venue_capacity >= 0);

ALTER TABLE sport_players
    ADD COLUMN nationality_code text    NOT NULL DEFAULT '',
    ADD COLUMN height           integer NOT NULL DEFAULT 0 CHECK (height >= 0 AND height < 260),
    ADD COLUMN market_value     bigint  NOT NULL DEFAULT 0 CHECK (market_value >= 0);

ALTER TABLE sport_odds ADD COLUMN lines jsonb NOT NULL DEFAULT '[]';

ALTER TABLE sport_match_player_stats
    ADD COLUMN player_name text  NOT NULL DEFAULT '',
    ADD COLUMN position    text  NOT NULL DEFAULT '',
    ADD COLUMN heroes      jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN weapon      text  NOT NULL DEFAULT '';

ALTER TABLE sport_standings ADD COLUMN as_of timestamptz;
