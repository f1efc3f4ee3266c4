-- How many customers were served each month (drizzle/schema.ts `overviewServedCounts`), for the
-- overview's trend of repeat customers (app/server/overview/figures.server.ts `servedQuery`): a
-- row a month instead of every (month, customer) pair of overview_served_months (some 14,000
-- rows for a year's trend at five years, docs/benchmarks.md). Like record_totals
-- (migrations/0025_record_totals.sql), a count of a table's rows is kept by adding one on each
-- insert and taking one on each delete: overview_served_months changes only by the DELETE and
-- INSERT of its recompute (migrations/0024_overview_answers_served.sql), never by REPLACE, so
-- every change fires one of these triggers and the count cannot drift.
-- tests/integration/overview.test.ts checks the counts against the pairs after visits change.
CREATE TABLE `overview_served_counts` (
	`month` text PRIMARY KEY NOT NULL,
	`customers` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `overview_served_counts` (`month`, `customers`)
SELECT `month`, count(*) FROM `overview_served_months` GROUP BY `month`;--> statement-breakpoint
CREATE TRIGGER `overview_served_count_insert` AFTER INSERT ON `overview_served_months` BEGIN
  INSERT INTO `overview_served_counts` (`month`, `customers`) VALUES (NEW.`month`, 1)
  ON CONFLICT (`month`) DO UPDATE SET `customers` = `customers` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `overview_served_count_delete` AFTER DELETE ON `overview_served_months` BEGIN
  UPDATE `overview_served_counts` SET `customers` = `customers` - 1 WHERE `month` = OLD.`month`;
END;
