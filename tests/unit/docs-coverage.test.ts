/**
 * The docs name everything a reader may look up: every URL of app/routes.ts, every feature folder
 * of app/server and every table of drizzle/schema.ts is named somewhere in README.md or docs/;
 * the README's "Layout" lists every feature folder and app/http; and the table of URLs in
 * docs/architecture.md is the one scripts/routes-table.ts writes from app/routes.ts, so it cannot
 * go stale (tests/unit/doc-citations.test.ts checks that what the docs cite exists).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, test } from "vitest";
import * as schema from "../../drizzle/schema";
import { ROUTES_DOC, routeRows, withRoutesTable } from "../../scripts/routes-table";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** README.md and every Markdown file under docs/, as one text. */
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name.replaceAll("\\", "/")}`),
]
  .map(read)
  .join("\n");

/** Whether the docs name a URL path whole (`/admin` is not named by `/admin/quotes`). */
function namesUrl(url: string): boolean {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w/.:-])${escaped}(?![\\w/.:-])`).test(DOCS);
}

/** The feature folders of app/server. */
const FEATURES = readdirSync(join(ROOT, "app/server"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The README's "Layout" section. */
function readmeLayout(): string {
  const readme = read("README.md");
  const start = readme.indexOf("\n## Layout\n");
  const end = readme.indexOf("\n## ", start + 1);
  return start < 0 ? "" : readme.slice(start, end < 0 ? undefined : end);
}

describe("what the docs name", () => {
  test("every URL of app/routes.ts", () => {
    const urls = [...new Set(routeRows().map((row) => row.url))];
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((url) => !namesUrl(url))).toEqual([]);
  });

  test("every feature folder of app/server, in the docs and in the README's Layout", () => {
    expect(FEATURES.length).toBeGreaterThan(5);
    expect(FEATURES.filter((feature) => !DOCS.includes(`app/server/${feature}`))).toEqual([]);
    const layout = readmeLayout();
    expect(layout).toContain("http/");
    expect(FEATURES.filter((feature) => !new RegExp(`(?<![\\w-])${feature}(?![\\w-])`).test(layout))).toEqual([]);
  });

  test("every table of drizzle/schema.ts, by its SQL name or its exported name", () => {
    const tables = Object.entries(schema).filter(([, value]) => is(value, SQLiteTable)) as [string, SQLiteTable][];
    expect(tables.length).toBeGreaterThan(10);
    const unnamed = tables
      .map(([name, table]) => ({ name, sql: getTableName(table) }))
      .filter(({ name, sql }) => !new RegExp(`\\b(?:${sql}|${name})\\b`).test(DOCS));
    expect(unnamed.map(({ sql }) => sql)).toEqual([]);
  });

  test(`the table of URLs in ${ROUTES_DOC} is the one app/routes.ts gives (run \`npm run docs:routes\` when this fails)`, () => {
    const doc = read(ROUTES_DOC);
    expect(doc).toBe(withRoutesTable(doc));
  });
});
