CREATE TABLE `retention_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`photo_months` integer DEFAULT 12 NOT NULL,
	`never_booked_months` integer DEFAULT 24 NOT NULL,
	`updated_at` integer,
	`last_run_at` integer,
	`last_run_day` text,
	`last_photos_deleted` integer DEFAULT 0 NOT NULL,
	`last_requests_anonymised` integer DEFAULT 0 NOT NULL,
	`last_messages_anonymised` integer DEFAULT 0 NOT NULL,
	`last_mail_bodies_cleared` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "retention_settings_single_row_check" CHECK("retention_settings"."id" = 1),
	CONSTRAINT "retention_settings_months_check" CHECK("retention_settings"."photo_months" BETWEEN 1 AND 120 AND "retention_settings"."never_booked_months" BETWEEN 1 AND 120)
);
--> statement-breakpoint
CREATE INDEX `mail_deliveries_body_kept_idx` ON `mail_deliveries` (`created_at`) WHERE "mail_deliveries"."body_text" IS NOT NULL OR "mail_deliveries"."links" IS NOT NULL;--> statement-breakpoint
-- The one row, with the defaults of app/domain/retention.ts (the privacy notice's periods).
INSERT INTO `retention_settings` (`id`) VALUES (1);
