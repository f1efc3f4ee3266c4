/**
 * Writes the table of URLs in docs/architecture.md from app/routes.ts: every URL the route
 * config declares, the route file that answers it and the layout routes around it, between the
 * markers `<!-- routes:start -->` and `<!-- routes:end -->`. The table is never typed by hand.
 *
 * Run `npm run docs:routes` after changing app/routes.ts and commit the doc;
 * tests/unit/docs-coverage.test.ts fails while the doc's table differs from what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@remix-run/route-config";
import routes from "../app/routes";

/** The doc holding the table, relative to the repository's root. */
export const ROUTES_DOC = "docs/architecture.md";
export const ROUTES_START = "<!-- routes:start (written by `npm run docs:routes` from app/routes.ts) -->";
export const ROUTES_END = "<!-- routes:end -->";

/** One URL of the site: its path, the file that answers it, and its layout routes' files, outermost first. */
export interface RouteRow {
  url: string;
  file: string;
  layouts: string[];
}

/**
 * Every URL of a route config, in its order. In: the config's entries (paths relative to their
 * parent, files relative to app/). Out: one row per route without children (an index route is
 * its parent's URL; `*` is any path no other route matches), with `app/` put before each file.
 */
export function routeRows(entries: readonly RouteConfigEntry[] = routes, parent = "", layouts: string[] = []): RouteRow[] {
  return entries.flatMap((entry) => {
    const url = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const file = `app/${entry.file}`;
    if (entry.children && entry.children.length > 0) return routeRows(entry.children, url, [...layouts, file]);
    return [{ url: url === "" ? "/" : url, file, layouts }];
  });
}

/**
 * The Markdown table of the rows (no trailing newline): one line per route file and layouts, in
 * the order of their first URL, so the URLs one module answers (the CSV exports, each content
 * section's history) share a line.
 */
export function routesTable(rows: readonly RouteRow[] = routeRows()): string {
  const groups = new Map<string, { urls: string[]; file: string; layouts: string[] }>();
  for (const { url, file, layouts } of rows) {
    const key = [file, ...layouts].join(" ");
    const group = groups.get(key) ?? { urls: [], file, layouts };
    group.urls.push(url);
    groups.set(key, group);
  }
  const lines = ["| URL | route file | inside |", "|---|---|---|"];
  for (const { urls, file, layouts } of groups.values()) {
    lines.push(`| ${urls.map((url) => `\`${url}\``).join(", ")} | ${file} | ${layouts.join(", ") || "—"} |`);
  }
  return lines.join("\n");
}

/**
 * A doc's text with the table between its markers replaced by `table`. Throws when the doc has
 * not exactly one start marker followed by an end marker.
 */
export function withRoutesTable(doc: string, table: string = routesTable()): string {
  const start = doc.indexOf(ROUTES_START);
  const end = doc.indexOf(ROUTES_END);
  if (start < 0 || end < start || doc.indexOf(ROUTES_START, start + 1) >= 0) {
    throw new Error(`${ROUTES_DOC} needs one "${ROUTES_START}" line followed by one "${ROUTES_END}" line`);
  }
  return `${doc.slice(0, start + ROUTES_START.length)}\n${table}\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = fileURLToPath(new URL(`../${ROUTES_DOC}`, import.meta.url));
  const before = readFileSync(path, "utf8");
  const after = withRoutesTable(before);
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? `${ROUTES_DOC}: the table of URLs is up to date` : `${ROUTES_DOC}: the table of URLs was written`);
}
