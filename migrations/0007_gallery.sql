CREATE TABLE `gallery_items` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`category` text,
	`alt_text` text,
	`service_type` text,
	`description` text,
	`photo_id` text NOT NULL,
	`before_photo_id` text,
	`position` integer NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`updated_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`photo_id`) REFERENCES `gallery_photos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`before_photo_id`) REFERENCES `gallery_photos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "gallery_items_kind_check" CHECK("gallery_items"."kind" IN ('photo', 'pair')),
	CONSTRAINT "gallery_items_fields_check" CHECK(("gallery_items"."kind" = 'photo' AND "gallery_items"."category" IS NOT NULL AND "gallery_items"."category" IN ('Residential', 'Commercial', 'Deep Clean', 'Specialized', 'Airbnb', 'Strata') AND "gallery_items"."alt_text" IS NOT NULL AND "gallery_items"."service_type" IS NULL AND "gallery_items"."description" IS NULL AND "gallery_items"."before_photo_id" IS NULL)
        OR ("gallery_items"."kind" = 'pair' AND "gallery_items"."service_type" IS NOT NULL AND "gallery_items"."service_type" IN ('residential', 'commercial', 'industrial-kitchen', 'deep-clean', 'post-construction', 'airbnb', 'strata') AND "gallery_items"."description" IS NOT NULL AND "gallery_items"."before_photo_id" IS NOT NULL AND "gallery_items"."category" IS NULL AND "gallery_items"."alt_text" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `gallery_items_kind_position_idx` ON `gallery_items` (`kind`,`position`);--> statement-breakpoint
CREATE INDEX `gallery_items_photo_idx` ON `gallery_items` (`photo_id`);--> statement-breakpoint
CREATE INDEX `gallery_items_before_photo_idx` ON `gallery_items` (`before_photo_id`);--> statement-breakpoint
CREATE TABLE `gallery_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "gallery_photos_id_check" CHECK(length("gallery_photos"."id") = 32 AND "gallery_photos"."id" NOT GLOB '*[^0-9a-f]*'),
	CONSTRAINT "gallery_photos_content_type_check" CHECK("gallery_photos"."content_type" IN ('image/jpeg', 'image/png', 'image/webp', 'image/avif')),
	CONSTRAINT "gallery_photos_size_check" CHECK("gallery_photos"."width" > 0 AND "gallery_photos"."height" > 0 AND "gallery_photos"."size_bytes" BETWEEN 1 AND 5242880)
);
