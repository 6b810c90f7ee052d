-- Customer service (issue 19, route /salesmartly): a signed-in user's messages to support and staff's
-- answers, one thread per ticket. State: open (waiting for staff), answered (staff replied last),
-- closed (no more messages). api/support holds the rules.
CREATE TABLE support_tickets (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL,
    category   text NOT NULL,
    subject    text NOT NULL,
    lang       text NOT NULL DEFAULT '',     -- the language the user wrote in (the notice of a reply uses it too)
    state      text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'answered', 'closed')),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,         -- the last message or state change (the queue's order)
    closed_at  timestamptz,
    closed_by  bigint                        -- who closed it: the user or a staff member
);
CREATE INDEX support_tickets_user ON support_tickets (user_id, id DESC);
CREATE INDEX support_tickets_queue ON support_tickets (state, updated_at, id);

CREATE TABLE support_messages (
    id         bigserial PRIMARY KEY,
    ticket_id  bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    author_id  bigint NOT NULL,
    staff      boolean NOT NULL,             -- written by staff (an answer) or by the ticket's user
    body       text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX support_messages_ticket ON support_messages (ticket_id, id);
