CREATE TABLE `billing_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`gct_registered` integer DEFAULT false NOT NULL,
	`trn` text,
	`gct_number` text,
	`payment_terms_days` integer DEFAULT 0 NOT NULL,
	`deposit_rule` text DEFAULT 'none' NOT NULL,
	`deposit_percent` integer DEFAULT 25 NOT NULL,
	`deposit_fixed_cents` integer DEFAULT 0 NOT NULL,
	`deposit_hold_hours` integer DEFAULT 48 NOT NULL,
	`reminder_days` integer DEFAULT 7 NOT NULL,
	`payment_instructions` text,
	`updated_at` integer NOT NULL,
	CONSTRAINT "billing_settings_single_row_check" CHECK("billing_settings"."id" = 1),
	CONSTRAINT "billing_settings_deposit_rule_check" CHECK("billing_settings"."deposit_rule" IN ('none', 'percent', 'fixed')),
	CONSTRAINT "billing_settings_gct_check" CHECK("billing_settings"."gct_registered" = 0 OR ("billing_settings"."trn" IS NOT NULL AND "billing_settings"."gct_number" IS NOT NULL)),
	CONSTRAINT "billing_settings_terms_check" CHECK("billing_settings"."payment_terms_days" BETWEEN 0 AND 90),
	CONSTRAINT "billing_settings_deposit_check" CHECK("billing_settings"."deposit_percent" BETWEEN 1 AND 100 AND "billing_settings"."deposit_fixed_cents" >= 0),
	CONSTRAINT "billing_settings_hold_check" CHECK("billing_settings"."deposit_hold_hours" BETWEEN 1 AND 720),
	CONSTRAINT "billing_settings_reminder_check" CHECK("billing_settings"."reminder_days" BETWEEN 0 AND 90)
);
--> statement-breakpoint
CREATE TABLE `card_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'JMD' NOT NULL,
	`status` text NOT NULL,
	`transaction_id` text,
	`payment_id` text,
	`last_message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "card_checkouts_status_check" CHECK("card_checkouts"."status" IN ('open', 'paid', 'failed')),
	CONSTRAINT "card_checkouts_amount_check" CHECK("card_checkouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `card_checkouts_invoice_idx` ON `card_checkouts` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `card_checkouts_transaction_unique` ON `card_checkouts` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`visit_id` text,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "invoice_lines_amount_check" CHECK("invoice_lines"."amount_cents" = "invoice_lines"."quantity" * "invoice_lines"."unit_cents" AND "invoice_lines"."quantity" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_lines_position_unique` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE INDEX `invoice_lines_visit_idx` ON `invoice_lines` (`visit_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`purpose` text NOT NULL,
	`series` text,
	`seq` integer,
	`number` text,
	`customer_id` text NOT NULL,
	`quote_request_id` text,
	`visit_id` text,
	`credit_for_id` text,
	`period` text,
	`bill_to_name` text NOT NULL,
	`bill_to_email` text,
	`bill_to_phone` text,
	`bill_to_address` text,
	`issue_date` text,
	`due_date` text NOT NULL,
	`tax_rate_bp` integer DEFAULT 0 NOT NULL,
	`business_trn` text,
	`business_gct_number` text,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`notes` text,
	`token` text,
	`void_reason` text,
	`voided_at` integer,
	`reminded_at` integer,
	`auto_reminder_sent_at` integer,
	`created_by_user_id` text,
	`issued_by_user_id` text,
	`issued_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK("invoices"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_status_check" CHECK("invoices"."status" IN ('draft', 'issued', 'void')),
	CONSTRAINT "invoices_purpose_check" CHECK("invoices"."purpose" IN ('visit', 'deposit', 'month', 'quote', 'credit')),
	CONSTRAINT "invoices_figures_check" CHECK("invoices"."discount_cents" >= 0 AND "invoices"."tax_cents" >= 0 AND "invoices"."total_cents" = "invoices"."subtotal_cents" - "invoices"."discount_cents" + "invoices"."tax_cents" AND "invoices"."total_cents" >= 0),
	CONSTRAINT "invoices_issued_check" CHECK("invoices"."status" = 'draft' OR ("invoices"."number" IS NOT NULL AND "invoices"."seq" IS NOT NULL AND "invoices"."issue_date" IS NOT NULL AND "invoices"."token" IS NOT NULL)),
	CONSTRAINT "invoices_credit_check" CHECK(("invoices"."kind" = 'credit_note') = ("invoices"."credit_for_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_series_seq_unique` ON `invoices` (`series`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_token_unique` ON `invoices` (`token`);--> statement-breakpoint
CREATE INDEX `invoices_customer_idx` ON `invoices` (`customer_id`,`status`);--> statement-breakpoint
CREATE INDEX `invoices_quote_request_idx` ON `invoices` (`quote_request_id`);--> statement-breakpoint
CREATE INDEX `invoices_visit_idx` ON `invoices` (`visit_id`);--> statement-breakpoint
CREATE INDEX `invoices_credit_for_idx` ON `invoices` (`credit_for_id`);--> statement-breakpoint
CREATE INDEX `invoices_status_due_idx` ON `invoices` (`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_issue_date_idx` ON `invoices` (`issue_date`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`reference` text,
	`paid_on` text NOT NULL,
	`note` text,
	`recorded_by_user_id` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_kind_check" CHECK("payments"."kind" IN ('payment', 'refund')),
	CONSTRAINT "payments_method_check" CHECK("payments"."method" IN ('cash', 'bank_transfer', 'card_in_person', 'lynk', 'other', 'card_online')),
	CONSTRAINT "payments_amount_check" CHECK("payments"."amount_cents" > 0 AND "payments"."tip_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_idempotency_unique` ON `payments` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_paid_on_idx` ON `payments` (`paid_on`);--> statement-breakpoint
-- Hand-written around the generated rebuild of mail_deliveries (new kinds and the 'invoice' entity):
-- D1 ignores PRAGMA foreign_keys=OFF; no table references mail_deliveries, so deferring is enough.
PRAGMA defer_foreign_keys = true;--> statement-breakpoint
CREATE TABLE `__new_mail_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`entity` text,
	`entity_id` text,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text,
	`links` text,
	`reply_to` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	CONSTRAINT "mail_deliveries_kind_check" CHECK("__new_mail_deliveries"."kind" IN ('notification', 'confirmation', 'quote', 'reply', 'account', 'invoice', 'receipt', 'payment_reminder')),
	CONSTRAINT "mail_deliveries_entity_check" CHECK("__new_mail_deliveries"."entity" IS NULL OR "__new_mail_deliveries"."entity" IN ('quote_request', 'contact_message', 'invoice')),
	CONSTRAINT "mail_deliveries_status_check" CHECK("__new_mail_deliveries"."status" IN ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_mail_deliveries`("id", "kind", "entity", "entity_id", "to_address", "subject", "body_text", "links", "reply_to", "status", "attempts", "last_error", "created_at", "updated_at", "sent_at") SELECT "id", "kind", "entity", "entity_id", "to_address", "subject", "body_text", "links", "reply_to", "status", "attempts", "last_error", "created_at", "updated_at", "sent_at" FROM `mail_deliveries`;--> statement-breakpoint
DROP TABLE `mail_deliveries`;--> statement-breakpoint
ALTER TABLE `__new_mail_deliveries` RENAME TO `mail_deliveries`;--> statement-breakpoint
PRAGMA defer_foreign_keys = false;--> statement-breakpoint
CREATE INDEX `mail_deliveries_entity_idx` ON `mail_deliveries` (`entity`,`entity_id`);--> statement-breakpoint
ALTER TABLE `visits` ADD `deposit_due_at` integer;