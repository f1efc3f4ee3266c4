-- The admin tabs' totals (drizzle/schema.ts `recordTotals`; read by app/server/inbox/records.server.ts
-- `tabCountReads`): how many quote requests and contact messages there are, one row each. Unlike
-- the overview's summaries (0019, 0024), which recompute from an index seek, a total cannot be
-- recomputed cheaply (it is a count of the whole table), so each trigger adds or subtracts one,
-- in the same statement as the insert or delete it follows: nothing else changes how many rows
-- a table has, so the total cannot drift. Cost: one row updated per record stored or deleted.
-- tests/integration/inbox.test.ts checks the totals against count(*) after inserts and deletes.
CREATE TABLE `record_totals` (
	`entity` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "record_totals_entity_check" CHECK("record_totals"."entity" IN ('quote_request', 'contact_message'))
);
--> statement-breakpoint
INSERT INTO `record_totals` (`entity`, `total`) VALUES
  ('quote_request', (SELECT count(*) FROM `quote_requests`)),
  ('contact_message', (SELECT count(*) FROM `contact_messages`));--> statement-breakpoint
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
END;
