/**
 * The default quote template (app/domain/templates.ts): it agrees with online booking, and
 * migrations/0014_quote_follow_up.sql replaces the first default with it, word for word, only
 * where staff left that one unedited.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { DEFAULT_QUOTE_TEMPLATE, LEGACY_QUOTE_TEMPLATE, unknownPlaceholders } from "~/domain/templates";

/** A text as an SQL string literal. */
const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

describe("default quote template", () => {
  test("says to book online or call or WhatsApp, never to reply to book; uses known placeholders only", () => {
    expect(DEFAULT_QUOTE_TEMPLATE).toContain("online with the booking link");
    expect(DEFAULT_QUOTE_TEMPLATE).toContain("WhatsApp");
    expect(DEFAULT_QUOTE_TEMPLATE).not.toMatch(/To book, reply/);
    expect(unknownPlaceholders(DEFAULT_QUOTE_TEMPLATE)).toEqual([]);
  });

  test("the migration sets the new body where the body is exactly the first default, and the first default is the seeded one", () => {
    const migration = readFileSync("migrations/0014_quote_follow_up.sql", "utf8");
    expect(migration).toContain(
      `SET \`body\` = ${sqlText(DEFAULT_QUOTE_TEMPLATE)} WHERE \`kind\` = 'quote' AND \`body\` = ${sqlText(LEGACY_QUOTE_TEMPLATE)};`,
    );
    expect(readFileSync("migrations/0005_status_replies_outbox.sql", "utf8")).toContain(sqlText(LEGACY_QUOTE_TEMPLATE));
  });
});
