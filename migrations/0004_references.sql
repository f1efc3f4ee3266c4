ALTER TABLE `contact_messages` ADD `reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_reference_idx` ON `contact_messages` (`reference`);--> statement-breakpoint
ALTER TABLE `quote_requests` ADD `reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `quote_requests_reference_idx` ON `quote_requests` (`reference`);
--> statement-breakpoint
-- Requests stored before references existed get one of ten characters (a clash among them is
-- as likely as one in 10^14 pairs), drawn here; new ones get five (app/server/reference.server.ts).
UPDATE `quote_requests` SET `reference` = 'MB-' || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) WHERE `reference` IS NULL;
--> statement-breakpoint
UPDATE `contact_messages` SET `reference` = 'MB-' || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', abs(random()) % 30 + 1, 1) WHERE `reference` IS NULL;
--> statement-breakpoint
-- A reference names one request of either kind: neither table takes one the other holds.
CREATE TRIGGER `quote_requests_reference_unique` BEFORE INSERT ON `quote_requests`
WHEN EXISTS (SELECT 1 FROM `contact_messages` WHERE `reference` = new.`reference`)
BEGIN
	SELECT RAISE(ABORT, 'reference taken');
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_reference_unique` BEFORE INSERT ON `contact_messages`
WHEN EXISTS (SELECT 1 FROM `quote_requests` WHERE `reference` = new.`reference`)
BEGIN
	SELECT RAISE(ABORT, 'reference taken');
END;
