-- Paid live rooms: a viewer's unlock is a ledger transaction of its own type.
ALTER TABLE ledger_transactions DROP CONSTRAINT IF EXISTS ledger_transactions_type_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_type_check
    CHECK (type IN ('recharge', 'gift', 'membership', 'welcome', 'refund', 'shop', 'plan', 'adjustment', 'unlock'));
