-- Two holes in migrations/0016_billing_guards.sql closed: a draft's line moved onto an issued
-- invoice (`UPDATE invoice_lines SET invoice_id = <issued>`) was checked only against the invoice
-- it left; and a void invoice's reason and time could still be changed.
DROP TRIGGER `invoice_lines_frozen_update`;--> statement-breakpoint
CREATE TRIGGER `invoice_lines_frozen_update` BEFORE UPDATE ON `invoice_lines`
WHEN (SELECT `status` FROM `invoices` WHERE `id` = OLD.`invoice_id`) <> 'draft'
  OR (SELECT `status` FROM `invoices` WHERE `id` = NEW.`invoice_id`) <> 'draft'
BEGIN
  SELECT RAISE(ABORT, 'an issued invoice''s lines never change');
END;--> statement-breakpoint
CREATE TRIGGER `invoices_void_frozen` BEFORE UPDATE ON `invoices`
WHEN OLD.`status` = 'void' AND (NEW.`void_reason` IS NOT OLD.`void_reason` OR NEW.`voided_at` IS NOT OLD.`voided_at`)
BEGIN
  SELECT RAISE(ABORT, 'a void invoice stays as it was voided');
END;
