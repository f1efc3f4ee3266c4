-- The invoices still owing, kept by the writes (drizzle/schema.ts `openInvoices`; read by the
-- Unpaid totals, app/server/billing/reports.server.ts `unpaidTotalsQuery`, on the Unpaid view and
-- the overview's Needs you). Like 0019's summaries, each trigger RECOMPUTES an invoice's row from
-- its rows (balance.server.ts `balanceSql`'s rule: total, less its issued credit notes, less its
-- payments, plus its refunds; tips are not in amount_cents), never adds or subtracts: the row is
-- there exactly when the invoice is issued, of kind 'invoice', and its balance is above 0: the
-- view `open_invoices_source` below states that once, and every trigger copies its row from it.
-- What changes a balance: a payment or refund recorded (payments are never changed or deleted:
-- 0016), an invoice issued or voided, a credit note issued or voided (its invoice's balance). An
-- invoice's other columns never change once issued (0016), and only drafts are deleted, which are
-- never here. Only `UPDATE OF status` fires: a reminder's or a merge's update writes nothing here,
-- so their `meta.changes` stays 1. Cost per write: two index seeks (the invoice's credit notes in
-- invoices_credit_for_idx, its payments in payments_invoice_idx) and a delete and an insert of one
-- row, once for the invoice and once for the invoice a credit note corrects.
CREATE TABLE `open_invoices` (
	`invoice_id` text PRIMARY KEY NOT NULL,
	`due_date` text NOT NULL,
	`balance_cents` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "open_invoices_balance_check" CHECK("open_invoices"."balance_cents" > 0)
);--> statement-breakpoint
-- The rule, written once: every issued invoice still owing, with its balance.
CREATE VIEW `open_invoices_source` AS
SELECT `id` AS `invoice_id`, `due_date`, `balance` AS `balance_cents` FROM (
  SELECT `i`.`id`, `i`.`due_date`, `i`.`total_cents`
    - (SELECT COALESCE(SUM(`c`.`total_cents`), 0) FROM `invoices` AS `c` WHERE `c`.`credit_for_id` = `i`.`id` AND `c`.`kind` = 'credit_note' AND `c`.`status` = 'issued')
    - (SELECT COALESCE(SUM(CASE WHEN `p`.`kind` = 'refund' THEN -`p`.`amount_cents` ELSE `p`.`amount_cents` END), 0) FROM `payments` AS `p` WHERE `p`.`invoice_id` = `i`.`id`) AS `balance`
  FROM `invoices` AS `i` WHERE `i`.`kind` = 'invoice' AND `i`.`status` = 'issued'
) WHERE `balance` > 0;--> statement-breakpoint
-- The backfill from the existing rows, before the triggers.
INSERT INTO `open_invoices` SELECT * FROM `open_invoices_source`;--> statement-breakpoint
CREATE TRIGGER `open_invoices_payment` AFTER INSERT ON `payments`
BEGIN
  DELETE FROM `open_invoices` WHERE `invoice_id` = NEW.`invoice_id`;
  INSERT INTO `open_invoices` SELECT * FROM `open_invoices_source` WHERE `invoice_id` = NEW.`invoice_id`;
END;--> statement-breakpoint
CREATE TRIGGER `open_invoices_insert` AFTER INSERT ON `invoices`
BEGIN
  DELETE FROM `open_invoices` WHERE `invoice_id` = NEW.`id`;
  INSERT INTO `open_invoices` SELECT * FROM `open_invoices_source` WHERE `invoice_id` = NEW.`id`;
  DELETE FROM `open_invoices` WHERE `invoice_id` = NEW.`credit_for_id`;
  INSERT INTO `open_invoices` SELECT * FROM `open_invoices_source` WHERE `invoice_id` = NEW.`credit_for_id`;
END;--> statement-breakpoint
CREATE TRIGGER `open_invoices_status` AFTER UPDATE OF `status` ON `invoices`
BEGIN
  DELETE FROM `open_invoices` WHERE `invoice_id` = NEW.`id`;
  INSERT INTO `open_invoices` SELECT * FROM `open_invoices_source` WHERE `invoice_id` = NEW.`id`;
  DELETE FROM `open_invoices` WHERE `invoice_id` = NEW.`credit_for_id`;
  INSERT INTO `open_invoices` SELECT * FROM `open_invoices_source` WHERE `invoice_id` = NEW.`credit_for_id`;
END;
