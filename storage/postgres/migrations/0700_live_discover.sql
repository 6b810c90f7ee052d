-- Finding streams (issue 17): guests read but never chat (spec §6), and live rooms are found by the
-- match they stream.

-- No room lets guests chat: the room actor refuses them whatever this column says; the column stays
-- for older binaries and now defaults to the rule.
ALTER TABLE rooms ALTER COLUMN guests_may_chat SET DEFAULT false;
UPDATE rooms SET guests_may_chat = false WHERE guests_may_chat;

-- "Watch live" on match rows: the live rooms streaming a match.
CREATE INDEX live_rooms_match ON live_rooms (match_id) WHERE is_live AND match_id <> '';
