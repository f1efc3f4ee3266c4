CREATE TABLE `crews` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`members` text,
	`active` integer DEFAULT true NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crews_name_unique` ON `crews` (`name`);--> statement-breakpoint
ALTER TABLE `visits` ADD `crew_id` text REFERENCES crews(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `visits_crew_slot_unique` ON `visits` (`crew_id`,`day`,`window_start`) WHERE "visits"."status" = 'scheduled' AND "visits"."crew_id" IS NOT NULL;