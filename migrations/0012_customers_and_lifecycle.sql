-- Customers as people (customers, and each request's and message's customer_id), a reason on an
-- audited status change, a quote's follow-up, and the follow-up's delay in the booking settings.
-- Additive: no table is rebuilt, existing rows keep every value (docs/architecture.md §3.3).
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`notes` text,
	`search_rowid` integer,
	CONSTRAINT "customers_email_lower_check" CHECK("customers"."email" IS NULL OR "customers"."email" = lower("customers"."email"))
);
--> statement-breakpoint
CREATE INDEX `customers_email_idx` ON `customers` (`email`);--> statement-breakpoint
CREATE INDEX `customers_phone_idx` ON `customers` (`phone`);--> statement-breakpoint
CREATE INDEX `customers_name_idx` ON `customers` (`name`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `customers_search_rowid_idx` ON `customers` (`search_rowid`);--> statement-breakpoint
ALTER TABLE `availability_settings` ADD `quote_follow_up_days` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `customer_id` text;--> statement-breakpoint
CREATE INDEX `contact_messages_customer_idx` ON `contact_messages` (`customer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `customer_replies` ADD `follow_up_sent_at` integer;--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `customer_id` text;--> statement-breakpoint
CREATE INDEX `quote_requests_customer_idx` ON `quote_requests` (`customer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `status_changes` ADD `note` text;