-- The back office's foundations (issue 16): the staff roles, and the audit log every staff action
-- writes.

-- Staff roles beside the administrator: platform moderator, finance, content editor.
ALTER TABLE user_roles DROP CONSTRAINT IF EXISTS user_roles_role_check;
ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check
    CHECK (role IN ('vip','svip','streamer','expert','admin','moderator','finance','editor','channel','banned','muted'));

-- The audit log: who did what, on whom, the state before and after, the reason, when. Append-only:
-- the trigger below refuses every UPDATE and DELETE, whoever asks (the back office has no way to edit
-- it, and neither has a bug).
CREATE TABLE audit_log (
    id          bigserial PRIMARY KEY,
    at          timestamptz NOT NULL,
    actor_id    bigint NOT NULL,              -- the staff member (0: the system, an automatic action)
    actor_name  text NOT NULL DEFAULT '',
    action      text NOT NULL,                -- area.verb: user.ban, anchor.approve, order.refund, ...
    target_kind text NOT NULL DEFAULT '',     -- user, room, application, order, plan, product, ...
    target_id   text NOT NULL DEFAULT '',
    before      jsonb,
    after       jsonb,
    reason      text NOT NULL DEFAULT '',
    ip          text NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at DESC);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, at DESC);
CREATE INDEX audit_log_action ON audit_log (action, at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
