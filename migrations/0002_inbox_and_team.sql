CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by_user_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invitations_email_lower_check" CHECK("invitations"."email" = lower("invitations"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `invitations` (`email`);--> statement-breakpoint
CREATE TABLE `record_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`body` text NOT NULL,
	`author_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "record_notes_entity_check" CHECK("record_notes"."entity" IN ('quote_request', 'contact_message')),
	CONSTRAINT "record_notes_body_check" CHECK(length("record_notes"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE INDEX `record_notes_entity_idx` ON `record_notes` (`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `team_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`action` text NOT NULL,
	`subject_email` text NOT NULL,
	`actor_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "team_changes_action_check" CHECK("team_changes"."action" IN ('invited', 'joined', 'promoted', 'demoted', 'removed'))
);
--> statement-breakpoint
CREATE INDEX `team_changes_created_at_idx` ON `team_changes` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_created_at_id_idx` ON `contact_messages` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_at_idx` ON `contact_messages` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quote_requests_created_at_id_idx` ON `quote_requests` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quote_requests_status_created_at_idx` ON `quote_requests` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quote_requests_service_type_created_at_idx` ON `quote_requests` (`service_type`,`created_at`,`id`);