-- Summaries for the owner's overview at /admin (app/server/overview/figures.server.ts, docs/product.md §16
-- "The numbers"), kept by the writes so the figures read rows that are already aggregates
-- (docs/decisions/023-overview.md): every trigger below RECOMPUTES the value it keeps from the rows
-- (an index seek), never adds or subtracts, so a summary cannot drift from its rows.
-- - visits.customer_id: its request's customer. Set when a visit is stored; followed when the
--   request's customer changes (a merge or split, app/server/customers/).
-- - customers.first_done_day: the ISO day of the customer's earliest visit done (null: none), for
--   the repeat customers (new in a range = first_done_day in it).
-- - quote_requests.first_quote_at / first_visit_at: the instant of its first priced quote (MIN of
--   customer_replies.created_at, kind 'quote', amount_jmd > 0; replies are never changed or
--   deleted but for their follow-up time) and of its first visit booked (MIN of visits.created_at;
--   recomputed when a visit goes), for the conversion.
-- - overview_days: per Jamaica day, booked_cents (Σ amount_jmd × 100 of the day's visits scheduled or
--   done), collected_cents (payments less refunds paid that day, tips left out; payments are never
--   changed or deleted: 0016) and requests (quote requests received that day).
-- What each costs a write, beyond the indexes' entries: storing a visit: 1 update of the visit (its
-- customer), 1 of its request (first_visit_at), 1 upsert of its day (a seek over that day's visits
-- in visits_day_status_idx), and, when done, 1 update of its customer (a seek in
-- visits_customer_status_day_idx); changing a visit's status, day or price: 1 or 2 upserts of days
-- and, when a done visit is concerned, 1 or 2 customers recomputed; deleting a visit: 1 upsert, 1
-- request and 1 customer recomputed; a request stored or deleted: 1 upsert (a seek over the day's
-- requests in quote_requests_created_at_idx); a request's customer changed: each of its visits
-- updated (and their customers recomputed); a priced quote: 1 update of its request; a payment:
-- 1 upsert (a seek over the day's payments in payments_paid_on_kind_idx). Instants are ms; a day
-- is Jamaica's (UTC-5 all year): `date((ms - 18000000) / 1000, 'unixepoch')`, starting at
-- `strftime('%s', day) * 1000 + 18000000`.
-- Columns and indexes first; then the backfill from the existing rows (before the triggers, so
-- the backfill fires none); then the triggers.
CREATE TABLE `overview_days` (
	`day` text PRIMARY KEY NOT NULL,
	`booked_cents` integer DEFAULT 0 NOT NULL,
	`collected_cents` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `customers` ADD `first_done_day` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `first_quote_at` integer;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `first_visit_at` integer;--> statement-breakpoint
ALTER TABLE `visits` ADD `customer_id` text;--> statement-breakpoint
UPDATE `visits` SET `customer_id` = (SELECT `customer_id` FROM `quote_requests` WHERE `quote_requests`.`id` = `visits`.`quote_request_id`);--> statement-breakpoint
CREATE INDEX `visits_status_day_customer_idx` ON `visits` (`status`,`day`,`customer_id`);--> statement-breakpoint
CREATE INDEX `visits_customer_status_day_idx` ON `visits` (`customer_id`,`status`,`day`);--> statement-breakpoint
UPDATE `customers` SET `first_done_day` = (SELECT MIN(`day`) FROM `visits` WHERE `visits`.`customer_id` = `customers`.`id` AND `visits`.`status` = 'done');--> statement-breakpoint
CREATE INDEX `customers_first_done_day_idx` ON `customers` (`first_done_day`);--> statement-breakpoint
UPDATE `quote_requests` SET
  `first_quote_at` = (
    SELECT MIN(`created_at`) FROM `customer_replies`
    WHERE `entity` = 'quote_request' AND `entity_id` = `quote_requests`.`id` AND `kind` = 'quote' AND `amount_jmd` > 0
  ),
  `first_visit_at` = (SELECT MIN(`created_at`) FROM `visits` WHERE `visits`.`quote_request_id` = `quote_requests`.`id`);--> statement-breakpoint
CREATE INDEX `quote_requests_first_quote_idx` ON `quote_requests` (`first_quote_at`,`first_visit_at`);--> statement-breakpoint
INSERT INTO `overview_days` (`day`, `booked_cents`, `collected_cents`, `requests`)
SELECT `day`, SUM(`booked`), SUM(`collected`), SUM(`received`) FROM (
  SELECT `day`, `amount_jmd` * 100 AS `booked`, 0 AS `collected`, 0 AS `received` FROM `visits` WHERE `status` IN ('scheduled', 'done')
  UNION ALL
  SELECT `paid_on`, 0, CASE `kind` WHEN 'payment' THEN `amount_cents` WHEN 'refund' THEN -`amount_cents` ELSE 0 END, 0 FROM `payments`
  UNION ALL
  SELECT date((`created_at` - 18000000) / 1000, 'unixepoch'), 0, 0, 1 FROM `quote_requests`
) GROUP BY `day`;--> statement-breakpoint
CREATE TRIGGER `visits_overview_insert` AFTER INSERT ON `visits` BEGIN
  UPDATE `visits` SET `customer_id` = (SELECT `customer_id` FROM `quote_requests` WHERE `id` = NEW.`quote_request_id`) WHERE `id` = NEW.`id`;
  UPDATE `quote_requests` SET `first_visit_at` = NEW.`created_at`
  WHERE `id` = NEW.`quote_request_id` AND (`first_visit_at` IS NULL OR `first_visit_at` > NEW.`created_at`);
  INSERT INTO `overview_days` (`day`, `booked_cents`) VALUES (NEW.`day`, (
    SELECT coalesce(SUM(`amount_jmd`), 0) * 100 FROM `visits` WHERE `day` = NEW.`day` AND `status` IN ('scheduled', 'done')
  )) ON CONFLICT (`day`) DO UPDATE SET `booked_cents` = excluded.`booked_cents`;
END;--> statement-breakpoint
CREATE TRIGGER `visits_overview_booked` AFTER UPDATE OF `status`, `day`, `amount_jmd` ON `visits`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`day` IS NOT NEW.`day` OR OLD.`amount_jmd` IS NOT NEW.`amount_jmd`
BEGIN
  INSERT INTO `overview_days` (`day`, `booked_cents`) VALUES (OLD.`day`, (
    SELECT coalesce(SUM(`amount_jmd`), 0) * 100 FROM `visits` WHERE `day` = OLD.`day` AND `status` IN ('scheduled', 'done')
  )) ON CONFLICT (`day`) DO UPDATE SET `booked_cents` = excluded.`booked_cents`;
  INSERT INTO `overview_days` (`day`, `booked_cents`) VALUES (NEW.`day`, (
    SELECT coalesce(SUM(`amount_jmd`), 0) * 100 FROM `visits` WHERE `day` = NEW.`day` AND `status` IN ('scheduled', 'done')
  )) ON CONFLICT (`day`) DO UPDATE SET `booked_cents` = excluded.`booked_cents`;
END;--> statement-breakpoint
CREATE TRIGGER `visits_overview_first_done` AFTER UPDATE OF `status`, `day`, `customer_id` ON `visits`
WHEN (OLD.`status` = 'done' OR NEW.`status` = 'done')
  AND (OLD.`status` IS NOT NEW.`status` OR OLD.`day` IS NOT NEW.`day` OR OLD.`customer_id` IS NOT NEW.`customer_id`)
BEGIN
  UPDATE `customers` SET `first_done_day` = (
    SELECT MIN(`day`) FROM `visits` WHERE `customer_id` = OLD.`customer_id` AND `status` = 'done'
  ) WHERE `id` = OLD.`customer_id`;
  UPDATE `customers` SET `first_done_day` = (
    SELECT MIN(`day`) FROM `visits` WHERE `customer_id` = NEW.`customer_id` AND `status` = 'done'
  ) WHERE `id` = NEW.`customer_id` AND NEW.`customer_id` IS NOT OLD.`customer_id`;
END;--> statement-breakpoint
CREATE TRIGGER `visits_overview_delete` AFTER DELETE ON `visits` BEGIN
  INSERT INTO `overview_days` (`day`, `booked_cents`) VALUES (OLD.`day`, (
    SELECT coalesce(SUM(`amount_jmd`), 0) * 100 FROM `visits` WHERE `day` = OLD.`day` AND `status` IN ('scheduled', 'done')
  )) ON CONFLICT (`day`) DO UPDATE SET `booked_cents` = excluded.`booked_cents`;
  UPDATE `customers` SET `first_done_day` = (
    SELECT MIN(`day`) FROM `visits` WHERE `customer_id` = OLD.`customer_id` AND `status` = 'done'
  ) WHERE `id` = OLD.`customer_id` AND OLD.`status` = 'done';
  UPDATE `quote_requests` SET `first_visit_at` = (
    SELECT MIN(`created_at`) FROM `visits` WHERE `quote_request_id` = OLD.`quote_request_id`
  ) WHERE `id` = OLD.`quote_request_id`;
END;--> statement-breakpoint
CREATE TRIGGER `quote_requests_overview_customer` AFTER UPDATE OF `customer_id` ON `quote_requests`
WHEN OLD.`customer_id` IS NOT NEW.`customer_id`
BEGIN
  UPDATE `visits` SET `customer_id` = NEW.`customer_id` WHERE `quote_request_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `quote_requests_overview_insert` AFTER INSERT ON `quote_requests` BEGIN
  INSERT INTO `overview_days` (`day`, `requests`) VALUES (date((NEW.`created_at` - 18000000) / 1000, 'unixepoch'), (
    SELECT COUNT(*) FROM `quote_requests`
    WHERE `created_at` >= strftime('%s', date((NEW.`created_at` - 18000000) / 1000, 'unixepoch')) * 1000 + 18000000
      AND `created_at` < strftime('%s', date((NEW.`created_at` - 18000000) / 1000, 'unixepoch')) * 1000 + 18000000 + 86400000
  )) ON CONFLICT (`day`) DO UPDATE SET `requests` = excluded.`requests`;
END;--> statement-breakpoint
CREATE TRIGGER `quote_requests_overview_delete` AFTER DELETE ON `quote_requests` BEGIN
  INSERT INTO `overview_days` (`day`, `requests`) VALUES (date((OLD.`created_at` - 18000000) / 1000, 'unixepoch'), (
    SELECT COUNT(*) FROM `quote_requests`
    WHERE `created_at` >= strftime('%s', date((OLD.`created_at` - 18000000) / 1000, 'unixepoch')) * 1000 + 18000000
      AND `created_at` < strftime('%s', date((OLD.`created_at` - 18000000) / 1000, 'unixepoch')) * 1000 + 18000000 + 86400000
  )) ON CONFLICT (`day`) DO UPDATE SET `requests` = excluded.`requests`;
END;--> statement-breakpoint
CREATE TRIGGER `customer_replies_overview_first_quote` AFTER INSERT ON `customer_replies`
WHEN NEW.`kind` = 'quote' AND NEW.`entity` = 'quote_request' AND NEW.`amount_jmd` > 0
BEGIN
  UPDATE `quote_requests` SET `first_quote_at` = NEW.`created_at`
  WHERE `id` = NEW.`entity_id` AND (`first_quote_at` IS NULL OR `first_quote_at` > NEW.`created_at`);
END;--> statement-breakpoint
CREATE TRIGGER `payments_overview_collected` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `overview_days` (`day`, `collected_cents`) VALUES (NEW.`paid_on`, (
    SELECT coalesce(SUM(CASE `kind` WHEN 'payment' THEN `amount_cents` WHEN 'refund' THEN -`amount_cents` ELSE 0 END), 0)
    FROM `payments` WHERE `paid_on` = NEW.`paid_on`
  )) ON CONFLICT (`day`) DO UPDATE SET `collected_cents` = excluded.`collected_cents`;
END;
