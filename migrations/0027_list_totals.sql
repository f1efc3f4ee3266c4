-- The customers' and the invoices' lists' totals (app/server/customers/list.server.ts
-- `listCustomers`, app/server/billing/invoices.server.ts `listInvoices`) join the tabs' totals in
-- `record_totals` (drizzle/schema.ts `recordTotals`, migrations/0025_record_totals.sql): rows
-- 'customer' and 'invoice' (credit notes included), kept the same way, one more on each insert
-- and one fewer on each delete (a merge deletes a customer; a draft invoice can be deleted), so
-- an unfiltered list reads one row instead of counting the table (15,000 customers and 27,000
-- invoices at five years, docs/benchmarks.md). SQLite cannot change
-- a CHECK in place, so the table is made again with its triggers; each total is counted afresh.
-- tests/integration/inbox.test.ts checks the totals against count(*) after inserts and deletes.
DROP TRIGGER `quote_requests_total_insert`;--> statement-breakpoint
DROP TRIGGER `quote_requests_total_delete`;--> statement-breakpoint
DROP TRIGGER `contact_messages_total_insert`;--> statement-breakpoint
DROP TRIGGER `contact_messages_total_delete`;--> statement-breakpoint
DROP TABLE `record_totals`;--> statement-breakpoint
CREATE TABLE `record_totals` (
	`entity` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "record_totals_entity_check" CHECK("record_totals"."entity" IN ('quote_request', 'contact_message', 'customer', 'invoice'))
);
--> statement-breakpoint
INSERT INTO `record_totals` (`entity`, `total`) VALUES
  ('quote_request', (SELECT count(*) FROM `quote_requests`)),
  ('contact_message', (SELECT count(*) FROM `contact_messages`)),
  ('customer', (SELECT count(*) FROM `customers`)),
  ('invoice', (SELECT count(*) FROM `invoices`));--> statement-breakpoint
CREATE TRIGGER `quote_requests_total_insert` AFTER INSERT ON `quote_requests` BEGIN
  UPDATE `record_totals` SET `total` = `total` + 1 WHERE `entity` = 'quote_request';
END;--> statement-breakpoint
CREATE TRIGGER `quote_requests_total_delete` AFTER DELETE ON `quote_requests` BEGIN
  UPDATE `record_totals` SET `total` = `total` - 1 WHERE `entity` = 'quote_request';
END;--> statement-breakpoint
CREATE TRIGGER `contact_messages_total_insert` AFTER INSERT ON `contact_messages` BEGIN
  UPDATE `record_totals` SET `total` = `total` + 1 WHERE `entity` = 'contact_message';
END;--> statement-breakpoint
CREATE TRIGGER `contact_messages_total_delete` AFTER DELETE ON `contact_messages` BEGIN
  UPDATE `record_totals` SET `total` = `total` - 1 WHERE `entity` = 'contact_message';
END;--> statement-breakpoint
CREATE TRIGGER `customers_total_insert` AFTER INSERT ON `customers` BEGIN
  UPDATE `record_totals` SET `total` = `total` + 1 WHERE `entity` = 'customer';
END;--> statement-breakpoint
CREATE TRIGGER `customers_total_delete` AFTER DELETE ON `customers` BEGIN
  UPDATE `record_totals` SET `total` = `total` - 1 WHERE `entity` = 'customer';
END;--> statement-breakpoint
CREATE TRIGGER `invoices_total_insert` AFTER INSERT ON `invoices` BEGIN
  UPDATE `record_totals` SET `total` = `total` + 1 WHERE `entity` = 'invoice';
END;--> statement-breakpoint
CREATE TRIGGER `invoices_total_delete` AFTER DELETE ON `invoices` BEGIN
  UPDATE `record_totals` SET `total` = `total` - 1 WHERE `entity` = 'invoice';
END;
