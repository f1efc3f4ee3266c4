-- More of the overview's summaries (app/server/overview/figures.server.ts, docs/product.md §16 "The
-- numbers"), kept by the writes like 0019's (docs/decisions/023-overview.md): every value is
-- RECOMPUTED from its rows at each write that can change it, never added to or subtracted from,
-- so it cannot drift. Each recompute is written once, as the INSTEAD OF trigger of a one-column
-- view (`overview_*_refresh`): a write's trigger inserts the day (or month and customer) into the
-- view, and the view's trigger recomputes it.
-- - overview_days.quoted / quoted_booked: per Jamaica day, the quote requests whose first priced
--   quote (first_quote_at) was sent that day, and those of them with a visit on record
--   (first_visit_at not null): the conversion. Changed when a request's first_quote_at or
--   first_visit_at changes (0019's triggers set them), or a request is stored or deleted with one.
-- - overview_days.answered / answer_wait_ms: per Jamaica day, the quote requests and contact
--   messages that arrived that day and have a first reply, and Σ (first_reply_at - created_at) in
--   ms: the time to the first answer. Changed when a record's first reply is set (once, by the
--   status move to replied) or a record with one is stored or deleted.
-- - overview_served_months: a (month, customer) pair exactly when the customer has a visit done on
--   a day of that month: the repeat customers. Changed when a visit done is stored, deleted, or
--   changes status, day or customer (a merge or split moves visits' customer_id, 0019).
-- - customer_replies_quote_valid_idx replaces customer_replies_quote_sent_idx: the quotes waiting
--   (app/server/lifecycle `quotesWaitingQuery`) read the quotes still valid at an instant as a
--   range of the instant each expires, from the index alone.
-- What each costs a write: a first reply: 1 upsert of its day (four seeks over the day's requests
-- and messages in the *_created_reply_idx indexes); a first quote or first visit of a request:
-- 1 or 2 upserts (two seeks over the day's first quotes in quote_requests_first_quote_idx); a
-- visit done stored, moved, undone or deleted: 1 or 2 pairs re-checked (a delete, and an insert
-- after a seek in visits_customer_status_day_idx). Writes that fire these count their rows in
-- D1's meta.changes: callers test `> 0`, not `=== 1` (app/server/inbox/records.server.ts `moved`).
-- Tables, columns and the index first; then the backfill from the existing rows (before the
-- triggers, so it fires none); then the recomputes and the triggers.
CREATE TABLE `overview_served_months` (
	`month` text NOT NULL,
	`customer_id` text NOT NULL,
	PRIMARY KEY(`month`, `customer_id`)
);
--> statement-breakpoint
DROP INDEX `customer_replies_quote_sent_idx`;--> statement-breakpoint
CREATE INDEX `customer_replies_quote_valid_idx` ON `customer_replies` (`kind`,`entity`,("created_at" + "valid_days" * 86400000),`entity_id`);--> statement-breakpoint
ALTER TABLE `overview_days` ADD `quoted` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `overview_days` ADD `quoted_booked` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `overview_days` ADD `answered` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `overview_days` ADD `answer_wait_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO `overview_days` (`day`, `quoted`, `quoted_booked`)
SELECT date((`first_quote_at` - 18000000) / 1000, 'unixepoch') AS `quote_day`, COUNT(*), SUM(`first_visit_at` IS NOT NULL)
FROM `quote_requests` WHERE `first_quote_at` IS NOT NULL GROUP BY `quote_day`
ON CONFLICT (`day`) DO UPDATE SET `quoted` = excluded.`quoted`, `quoted_booked` = excluded.`quoted_booked`;--> statement-breakpoint
INSERT INTO `overview_days` (`day`, `answered`, `answer_wait_ms`)
SELECT `arrival_day`, COUNT(*), SUM(`wait`) FROM (
  SELECT date((`created_at` - 18000000) / 1000, 'unixepoch') AS `arrival_day`, `first_reply_at` - `created_at` AS `wait`
  FROM `quote_requests` WHERE `first_reply_at` IS NOT NULL
  UNION ALL
  SELECT date((`created_at` - 18000000) / 1000, 'unixepoch'), `first_reply_at` - `created_at`
  FROM `contact_messages` WHERE `first_reply_at` IS NOT NULL
) WHERE true GROUP BY `arrival_day`
ON CONFLICT (`day`) DO UPDATE SET `answered` = excluded.`answered`, `answer_wait_ms` = excluded.`answer_wait_ms`;--> statement-breakpoint
INSERT INTO `overview_served_months` (`month`, `customer_id`)
SELECT DISTINCT substr(`day`, 1, 7), `customer_id` FROM `visits` WHERE `status` = 'done' AND `customer_id` IS NOT NULL;--> statement-breakpoint
-- The recomputes. A day `d` starts at the instant strftime('%s', d) * 1000 + 18000000 (ms, UTC-5).
CREATE VIEW `overview_quoted_refresh` AS SELECT NULL AS `day`;--> statement-breakpoint
CREATE TRIGGER `overview_quoted_recompute` INSTEAD OF INSERT ON `overview_quoted_refresh` BEGIN
  INSERT INTO `overview_days` (`day`, `quoted`, `quoted_booked`)
  SELECT NEW.`day`, COUNT(*), coalesce(SUM(`first_visit_at` IS NOT NULL), 0) FROM `quote_requests`
  WHERE `first_quote_at` >= strftime('%s', NEW.`day`) * 1000 + 18000000
    AND `first_quote_at` < strftime('%s', NEW.`day`) * 1000 + 18000000 + 86400000
  ON CONFLICT (`day`) DO UPDATE SET `quoted` = excluded.`quoted`, `quoted_booked` = excluded.`quoted_booked`;
END;--> statement-breakpoint
CREATE VIEW `overview_answered_refresh` AS SELECT NULL AS `day`;--> statement-breakpoint
CREATE TRIGGER `overview_answered_recompute` INSTEAD OF INSERT ON `overview_answered_refresh` BEGIN
  INSERT INTO `overview_days` (`day`, `answered`, `answer_wait_ms`)
  SELECT NEW.`day`, COUNT(*), coalesce(SUM(`wait`), 0) FROM (
    SELECT `first_reply_at` - `created_at` AS `wait` FROM `quote_requests`
    WHERE `created_at` >= strftime('%s', NEW.`day`) * 1000 + 18000000
      AND `created_at` < strftime('%s', NEW.`day`) * 1000 + 18000000 + 86400000 AND `first_reply_at` IS NOT NULL
    UNION ALL
    SELECT `first_reply_at` - `created_at` FROM `contact_messages`
    WHERE `created_at` >= strftime('%s', NEW.`day`) * 1000 + 18000000
      AND `created_at` < strftime('%s', NEW.`day`) * 1000 + 18000000 + 86400000 AND `first_reply_at` IS NOT NULL
  ) WHERE true
  ON CONFLICT (`day`) DO UPDATE SET `answered` = excluded.`answered`, `answer_wait_ms` = excluded.`answer_wait_ms`;
END;--> statement-breakpoint
CREATE VIEW `overview_served_refresh` AS SELECT NULL AS `month`, NULL AS `customer_id`;--> statement-breakpoint
CREATE TRIGGER `overview_served_recompute` INSTEAD OF INSERT ON `overview_served_refresh` BEGIN
  DELETE FROM `overview_served_months` WHERE `month` = NEW.`month` AND `customer_id` = NEW.`customer_id`;
  INSERT INTO `overview_served_months` (`month`, `customer_id`)
  SELECT NEW.`month`, NEW.`customer_id` WHERE NEW.`customer_id` IS NOT NULL AND EXISTS (
    SELECT 1 FROM `visits` WHERE `customer_id` = NEW.`customer_id` AND `status` = 'done'
      AND `day` BETWEEN NEW.`month` || '-01' AND NEW.`month` || '-31'
  );
END;--> statement-breakpoint
-- The writes' triggers: each names the days (or pairs) a write can change, before and after it.
CREATE TRIGGER `quote_requests_overview_quoted` AFTER UPDATE OF `first_quote_at`, `first_visit_at` ON `quote_requests`
WHEN OLD.`first_quote_at` IS NOT NEW.`first_quote_at` OR (OLD.`first_visit_at` IS NULL) <> (NEW.`first_visit_at` IS NULL)
BEGIN
  INSERT INTO `overview_quoted_refresh` (`day`)
  SELECT date((OLD.`first_quote_at` - 18000000) / 1000, 'unixepoch') WHERE OLD.`first_quote_at` IS NOT NULL;
  INSERT INTO `overview_quoted_refresh` (`day`)
  SELECT date((NEW.`first_quote_at` - 18000000) / 1000, 'unixepoch') WHERE NEW.`first_quote_at` IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `quote_requests_overview_answered` AFTER UPDATE OF `first_reply_at`, `created_at` ON `quote_requests`
WHEN OLD.`first_reply_at` IS NOT NEW.`first_reply_at` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `overview_answered_refresh` (`day`) VALUES (date((OLD.`created_at` - 18000000) / 1000, 'unixepoch'));
  INSERT INTO `overview_answered_refresh` (`day`) VALUES (date((NEW.`created_at` - 18000000) / 1000, 'unixepoch'));
END;--> statement-breakpoint
CREATE TRIGGER `quote_requests_overview_insert_answered` AFTER INSERT ON `quote_requests`
WHEN NEW.`first_quote_at` IS NOT NULL OR NEW.`first_reply_at` IS NOT NULL
BEGIN
  INSERT INTO `overview_quoted_refresh` (`day`)
  SELECT date((NEW.`first_quote_at` - 18000000) / 1000, 'unixepoch') WHERE NEW.`first_quote_at` IS NOT NULL;
  INSERT INTO `overview_answered_refresh` (`day`)
  SELECT date((NEW.`created_at` - 18000000) / 1000, 'unixepoch') WHERE NEW.`first_reply_at` IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `quote_requests_overview_delete_answered` AFTER DELETE ON `quote_requests`
WHEN OLD.`first_quote_at` IS NOT NULL OR OLD.`first_reply_at` IS NOT NULL
BEGIN
  INSERT INTO `overview_quoted_refresh` (`day`)
  SELECT date((OLD.`first_quote_at` - 18000000) / 1000, 'unixepoch') WHERE OLD.`first_quote_at` IS NOT NULL;
  INSERT INTO `overview_answered_refresh` (`day`)
  SELECT date((OLD.`created_at` - 18000000) / 1000, 'unixepoch') WHERE OLD.`first_reply_at` IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `contact_messages_overview_answered` AFTER UPDATE OF `first_reply_at`, `created_at` ON `contact_messages`
WHEN OLD.`first_reply_at` IS NOT NEW.`first_reply_at` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `overview_answered_refresh` (`day`) VALUES (date((OLD.`created_at` - 18000000) / 1000, 'unixepoch'));
  INSERT INTO `overview_answered_refresh` (`day`) VALUES (date((NEW.`created_at` - 18000000) / 1000, 'unixepoch'));
END;--> statement-breakpoint
CREATE TRIGGER `contact_messages_overview_insert` AFTER INSERT ON `contact_messages`
WHEN NEW.`first_reply_at` IS NOT NULL
BEGIN
  INSERT INTO `overview_answered_refresh` (`day`) VALUES (date((NEW.`created_at` - 18000000) / 1000, 'unixepoch'));
END;--> statement-breakpoint
CREATE TRIGGER `contact_messages_overview_delete` AFTER DELETE ON `contact_messages`
WHEN OLD.`first_reply_at` IS NOT NULL
BEGIN
  INSERT INTO `overview_answered_refresh` (`day`) VALUES (date((OLD.`created_at` - 18000000) / 1000, 'unixepoch'));
END;--> statement-breakpoint
CREATE TRIGGER `visits_overview_served_insert` AFTER INSERT ON `visits`
WHEN NEW.`status` = 'done' AND NEW.`customer_id` IS NOT NULL
BEGIN
  INSERT INTO `overview_served_refresh` (`month`, `customer_id`) VALUES (substr(NEW.`day`, 1, 7), NEW.`customer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `visits_overview_served` AFTER UPDATE OF `status`, `day`, `customer_id` ON `visits`
WHEN (OLD.`status` = 'done' OR NEW.`status` = 'done')
  AND (OLD.`status` IS NOT NEW.`status` OR OLD.`day` IS NOT NEW.`day` OR OLD.`customer_id` IS NOT NEW.`customer_id`)
BEGIN
  INSERT INTO `overview_served_refresh` (`month`, `customer_id`)
  SELECT substr(OLD.`day`, 1, 7), OLD.`customer_id` WHERE OLD.`customer_id` IS NOT NULL;
  INSERT INTO `overview_served_refresh` (`month`, `customer_id`)
  SELECT substr(NEW.`day`, 1, 7), NEW.`customer_id` WHERE NEW.`customer_id` IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `visits_overview_served_delete` AFTER DELETE ON `visits`
WHEN OLD.`status` = 'done' AND OLD.`customer_id` IS NOT NULL
BEGIN
  INSERT INTO `overview_served_refresh` (`month`, `customer_id`) VALUES (substr(OLD.`day`, 1, 7), OLD.`customer_id`);
END;
