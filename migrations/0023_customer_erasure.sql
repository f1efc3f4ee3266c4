ALTER TABLE `customers` ADD `erased_at` integer;--> statement-breakpoint
-- A customer's erasure (docs/decisions/024-erasure.md, app/server/data-rights/erase.server.ts): the
-- one deliberate exception to migrations/0016_billing_guards.sql's "an issued invoice is never
-- edited". Once its customer is erased (`customers.erased_at` set, in the same batch, first), an
-- issued or void invoice or credit note may have its bill-to e-mail, phone and address set to
-- NULL, and nothing else: a value put back, any other column, or a customer not erased is refused
-- as before. The bill-to name stays (kept six years for Tax Administration Jamaica).
DROP TRIGGER `invoices_issued_frozen`;--> statement-breakpoint
CREATE TRIGGER `invoices_issued_frozen` BEFORE UPDATE ON `invoices`
WHEN OLD.`status` <> 'draft' AND (
  NEW.`kind` IS NOT OLD.`kind` OR NEW.`purpose` IS NOT OLD.`purpose` OR NEW.`series` IS NOT OLD.`series`
  OR NEW.`seq` IS NOT OLD.`seq` OR NEW.`number` IS NOT OLD.`number`
  OR NEW.`quote_request_id` IS NOT OLD.`quote_request_id` OR NEW.`visit_id` IS NOT OLD.`visit_id`
  OR NEW.`credit_for_id` IS NOT OLD.`credit_for_id` OR NEW.`period` IS NOT OLD.`period`
  OR NEW.`bill_to_name` IS NOT OLD.`bill_to_name`
  OR (NEW.`bill_to_email` IS NOT OLD.`bill_to_email` AND (NEW.`bill_to_email` IS NOT NULL
    OR (SELECT `erased_at` FROM `customers` WHERE `id` = NEW.`customer_id`) IS NULL))
  OR (NEW.`bill_to_phone` IS NOT OLD.`bill_to_phone` AND (NEW.`bill_to_phone` IS NOT NULL
    OR (SELECT `erased_at` FROM `customers` WHERE `id` = NEW.`customer_id`) IS NULL))
  OR (NEW.`bill_to_address` IS NOT OLD.`bill_to_address` AND (NEW.`bill_to_address` IS NOT NULL
    OR (SELECT `erased_at` FROM `customers` WHERE `id` = NEW.`customer_id`) IS NULL))
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
END;
