-- Reserved broadcasts (issue 17 "Reservations", issue 23 "My bookings"): a streamer announces an
-- upcoming broadcast (the pre-broadcast teaser: title, start time, optional linked match), viewers
-- reserve it, and when the streamer's room next goes live (from an hour before the announced time)
-- every reserver is told once, through the message centre.

-- One announcement; started_at is set by the go-live that claims it (at most once), ended_at when
-- that stream ends, withdrawn_at when the streamer withdraws it (its reservations read "cancelled").
CREATE TABLE broadcast_announcements (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    streamer_id  bigint NOT NULL,
    room_id      text   NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    title        text   NOT NULL,
    starts_at    timestamptz NOT NULL,
    match_id     text   NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL,
    started_at   timestamptz,
    ended_at     timestamptz,
    withdrawn_at timestamptz
);
-- At most one open (not started, not withdrawn) announcement per room.
CREATE UNIQUE INDEX broadcast_announcements_open ON broadcast_announcements (room_id)
    WHERE started_at IS NULL AND withdrawn_at IS NULL;
CREATE INDEX broadcast_announcements_room ON broadcast_announcements (room_id, id DESC);

-- A viewer's reservation of an announcement. notified_at is set once, in the statement that claims
-- the reservation for the go-live notice; cancelled_at by GET /anchor/cancelReservation.
CREATE TABLE broadcast_reservations (
    announcement_id bigint NOT NULL REFERENCES broadcast_announcements(id) ON DELETE CASCADE,
    user_id         bigint NOT NULL,
    created_at      timestamptz NOT NULL,
    cancelled_at    timestamptz,
    notified_at     timestamptz,
    PRIMARY KEY (announcement_id, user_id)
);
CREATE INDEX broadcast_reservations_user ON broadcast_reservations (user_id, created_at DESC);
