-- Reports (ADR 0014, seventh section): every report asks for today live, and the roll-ups refresh
-- the days their triggers marked; both look for the orders placed in a span of time. Without
-- an index on placed_at each of them read every order (a parallel scan of 500,000 orders, about
-- 0.1 s of CPU, in every report view). Expand only. On a large live shop, build it first with
-- CREATE INDEX CONCURRENTLY under the same name: this statement then does nothing but the
-- journal entry is still needed, so it is written IF NOT EXISTS.
CREATE INDEX IF NOT EXISTS "buying_history_placed_idx" ON "buying_history" USING btree ("placed_at");