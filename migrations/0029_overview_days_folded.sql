-- Two more of the overview's figures kept per Jamaica day in overview_days
-- (app/server/overview/figures.server.ts), so every figure of a day is one row of one table and
-- the overview reads that table once (docs/decisions/023-overview.md): `first_served`, the
-- customers whose first visit done (customers.first_done_day) is on that day, for the repeat
-- customers; `reviews` and `review_stars`, the count and Σ rating of the reviews whose
-- reviewed_on is that day, published or not, for the rating. Like the triggers of
-- migrations/0019_overview_summaries.sql, each trigger below RECOMPUTES the day's values from the
-- rows (an index seek: customers_first_done_day_idx, reviews_reviewed_on_idx), never adds or
-- subtracts, so they cannot drift. What each costs a write: a customer's first day done changed,
-- stored or deleted: 1 or 2 upserts of days; a review stored, deleted, re-dated or re-rated: 1 or
-- 2 upserts of days. Columns first; then the backfill (before the triggers, so it fires none).
ALTER TABLE `overview_days` ADD `first_served` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `overview_days` ADD `reviews` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `overview_days` ADD `review_stars` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO `overview_days` (`day`, `first_served`)
SELECT `first_done_day`, COUNT(*) FROM `customers` WHERE `first_done_day` IS NOT NULL GROUP BY `first_done_day`
ON CONFLICT (`day`) DO UPDATE SET `first_served` = excluded.`first_served`;--> statement-breakpoint
INSERT INTO `overview_days` (`day`, `reviews`, `review_stars`)
SELECT `reviewed_on`, COUNT(*), SUM(`rating`) FROM `reviews` WHERE true GROUP BY `reviewed_on`
ON CONFLICT (`day`) DO UPDATE SET `reviews` = excluded.`reviews`, `review_stars` = excluded.`review_stars`;--> statement-breakpoint
CREATE TRIGGER `customers_overview_first_served_insert` AFTER INSERT ON `customers`
WHEN NEW.`first_done_day` IS NOT NULL
BEGIN
  INSERT INTO `overview_days` (`day`, `first_served`) VALUES (NEW.`first_done_day`, (
    SELECT COUNT(*) FROM `customers` WHERE `first_done_day` = NEW.`first_done_day`
  )) ON CONFLICT (`day`) DO UPDATE SET `first_served` = excluded.`first_served`;
END;--> statement-breakpoint
CREATE TRIGGER `customers_overview_first_served_update` AFTER UPDATE OF `first_done_day` ON `customers`
WHEN OLD.`first_done_day` IS NOT NEW.`first_done_day`
BEGIN
  UPDATE `overview_days` SET `first_served` = (
    SELECT COUNT(*) FROM `customers` WHERE `first_done_day` = OLD.`first_done_day`
  ) WHERE `day` = OLD.`first_done_day`;
  INSERT INTO `overview_days` (`day`, `first_served`)
  SELECT NEW.`first_done_day`, (SELECT COUNT(*) FROM `customers` WHERE `first_done_day` = NEW.`first_done_day`)
  WHERE NEW.`first_done_day` IS NOT NULL
  ON CONFLICT (`day`) DO UPDATE SET `first_served` = excluded.`first_served`;
END;--> statement-breakpoint
CREATE TRIGGER `customers_overview_first_served_delete` AFTER DELETE ON `customers`
WHEN OLD.`first_done_day` IS NOT NULL
BEGIN
  UPDATE `overview_days` SET `first_served` = (
    SELECT COUNT(*) FROM `customers` WHERE `first_done_day` = OLD.`first_done_day`
  ) WHERE `day` = OLD.`first_done_day`;
END;--> statement-breakpoint
CREATE TRIGGER `reviews_overview_insert` AFTER INSERT ON `reviews` BEGIN
  INSERT INTO `overview_days` (`day`, `reviews`, `review_stars`)
  SELECT NEW.`reviewed_on`, COUNT(*), coalesce(SUM(`rating`), 0) FROM `reviews` WHERE `reviewed_on` = NEW.`reviewed_on`
  ON CONFLICT (`day`) DO UPDATE SET `reviews` = excluded.`reviews`, `review_stars` = excluded.`review_stars`;
END;--> statement-breakpoint
CREATE TRIGGER `reviews_overview_update` AFTER UPDATE OF `reviewed_on`, `rating` ON `reviews`
WHEN OLD.`reviewed_on` IS NOT NEW.`reviewed_on` OR OLD.`rating` IS NOT NEW.`rating`
BEGIN
  UPDATE `overview_days` SET
    `reviews` = (SELECT COUNT(*) FROM `reviews` WHERE `reviewed_on` = OLD.`reviewed_on`),
    `review_stars` = (SELECT coalesce(SUM(`rating`), 0) FROM `reviews` WHERE `reviewed_on` = OLD.`reviewed_on`)
  WHERE `day` = OLD.`reviewed_on`;
  INSERT INTO `overview_days` (`day`, `reviews`, `review_stars`)
  SELECT NEW.`reviewed_on`, COUNT(*), coalesce(SUM(`rating`), 0) FROM `reviews` WHERE `reviewed_on` = NEW.`reviewed_on`
  ON CONFLICT (`day`) DO UPDATE SET `reviews` = excluded.`reviews`, `review_stars` = excluded.`review_stars`;
END;--> statement-breakpoint
CREATE TRIGGER `reviews_overview_delete` AFTER DELETE ON `reviews` BEGIN
  UPDATE `overview_days` SET
    `reviews` = (SELECT COUNT(*) FROM `reviews` WHERE `reviewed_on` = OLD.`reviewed_on`),
    `review_stars` = (SELECT coalesce(SUM(`rating`), 0) FROM `reviews` WHERE `reviewed_on` = OLD.`reviewed_on`)
  WHERE `day` = OLD.`reviewed_on`;
END;
