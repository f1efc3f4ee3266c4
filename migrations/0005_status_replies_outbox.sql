CREATE TABLE `customer_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`amount_jmd` integer,
	`amount_usd` integer,
	`included` text,
	`valid_days` integer,
	`message` text NOT NULL,
	`mail_delivery_id` text,
	`sent_by_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`sent_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "customer_replies_kind_check" CHECK("customer_replies"."kind" IN ('quote', 'reply')),
	CONSTRAINT "customer_replies_entity_check" CHECK("customer_replies"."entity" IN ('quote_request', 'contact_message')),
	CONSTRAINT "customer_replies_quote_check" CHECK("customer_replies"."kind" <> 'quote' OR ("customer_replies"."amount_jmd" > 0 AND "customer_replies"."valid_days" BETWEEN 1 AND 365))
);
--> statement-breakpoint
CREATE INDEX `customer_replies_entity_idx` ON `customer_replies` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_deliveries` (
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
	CONSTRAINT "mail_deliveries_kind_check" CHECK("mail_deliveries"."kind" IN ('notification', 'confirmation', 'quote', 'reply', 'account')),
	CONSTRAINT "mail_deliveries_entity_check" CHECK("mail_deliveries"."entity" IS NULL OR "mail_deliveries"."entity" IN ('quote_request', 'contact_message')),
	CONSTRAINT "mail_deliveries_status_check" CHECK("mail_deliveries"."status" IN ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `mail_deliveries_entity_idx` ON `mail_deliveries` (`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `reply_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`updated_by_user_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reply_templates_kind_check" CHECK("reply_templates"."kind" IN ('quote', 'reply'))
);
--> statement-breakpoint
CREATE INDEX `reply_templates_kind_idx` ON `reply_templates` (`kind`,`name`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `status_token` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `first_reply_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_status_token_idx` ON `contact_messages` (`status_token`);--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `status_token` text;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `first_reply_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `quote_requests_status_token_idx` ON `quote_requests` (`status_token`);--> statement-breakpoint
-- Requests stored before status pages get a token too (128 random bits, as new ones).
UPDATE `quote_requests` SET `status_token` = lower(hex(randomblob(16))) WHERE `status_token` IS NULL;
--> statement-breakpoint
UPDATE `contact_messages` SET `status_token` = lower(hex(randomblob(16))) WHERE `status_token` IS NULL;
--> statement-breakpoint
-- Time to first reply for requests answered before it was kept: their first step to quoted or responded.
UPDATE `quote_requests` SET `first_reply_at` = (SELECT min(`created_at`) FROM `status_changes` WHERE `entity` = 'quote_request' AND `entity_id` = `quote_requests`.`id` AND `to_status` = 'quoted') WHERE `first_reply_at` IS NULL;
--> statement-breakpoint
UPDATE `contact_messages` SET `first_reply_at` = (SELECT min(`created_at`) FROM `status_changes` WHERE `entity` = 'contact_message' AND `entity_id` = `contact_messages`.`id` AND `to_status` = 'responded') WHERE `first_reply_at` IS NULL;
--> statement-breakpoint
-- A first template of each kind, for staff to edit on /admin/templates.
INSERT INTO `reply_templates` (`id`, `kind`, `name`, `body`, `updated_at`) VALUES
('00000000-0000-4000-8000-000000000001', 'quote', 'Standard quote', 'Hello {name},

Thank you for asking {company} for a quote for {service}. We have looked at your request and are happy to offer the price below.

To book, reply to this e-mail or call us on {phone}.', 0),
('00000000-0000-4000-8000-000000000002', 'reply', 'General reply', 'Hello {name},

Thank you for your message.



If there is anything else, reply to this e-mail or call us on {phone}.', 0);
