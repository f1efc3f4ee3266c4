CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`crew_id` text,
	`token_hash` text NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`crew_id`) REFERENCES `crews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_crew_idx` ON `calendar_feeds` (`crew_id`);--> statement-breakpoint
CREATE TABLE `crews` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`members` text,
	`working_days` text DEFAULT '[1,2,3,4,5,6]' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crews_name_unique` ON `crews` (`name`);--> statement-breakpoint
CREATE TABLE `visit_series` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_request_id` text NOT NULL,
	`quote_id` text NOT NULL,
	`rrule` text NOT NULL,
	`dtstart` text NOT NULL,
	`until` text,
	`window_start` text NOT NULL,
	`window_end` text NOT NULL,
	`crew_id` text,
	`status` text NOT NULL,
	`generated_through` text NOT NULL,
	`address` text NOT NULL,
	`service_type` text NOT NULL,
	`amount_jmd` integer NOT NULL,
	`amount_usd` integer,
	`included` text,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`quote_request_id`) REFERENCES `quote_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`crew_id`) REFERENCES `crews`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "visit_series_status_check" CHECK("visit_series"."status" IN ('active', 'paused', 'ended')),
	CONSTRAINT "visit_series_service_type_check" CHECK("visit_series"."service_type" IN ('residential', 'commercial', 'industrial-kitchen', 'deep-clean', 'post-construction', 'airbnb', 'strata'))
);
--> statement-breakpoint
CREATE INDEX `visit_series_quote_request_idx` ON `visit_series` (`quote_request_id`);--> statement-breakpoint
CREATE INDEX `visit_series_status_idx` ON `visit_series` (`status`);--> statement-breakpoint
-- Hand-written (the generated rebuild relied on PRAGMA foreign_keys=OFF, which D1 ignores): a
-- DROP TABLE of visits would cascade-delete visit_changes, so the history is copied aside first,
-- visits rebuilt with its new statuses and columns, and visit_changes made again from the copy.
PRAGMA defer_foreign_keys = true;--> statement-breakpoint
CREATE TABLE `__visit_changes_copy` AS SELECT * FROM `visit_changes`;--> statement-breakpoint
DROP TABLE `visit_changes`;--> statement-breakpoint
CREATE TABLE `__new_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_request_id` text NOT NULL,
	`quote_id` text NOT NULL,
	`day` text NOT NULL,
	`window_start` text NOT NULL,
	`window_end` text NOT NULL,
	`status` text NOT NULL,
	`address` text NOT NULL,
	`service_type` text NOT NULL,
	`amount_jmd` integer NOT NULL,
	`amount_usd` integer,
	`included` text,
	`notes` text,
	`crew_id` text,
	`series_id` text,
	`occurrence_day` text,
	`sequence` integer DEFAULT 0 NOT NULL,
	`reminder_sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`quote_request_id`) REFERENCES `quote_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`crew_id`) REFERENCES `crews`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`series_id`) REFERENCES `visit_series`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "visits_status_check" CHECK("__new_visits"."status" IN ('scheduled', 'done', 'no_show', 'skipped', 'cancelled')),
	CONSTRAINT "visits_service_type_check" CHECK("__new_visits"."service_type" IN ('residential', 'commercial', 'industrial-kitchen', 'deep-clean', 'post-construction', 'airbnb', 'strata'))
);
--> statement-breakpoint
INSERT INTO `__new_visits`("id", "quote_request_id", "quote_id", "day", "window_start", "window_end", "status", "address", "service_type", "amount_jmd", "amount_usd", "included", "notes", "sequence", "reminder_sent_at", "created_at", "updated_at") SELECT "id", "quote_request_id", "quote_id", "day", "window_start", "window_end", "status", "address", "service_type", "amount_jmd", "amount_usd", "included", "notes", "sequence", "reminder_sent_at", "created_at", "updated_at" FROM `visits`;--> statement-breakpoint
DROP TABLE `visits`;--> statement-breakpoint
ALTER TABLE `__new_visits` RENAME TO `visits`;--> statement-breakpoint
CREATE INDEX `visits_slot_idx` ON `visits` (`day`,`window_start`,`status`);--> statement-breakpoint
CREATE INDEX `visits_quote_request_idx` ON `visits` (`quote_request_id`);--> statement-breakpoint
CREATE INDEX `visits_quote_idx` ON `visits` (`quote_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `visits_crew_slot_unique` ON `visits` (`crew_id`,`day`,`window_start`) WHERE "visits"."status" = 'scheduled' AND "visits"."crew_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `visits_series_occurrence_unique` ON `visits` (`series_id`,`occurrence_day`);--> statement-breakpoint
CREATE INDEX `visits_crew_day_idx` ON `visits` (`crew_id`,`day`);--> statement-breakpoint
CREATE TABLE `visit_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`visit_id` text NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`window_start` text NOT NULL,
	`window_end` text NOT NULL,
	`from_day` text,
	`from_window_start` text,
	`from_window_end` text,
	`crew_name` text,
	`actor` text NOT NULL,
	`actor_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`visit_id`) REFERENCES `visits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "visit_changes_kind_check" CHECK("visit_changes"."kind" IN ('booked', 'moved', 'assigned', 'cancelled', 'skipped', 'done', 'no_show')),
	CONSTRAINT "visit_changes_actor_check" CHECK("visit_changes"."actor" IN ('customer', 'staff', 'system'))
);
--> statement-breakpoint
INSERT INTO `visit_changes`("id", "visit_id", "kind", "day", "window_start", "window_end", "from_day", "from_window_start", "from_window_end", "actor", "actor_user_id", "created_at") SELECT "id", "visit_id", "kind", "day", "window_start", "window_end", "from_day", "from_window_start", "from_window_end", "actor", "actor_user_id", "created_at" FROM `__visit_changes_copy`;--> statement-breakpoint
DROP TABLE `__visit_changes_copy`;--> statement-breakpoint
CREATE INDEX `visit_changes_visit_idx` ON `visit_changes` (`visit_id`);--> statement-breakpoint
CREATE TABLE `review_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`visit_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`send_after` integer NOT NULL,
	`sent_at` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`review_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`visit_id`) REFERENCES `visits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_visit_unique` ON `review_requests` (`visit_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_token_hash_unique` ON `review_requests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `review_requests_send_idx` ON `review_requests` (`sent_at`,`send_after`);--> statement-breakpoint
ALTER TABLE `reviews` ADD `verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `reviews` ADD `visit_id` text REFERENCES visits(id) ON DELETE SET NULL;
