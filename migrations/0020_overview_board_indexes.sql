-- Indexes for the overview's Needs you (app/server/overview/today.server.ts): the issued invoices' balances read
-- from an index alone (app/server/billing/balance.server.ts `balancesSubquery`), and a visit's review found without
-- a temporary index when the stage is worked out (app/server/lifecycle/stage.server.ts). Cost: one more b-tree
-- entry per invoice and per review written.
CREATE INDEX `invoices_kind_status_idx` ON `invoices` (`kind`,`status`,`id`,`due_date`,`total_cents`);--> statement-breakpoint
CREATE INDEX `reviews_visit_idx` ON `reviews` (`visit_id`);