-- Issue 15: refunds get a permission of their own (`refunds`). Every role that could refund
-- before — from an order's page (`orders`) or the payments back office (`payments`) — keeps
-- that power; an Owner can now take it away from a role. Data only, no schema change.
INSERT INTO "role_permission" ("role_id", "permission")
SELECT DISTINCT "role_id", 'refunds' FROM "role_permission" WHERE "permission" IN ('orders', 'payments')
ON CONFLICT DO NOTHING;
