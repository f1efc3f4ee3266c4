-- The customers list's total (app/server/customers/list.server.ts `listCustomers`) joins the
-- tabs' totals in `record_totals` (drizzle/schema.ts `recordTotals`, migrations/0025_record_totals.sql):
-- a third row, 'customer', kept the same way, one more on each insert into `customers` and one
-- fewer on each delete (a merge deletes one), so the unfiltered list reads one row instead of
-- counting every customer (15,000 rows at five years, docs/benchmarks.md). SQLite cannot change
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
	CONSTRAINT "record_totals_entity_check" CHECK("record_totals"."entity" IN ('quote_request', 'contact_message', 'customer'))
);
--> statement-breakpoint
INSERT INTO `record_totals` (`entity`, `total`) VALUES
  ('quote_request', (SELECT count(*) FROM `quote_requests`)),
  ('contact_message', (SELECT count(*) FROM `contact_messages`)),
  ('customer', (SELECT count(*) FROM `customers`));--> statement-breakpoint
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
END;
