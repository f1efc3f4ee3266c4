-- The customers served in a range of whole months, counted without reading each pair
-- (app/server/overview/figures.server.ts `servedQuery`, docs/decisions/023-overview.md): each
-- (month, customer) pair of overview_served_months (migrations/0024_overview_answers_served.sql)
-- gets `since`, the customer's month served before it ("" for their first), and
-- overview_served_since counts the pairs by (month, since). A customer served in months M1..M2 is
-- counted once, in the first of them, whose `since` is before M1; so the customers served in
-- M1..M2 are the sum of the counts of those months with `since` < M1: a few dozen rows a month
-- instead of a few hundred pairs. Like overview_served_counts (migrations/0028_overview_served_counts.sql),
-- the counts are kept by adding one and taking one: the pairs change only by the DELETE and INSERT
-- of their recompute (0024) and by the UPDATEs of `since` below, and each fires a trigger here, so
-- the counts cannot drift. What it costs a write: a pair stored or deleted updates its own `since`
-- and the customer's next pair's (seeks in overview_served_months_customer_idx), and each change
-- moves one count. tests/integration/overview-figures.test.ts checks both against a recompute.
CREATE TABLE `overview_served_since` (
	`month` text NOT NULL,
	`since` text NOT NULL,
	`customers` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`month`, `since`)
);
--> statement-breakpoint
ALTER TABLE `overview_served_months` ADD `since` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `overview_served_months_customer_idx` ON `overview_served_months` (`customer_id`,`month`);--> statement-breakpoint
UPDATE `overview_served_months` SET `since` = coalesce((
  SELECT MAX(`earlier`.`month`) FROM `overview_served_months` AS `earlier`
  WHERE `earlier`.`customer_id` = `overview_served_months`.`customer_id` AND `earlier`.`month` < `overview_served_months`.`month`
), '');--> statement-breakpoint
INSERT INTO `overview_served_since` (`month`, `since`, `customers`)
SELECT `month`, `since`, count(*) FROM `overview_served_months` GROUP BY `month`, `since`;--> statement-breakpoint
CREATE TRIGGER `overview_served_since_insert` AFTER INSERT ON `overview_served_months` BEGIN
  INSERT INTO `overview_served_since` (`month`, `since`, `customers`) VALUES (NEW.`month`, NEW.`since`, 1)
  ON CONFLICT (`month`, `since`) DO UPDATE SET `customers` = `customers` + 1;
  UPDATE `overview_served_months` SET `since` = coalesce((
    SELECT MAX(`month`) FROM `overview_served_months` WHERE `customer_id` = NEW.`customer_id` AND `month` < NEW.`month`
  ), '') WHERE `month` = NEW.`month` AND `customer_id` = NEW.`customer_id`;
  UPDATE `overview_served_months` SET `since` = NEW.`month`
  WHERE `customer_id` = NEW.`customer_id` AND `month` = (
    SELECT MIN(`month`) FROM `overview_served_months` WHERE `customer_id` = NEW.`customer_id` AND `month` > NEW.`month`
  );
END;--> statement-breakpoint
CREATE TRIGGER `overview_served_since_delete` AFTER DELETE ON `overview_served_months` BEGIN
  UPDATE `overview_served_since` SET `customers` = `customers` - 1 WHERE `month` = OLD.`month` AND `since` = OLD.`since`;
  UPDATE `overview_served_months` SET `since` = OLD.`since`
  WHERE `customer_id` = OLD.`customer_id` AND `month` = (
    SELECT MIN(`month`) FROM `overview_served_months` WHERE `customer_id` = OLD.`customer_id` AND `month` > OLD.`month`
  );
END;--> statement-breakpoint
CREATE TRIGGER `overview_served_since_update` AFTER UPDATE OF `since` ON `overview_served_months`
WHEN OLD.`since` IS NOT NEW.`since`
BEGIN
  UPDATE `overview_served_since` SET `customers` = `customers` - 1 WHERE `month` = OLD.`month` AND `since` = OLD.`since`;
  INSERT INTO `overview_served_since` (`month`, `since`, `customers`) VALUES (NEW.`month`, NEW.`since`, 1)
  ON CONFLICT (`month`, `since`) DO UPDATE SET `customers` = `customers` + 1;
END;
