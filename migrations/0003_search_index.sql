-- Full-text search over the admin lists (docs/decisions/009-admin-search.md): one SQLite FTS5
-- table per record kind, filled from the rows already stored and kept in step by triggers, so
-- every way a record is written (the site, a script, the console) is searchable.
-- Each record gets a stable integer `search_rowid` (its row's rowid when this runs, then the
-- highest so far plus one), which is the FTS row's rowid: matches join on an integer index,
-- and no rebuild or VACUUM can pair a record with another's words.
-- Drizzle does not model the virtual tables or `search_rowid`: app/server/admin-search.server.ts
-- queries them by name. Additive: existing rows keep every value.
ALTER TABLE `quote_requests` ADD `search_rowid` integer;
--> statement-breakpoint
UPDATE `quote_requests` SET search_rowid = rowid;
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_requests_search_rowid_idx` ON `quote_requests` (`search_rowid`);
--> statement-breakpoint
-- Counting a search's matches under the filters reads this index only (admin.server.ts, listWhere).
CREATE INDEX `quote_requests_search_filter_idx` ON `quote_requests` (`search_rowid`, `status`, `service_type`, `created_at`);
--> statement-breakpoint
CREATE VIEW `quote_requests_search_source` AS
SELECT
	id,
	search_rowid,
	name,
	email,
	coalesce(phone, '') AS phone,
	-- The phone's digits as typed, without a leading 1, and its last seven, so 8765551234,
	-- 18765551234 and 5551234 all find +1 (876) 555-1234.
	trim(digits || ' ' || (CASE WHEN length(digits) = 11 AND substr(digits, 1, 1) = '1' THEN substr(digits, 2) ELSE '' END) || ' ' || (CASE WHEN length(digits) > 7 THEN substr(digits, -7) ELSE '' END)) AS phone_digits,
	address AS address,
	coalesce(additional_info, '') AS body
FROM (SELECT *, replace(replace(replace(replace(replace(replace(replace(coalesce(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '') AS digits FROM `quote_requests`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `quote_requests_search` USING fts5(
	name, email, phone, phone_digits, address, body,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `quote_requests_search` (rowid, name, email, phone, phone_digits, address, body)
SELECT search_rowid, name, email, phone, phone_digits, address, body FROM `quote_requests_search_source`;
--> statement-breakpoint
CREATE TRIGGER `quote_requests_search_insert` AFTER INSERT ON `quote_requests` BEGIN
	UPDATE `quote_requests` SET search_rowid = (SELECT coalesce(max(search_rowid), 0) + 1 FROM `quote_requests`) WHERE id = new.id;
	INSERT INTO `quote_requests_search` (rowid, name, email, phone, phone_digits, address, body)
	SELECT search_rowid, name, email, phone, phone_digits, address, body FROM `quote_requests_search_source` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `quote_requests_search_update` AFTER UPDATE OF name, email, phone, address, additional_info ON `quote_requests` BEGIN
	DELETE FROM `quote_requests_search` WHERE rowid = old.search_rowid;
	INSERT INTO `quote_requests_search` (rowid, name, email, phone, phone_digits, address, body)
	SELECT search_rowid, name, email, phone, phone_digits, address, body FROM `quote_requests_search_source` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `quote_requests_search_delete` AFTER DELETE ON `quote_requests` BEGIN
	DELETE FROM `quote_requests_search` WHERE rowid = old.search_rowid;
END;
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `search_rowid` integer;
--> statement-breakpoint
UPDATE `contact_messages` SET search_rowid = rowid;
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_search_rowid_idx` ON `contact_messages` (`search_rowid`);
--> statement-breakpoint
CREATE INDEX `contact_messages_search_filter_idx` ON `contact_messages` (`search_rowid`, `status`, `created_at`);
--> statement-breakpoint
CREATE VIEW `contact_messages_search_source` AS
SELECT
	id,
	search_rowid,
	name,
	email,
	coalesce(phone, '') AS phone,
	-- The phone's digits as typed, without a leading 1, and its last seven, so 8765551234,
	-- 18765551234 and 5551234 all find +1 (876) 555-1234.
	trim(digits || ' ' || (CASE WHEN length(digits) = 11 AND substr(digits, 1, 1) = '1' THEN substr(digits, 2) ELSE '' END) || ' ' || (CASE WHEN length(digits) > 7 THEN substr(digits, -7) ELSE '' END)) AS phone_digits,
	'' AS address,
	coalesce(message, '') AS body
FROM (SELECT *, replace(replace(replace(replace(replace(replace(replace(coalesce(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '') AS digits FROM `contact_messages`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `contact_messages_search` USING fts5(
	name, email, phone, phone_digits, address, body,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `contact_messages_search` (rowid, name, email, phone, phone_digits, address, body)
SELECT search_rowid, name, email, phone, phone_digits, address, body FROM `contact_messages_search_source`;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_search_insert` AFTER INSERT ON `contact_messages` BEGIN
	UPDATE `contact_messages` SET search_rowid = (SELECT coalesce(max(search_rowid), 0) + 1 FROM `contact_messages`) WHERE id = new.id;
	INSERT INTO `contact_messages_search` (rowid, name, email, phone, phone_digits, address, body)
	SELECT search_rowid, name, email, phone, phone_digits, address, body FROM `contact_messages_search_source` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_search_update` AFTER UPDATE OF name, email, phone, message ON `contact_messages` BEGIN
	DELETE FROM `contact_messages_search` WHERE rowid = old.search_rowid;
	INSERT INTO `contact_messages_search` (rowid, name, email, phone, phone_digits, address, body)
	SELECT search_rowid, name, email, phone, phone_digits, address, body FROM `contact_messages_search_source` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_search_delete` AFTER DELETE ON `contact_messages` BEGIN
	DELETE FROM `contact_messages_search` WHERE rowid = old.search_rowid;
END;
