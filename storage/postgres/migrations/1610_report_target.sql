-- The chatter card of live-room moderators (issue 17, api/chat UserInfo) counts the reports against
-- a user in a room. A report names a chat line; the room actor adds the line's author when it still
-- holds the line (target_id '' otherwise: older reports and lines the room no longer remembers).
ALTER TABLE reports ADD COLUMN target_id text NOT NULL DEFAULT '';
CREATE INDEX reports_target ON reports (room_id, target_id) WHERE target_id <> '';
CREATE INDEX moderation_actions_target ON moderation_actions (room_id, target_id) WHERE target_id <> '';
