-- Indexes for the owner's overview at /admin (app/server/overview/figures.server.ts, docs/product.md §16
-- "The numbers"): each figure reads a range of days from one index without touching the table.
-- Cost: each index is one more b-tree entry written and kept per row of its table, rewritten by an
-- update of one of its columns: quote_requests 3 more (created_at + first_reply_at, id + customer_id,
-- customer_id + id: a first reply and a customer merge or split rewrite one), contact_messages 1,
-- customer_replies 2, visits 2 (a change of a visit's status, day, price or crew rewrites them),
-- payments 1, reviews 1. At five years of data (62,000 visits, 60,000 payments, 30,000 requests) a few MB.
-- The balance's two lookups (app/server/billing/balance.server.ts) become covering: a credit note's
-- (credit_for_id, kind, status, total_cents) and a payment's (invoice_id, kind, amount_cents), so the
-- Unpaid totals of Needs you read two small index entries per issued invoice, not its rows.
DROP INDEX `invoices_credit_for_idx`;--> statement-breakpoint
CREATE INDEX `invoices_credit_for_idx` ON `invoices` (`credit_for_id`,`kind`,`status`,`total_cents`);--> statement-breakpoint
DROP INDEX `payments_invoice_idx`;--> statement-breakpoint
CREATE INDEX `payments_paid_on_kind_idx` ON `payments` (`paid_on`,`kind`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`,`kind`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `contact_messages_created_reply_idx` ON `contact_messages` (`created_at`,`first_reply_at`);--> statement-breakpoint
CREATE INDEX `customer_replies_quote_sent_idx` ON `customer_replies` (`kind`,`entity`,`created_at`,`entity_id`,`amount_jmd`);--> statement-breakpoint
CREATE INDEX `customer_replies_quote_request_idx` ON `customer_replies` (`entity`,`entity_id`,`kind`,`created_at`,`amount_jmd`);--> statement-breakpoint
CREATE INDEX `quote_requests_created_reply_idx` ON `quote_requests` (`created_at`,`first_reply_at`);--> statement-breakpoint
CREATE INDEX `quote_requests_id_customer_idx` ON `quote_requests` (`id`,`customer_id`);--> statement-breakpoint
CREATE INDEX `quote_requests_customer_id_idx` ON `quote_requests` (`customer_id`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_reviewed_on_idx` ON `reviews` (`reviewed_on`,`rating`);--> statement-breakpoint
CREATE INDEX `visits_day_status_idx` ON `visits` (`day`,`status`,`amount_jmd`,`quote_request_id`,`crew_id`);--> statement-breakpoint
CREATE INDEX `visits_request_status_day_idx` ON `visits` (`quote_request_id`,`status`,`day`);