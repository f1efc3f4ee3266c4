CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "content_version_one_row_check" CHECK("content_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`author` text NOT NULL,
	`area` text,
	`service_type` text NOT NULL,
	`rating` integer NOT NULL,
	`body` text NOT NULL,
	`reviewed_on` text NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`updated_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_service_type_check" CHECK("reviews"."service_type" IN ('residential', 'commercial', 'industrial-kitchen', 'deep-clean', 'post-construction', 'airbnb', 'strata')),
	CONSTRAINT "reviews_rating_check" CHECK("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_reviewed_on_check" CHECK("reviews"."reviewed_on" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
);
--> statement-breakpoint
CREATE INDEX `reviews_published_idx` ON `reviews` (`published`,`reviewed_on`);--> statement-breakpoint
INSERT INTO `content_version` (`id`, `version`) VALUES (1, 0);
