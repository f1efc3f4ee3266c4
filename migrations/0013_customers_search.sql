-- Customers as people (docs/product.md §14, docs/decisions/021-customers.md): one customer per
-- e-mail address already stored, every quote request and contact message linked to its
-- customer, and the customers' full-text search, in the manner of migrations/0003_search_index.sql.
-- New requests and messages are linked when they are stored (app/server/customers/match.server.ts).
-- Additive: existing rows keep every value; only the empty customer_id columns are filled.
--
-- 1. One customer per lower-case, trimmed e-mail of both tables: the name of its newest row,
-- the phone of its newest row with a readable one, in E.164 as far as SQL can read Jamaican
-- numbers (7 digits get +1876, 10 starting 876/658 get +1, 11 starting 1876/1658 get +; a number
-- typed with + keeps its digits; anything else is left empty), first and last activity from
-- the rows' dates. Ids are version 4 UUIDs, as the Worker makes them.
INSERT INTO `customers` (id, created_at, updated_at, name, email, phone)
SELECT
	lower(substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(h, 18, 3) || '-' || substr(h, 21, 12)),
	first_at, last_at, name, email, phone
FROM (
	SELECT
		hex(randomblob(16)) AS h,
		email, name, first_at, last_at, phone, n
	FROM (
		SELECT
			email, name,
			row_number() OVER (PARTITION BY email ORDER BY created_at DESC) AS n,
			min(created_at) OVER (PARTITION BY email) AS first_at,
			max(created_at) OVER (PARTITION BY email) AS last_at,
			first_value(e164) OVER (PARTITION BY email ORDER BY e164 IS NULL, created_at DESC) AS phone
		FROM (
			SELECT
				email, name, created_at,
				CASE
					WHEN length(digits) = 7 THEN '+1876' || digits
					WHEN length(digits) = 10 AND substr(digits, 1, 3) IN ('876', '658') THEN '+1' || digits
					WHEN length(digits) = 11 AND substr(digits, 1, 4) IN ('1876', '1658') THEN '+' || digits
					WHEN plus AND length(digits) BETWEEN 8 AND 15 THEN '+' || digits
				END AS e164
			FROM (
				SELECT
					lower(trim(email)) AS email, name, created_at,
					ltrim(coalesce(phone, '')) LIKE '+%' AS plus,
					replace(replace(replace(replace(replace(replace(replace(coalesce(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '') AS digits
				FROM `quote_requests`
				UNION ALL
				SELECT
					lower(trim(email)), name, created_at,
					ltrim(coalesce(phone, '')) LIKE '+%',
					replace(replace(replace(replace(replace(replace(replace(coalesce(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '')
				FROM `contact_messages`
			)
		)
	)
	WHERE n = 1 AND email <> ''
);
--> statement-breakpoint
UPDATE `quote_requests` SET customer_id = (SELECT c.id FROM `customers` c WHERE c.email = lower(trim(`quote_requests`.email)))
WHERE customer_id IS NULL;
--> statement-breakpoint
UPDATE `contact_messages` SET customer_id = (SELECT c.id FROM `customers` c WHERE c.email = lower(trim(`contact_messages`.email)))
WHERE customer_id IS NULL;
--> statement-breakpoint
-- 2. The list of customers pages by last activity (`updated_at`: a request or message stored, a
-- merge), newest first (app/server/customers/list.server.ts).
CREATE INDEX `customers_activity_idx` ON `customers` (`updated_at`, `id`);
--> statement-breakpoint
-- 3. The search: name, e-mail and phone, keyed by `search_rowid` (docs/decisions/009-admin-search.md).
-- Drizzle does not model the virtual table, the view or the index above:
-- app/server/customers/list.server.ts queries them by name.
UPDATE `customers` SET search_rowid = rowid;
--> statement-breakpoint
CREATE VIEW `customers_search_source` AS
SELECT
	id,
	search_rowid,
	name,
	coalesce(email, '') AS email,
	coalesce(phone, '') AS phone,
	-- The phone's digits (E.164 without +), without a leading 1, and its last seven, so
	-- 8765551234, 18765551234 and 5551234 all find +18765551234.
	trim(digits || ' ' || (CASE WHEN length(digits) = 11 AND substr(digits, 1, 1) = '1' THEN substr(digits, 2) ELSE '' END) || ' ' || (CASE WHEN length(digits) > 7 THEN substr(digits, -7) ELSE '' END)) AS phone_digits
FROM (SELECT *, replace(coalesce(phone, ''), '+', '') AS digits FROM `customers`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `customers_search` USING fts5(
	name, email, phone, phone_digits,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `customers_search` (rowid, name, email, phone, phone_digits)
SELECT search_rowid, name, email, phone, phone_digits FROM `customers_search_source`;
--> statement-breakpoint
CREATE TRIGGER `customers_search_insert` AFTER INSERT ON `customers` BEGIN
	UPDATE `customers` SET search_rowid = (SELECT coalesce(max(search_rowid), 0) + 1 FROM `customers`) WHERE id = new.id;
	INSERT INTO `customers_search` (rowid, name, email, phone, phone_digits)
	SELECT search_rowid, name, email, phone, phone_digits FROM `customers_search_source` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `customers_search_update` AFTER UPDATE OF name, email, phone ON `customers` BEGIN
	DELETE FROM `customers_search` WHERE rowid = old.search_rowid;
	INSERT INTO `customers_search` (rowid, name, email, phone, phone_digits)
	SELECT search_rowid, name, email, phone, phone_digits FROM `customers_search_source` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `customers_search_delete` AFTER DELETE ON `customers` BEGIN
	DELETE FROM `customers_search` WHERE rowid = old.search_rowid;
END;
