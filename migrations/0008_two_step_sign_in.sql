CREATE TABLE `passkey_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`ceremony` text NOT NULL,
	`user_id` text,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "passkey_challenges_ceremony_check" CHECK("passkey_challenges"."ceremony" IN ('register', 'sign-in'))
);
--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`algorithm` integer NOT NULL,
	`public_key` text NOT NULL,
	`sign_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_user_id_idx` ON `passkeys` (`user_id`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_user_id_idx` ON `recovery_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `security_policy` (
	`id` integer PRIMARY KEY NOT NULL,
	`two_step_required` integer NOT NULL,
	`changed_at` integer NOT NULL,
	CONSTRAINT "security_policy_single_row_check" CHECK("security_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `totp_credentials` (
	`user_id` text PRIMARY KEY NOT NULL,
	`encrypted_key` text NOT NULL,
	`last_used_step` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- team_changes is rebuilt for its new CHECK; no table references it. D1 ignores foreign_keys=OFF.
PRAGMA defer_foreign_keys = true;--> statement-breakpoint
CREATE TABLE `__new_team_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`action` text NOT NULL,
	`subject_email` text NOT NULL,
	`actor_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "team_changes_action_check" CHECK("__new_team_changes"."action" IN ('invited', 'joined', 'promoted', 'demoted', 'removed', 'passkey_added', 'passkey_removed', 'authenticator_added', 'authenticator_removed', 'recovery_code_used', 'recovery_codes_renewed', 'two_step_required', 'two_step_optional'))
);
--> statement-breakpoint
INSERT INTO `__new_team_changes`("id", "action", "subject_email", "actor_user_id", "created_at") SELECT "id", "action", "subject_email", "actor_user_id", "created_at" FROM `team_changes`;--> statement-breakpoint
DROP TABLE `team_changes`;--> statement-breakpoint
ALTER TABLE `__new_team_changes` RENAME TO `team_changes`;--> statement-breakpoint
CREATE INDEX `team_changes_created_at_idx` ON `team_changes` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `second_step_failures` integer DEFAULT 0 NOT NULL;