CREATE TABLE `availability_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`working_days` text NOT NULL,
	`windows` text NOT NULL,
	`capacity` integer NOT NULL,
	`min_notice_days` integer NOT NULL,
	`max_days_ahead` integer NOT NULL,
	`change_cutoff_hours` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "availability_settings_single_row_check" CHECK("availability_settings"."id" = 1),
	CONSTRAINT "availability_settings_capacity_check" CHECK("availability_settings"."capacity" BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE `days_off` (
	`day` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `public_holidays_filled` (
	`id` integer PRIMARY KEY NOT NULL,
	`through` text NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "public_holidays_filled_single_row_check" CHECK("public_holidays_filled"."id" = 1)
);
--> statement-breakpoint
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
	`actor` text NOT NULL,
	`actor_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`visit_id`) REFERENCES `visits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "visit_changes_kind_check" CHECK("visit_changes"."kind" IN ('booked', 'moved', 'cancelled', 'done')),
	CONSTRAINT "visit_changes_actor_check" CHECK("visit_changes"."actor" IN ('customer', 'staff'))
);
--> statement-breakpoint
CREATE INDEX `visit_changes_visit_idx` ON `visit_changes` (`visit_id`);--> statement-breakpoint
CREATE TABLE `visits` (
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
	`sequence` integer DEFAULT 0 NOT NULL,
	`reminder_sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`quote_request_id`) REFERENCES `quote_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "visits_status_check" CHECK("visits"."status" IN ('scheduled', 'done', 'cancelled')),
	CONSTRAINT "visits_service_type_check" CHECK("visits"."service_type" IN ('residential', 'commercial', 'industrial-kitchen', 'deep-clean', 'post-construction', 'airbnb', 'strata'))
);
--> statement-breakpoint
CREATE INDEX `visits_slot_idx` ON `visits` (`day`,`window_start`,`status`);--> statement-breakpoint
CREATE INDEX `visits_quote_request_idx` ON `visits` (`quote_request_id`);--> statement-breakpoint
CREATE INDEX `visits_quote_idx` ON `visits` (`quote_id`);