CREATE TABLE `attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "attachments_owner_kind_check" CHECK("attachments"."owner_kind" IN ('quote', 'contact')),
	CONSTRAINT "attachments_content_type_check" CHECK("attachments"."content_type" IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic')),
	CONSTRAINT "attachments_size_check" CHECK("attachments"."size_bytes" > 0 AND "attachments"."size_bytes" <= 5242880)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attachments_r2_key_unique` ON `attachments` (`r2_key`);--> statement-breakpoint
CREATE INDEX `attachments_owner_idx` ON `attachments` (`owner_kind`,`owner_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`message` text NOT NULL,
	`status` text DEFAULT 'unread' NOT NULL,
	CONSTRAINT "contact_messages_status_check" CHECK("contact_messages"."status" IN ('unread', 'read', 'responded'))
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_at_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `quote_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`service_type` text NOT NULL,
	`property_size` text,
	`frequency` text,
	`preferred_date` text,
	`additional_info` text,
	`status` text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "quote_requests_service_type_check" CHECK("quote_requests"."service_type" IN ('residential', 'commercial', 'industrial-kitchen', 'deep-clean', 'post-construction', 'airbnb', 'strata')),
	CONSTRAINT "quote_requests_property_size_check" CHECK("quote_requests"."property_size" IS NULL OR "quote_requests"."property_size" IN ('small', 'medium', 'large', 'commercial')),
	CONSTRAINT "quote_requests_frequency_check" CHECK("quote_requests"."frequency" IS NULL OR "quote_requests"."frequency" IN ('one-time', 'weekly', 'bi-weekly', 'monthly')),
	CONSTRAINT "quote_requests_preferred_date_check" CHECK("quote_requests"."preferred_date" IS NULL OR "quote_requests"."preferred_date" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
	CONSTRAINT "quote_requests_status_check" CHECK("quote_requests"."status" IN ('pending', 'quoted', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `quote_requests_created_at_idx` ON `quote_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `status_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`actor_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "status_changes_entity_check" CHECK("status_changes"."entity" IN ('quote_request', 'contact_message')),
	CONSTRAINT "status_changes_status_check" CHECK("status_changes"."from_status" IN ('pending', 'quoted', 'completed', 'cancelled', 'unread', 'read', 'responded') AND "status_changes"."to_status" IN ('pending', 'quoted', 'completed', 'cancelled', 'unread', 'read', 'responded'))
);
--> statement-breakpoint
CREATE INDEX `status_changes_entity_idx` ON `status_changes` (`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`email_verified_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "users_role_check" CHECK("users"."role" IN ('user', 'admin')),
	CONSTRAINT "users_email_lower_check" CHECK("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);