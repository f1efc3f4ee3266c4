-- The books keep themselves (docs/decisions/022-invoices-and-payments.md): the database refuses
-- any change to what an issued invoice or credit note says, its deletion, any change to its
-- lines, and any change or deletion of a payment or refund, whatever code runs. A document is
-- written as a draft with its lines, then issued by one UPDATE (in the same batch when it is
-- issued at once, as a credit note is). What may still change once issued: voiding it (issued to
-- void, with its reason and time), its reminders, and the customer it belongs to (a merge).
CREATE TRIGGER `invoices_issued_no_delete` BEFORE DELETE ON `invoices`
WHEN OLD.`status` <> 'draft'
BEGIN
  SELECT RAISE(ABORT, 'an issued invoice is never deleted: correct it with a credit note');
END;--> statement-breakpoint
CREATE TRIGGER `invoices_issued_frozen` BEFORE UPDATE ON `invoices`
WHEN OLD.`status` <> 'draft' AND (
  NEW.`kind` IS NOT OLD.`kind` OR NEW.`purpose` IS NOT OLD.`purpose` OR NEW.`series` IS NOT OLD.`series`
  OR NEW.`seq` IS NOT OLD.`seq` OR NEW.`number` IS NOT OLD.`number`
  OR NEW.`quote_request_id` IS NOT OLD.`quote_request_id` OR NEW.`visit_id` IS NOT OLD.`visit_id`
  OR NEW.`credit_for_id` IS NOT OLD.`credit_for_id` OR NEW.`period` IS NOT OLD.`period`
  OR NEW.`bill_to_name` IS NOT OLD.`bill_to_name` OR NEW.`bill_to_email` IS NOT OLD.`bill_to_email`
  OR NEW.`bill_to_phone` IS NOT OLD.`bill_to_phone` OR NEW.`bill_to_address` IS NOT OLD.`bill_to_address`
  OR NEW.`issue_date` IS NOT OLD.`issue_date` OR NEW.`due_date` IS NOT OLD.`due_date`
  OR NEW.`tax_rate_bp` IS NOT OLD.`tax_rate_bp` OR NEW.`business_trn` IS NOT OLD.`business_trn`
  OR NEW.`business_gct_number` IS NOT OLD.`business_gct_number`
  OR NEW.`subtotal_cents` IS NOT OLD.`subtotal_cents` OR NEW.`discount_cents` IS NOT OLD.`discount_cents`
  OR NEW.`tax_cents` IS NOT OLD.`tax_cents` OR NEW.`total_cents` IS NOT OLD.`total_cents`
  OR NEW.`notes` IS NOT OLD.`notes` OR NEW.`token` IS NOT OLD.`token`
  OR NEW.`created_by_user_id` IS NOT OLD.`created_by_user_id` OR NEW.`issued_by_user_id` IS NOT OLD.`issued_by_user_id`
  OR NEW.`issued_at` IS NOT OLD.`issued_at` OR NEW.`created_at` IS NOT OLD.`created_at`
  OR (OLD.`status` = 'issued' AND NEW.`status` NOT IN ('issued', 'void'))
  OR (OLD.`status` = 'void' AND NEW.`status` <> 'void')
)
BEGIN
  SELECT RAISE(ABORT, 'an issued invoice is never edited: correct it with a credit note');
END;--> statement-breakpoint
CREATE TRIGGER `invoice_lines_frozen_insert` BEFORE INSERT ON `invoice_lines`
WHEN (SELECT `status` FROM `invoices` WHERE `id` = NEW.`invoice_id`) <> 'draft'
BEGIN
  SELECT RAISE(ABORT, 'an issued invoice''s lines never change');
END;--> statement-breakpoint
CREATE TRIGGER `invoice_lines_frozen_update` BEFORE UPDATE ON `invoice_lines`
WHEN (SELECT `status` FROM `invoices` WHERE `id` = OLD.`invoice_id`) <> 'draft'
BEGIN
  SELECT RAISE(ABORT, 'an issued invoice''s lines never change');
END;--> statement-breakpoint
CREATE TRIGGER `invoice_lines_frozen_delete` BEFORE DELETE ON `invoice_lines`
WHEN (SELECT `status` FROM `invoices` WHERE `id` = OLD.`invoice_id`) <> 'draft'
BEGIN
  SELECT RAISE(ABORT, 'an issued invoice''s lines never change');
END;--> statement-breakpoint
CREATE TRIGGER `payments_only_on_issued_invoices` BEFORE INSERT ON `payments`
WHEN (SELECT `status` <> 'draft' AND `kind` = 'invoice' FROM `invoices` WHERE `id` = NEW.`invoice_id`) IS NOT 1
BEGIN
  SELECT RAISE(ABORT, 'payments are recorded against issued invoices only');
END;--> statement-breakpoint
CREATE TRIGGER `payments_no_update` BEFORE UPDATE ON `payments`
BEGIN
  SELECT RAISE(ABORT, 'a payment is never changed: record a refund');
END;--> statement-breakpoint
CREATE TRIGGER `payments_no_delete` BEFORE DELETE ON `payments`
BEGIN
  SELECT RAISE(ABORT, 'a payment is never deleted: record a refund');
END;--> statement-breakpoint
INSERT OR IGNORE INTO `billing_settings` (`id`, `updated_at`) VALUES (1, 0);
