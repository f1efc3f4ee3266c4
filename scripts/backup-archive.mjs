/**
 * What `npm run backup` (scripts/backup.mjs) writes and `npm run restore` (scripts/restore.mjs)
 * reads: a local state's archive, a directory
 *
 *   <archive>/manifest.json   creation instant, source, D1 tables with their row counts, R2 objects
 *                             (key, size, SHA-256, HTTP metadata, custom metadata, the file of their bytes)
 *   <archive>/d1.sql          the D1 database as SQL statements (schema, rows, FTS5 contents, then
 *                             indexes, views and triggers), for `wrangler d1 execute --file`
 *   <archive>/r2/<sha256>     each R2 object's bytes, named by their SHA-256
 *   <archive>/SHA256SUMS      the SHA-256 of every file above (`sha256sum -c SHA256SUMS` reads it)
 *
 * and the reads both scripts make of a local state through wrangler's getPlatformProxy (the
 * bindings of wrangler.toml on `<state>/v3`, as `npm start` has them).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";

/** `npm start`'s local state: wrangler dev keeps its D1, R2 and KV under `<dir>/v3`. */
export const DEFAULT_STATE = ".wrangler/state";
export const MANIFEST = "manifest.json";
export const DUMP = "d1.sql";
export const SUMS = "SHA256SUMS";
/** The archive format this code writes and reads (`format` in the manifest). */
export const FORMAT = 1;

/** The SHA-256 of `bytes` (Buffer or Uint8Array), as 64 lowercase hex digits. */
export function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The bindings of wrangler.toml on the local state in `state` (D1 as `env.DB`, R2 as
 * `env.UPLOADS`), created empty when missing. Out: wrangler's platform proxy; `dispose()` it.
 */
export function openState(state) {
  return getPlatformProxy({ persist: { path: join(state, "v3") } });
}

/** The suffixes of the shadow tables SQLite's FTS5 makes for each of its virtual tables. */
const FTS5_SHADOWS = ["_data", "_idx", "_content", "_docsize", "_config"];

/**
 * The tables a dump holds, from D1's sqlite_schema. In: the D1 binding. Out: `tables` (ordinary
 * ones with their CREATE statement, in creation order), `virtual` (FTS5 tables, restored by their
 * CREATE VIRTUAL TABLE and their rows, never by their shadow tables), `others` (the CREATE
 * statements of indexes, views and triggers, made after the rows so no trigger fires on them).
 * D1's own tables (`_cf_…`) and SQLite's (`sqlite_…`) are left out.
 */
export async function schemaOf(db) {
  const { results } = await db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid").all();
  const virtual = results.filter((row) => row.type === "table" && /^CREATE VIRTUAL TABLE/i.test(row.sql));
  const shadows = new Set(virtual.flatMap((row) => FTS5_SHADOWS.map((suffix) => row.name + suffix)));
  const tables = results.filter(
    (row) =>
      row.type === "table" &&
      !virtual.includes(row) &&
      !shadows.has(row.name) &&
      !row.name.startsWith("_cf_") &&
      !row.name.startsWith("sqlite_"),
  );
  const others = results.filter((row) => row.type !== "table" && !row.name.startsWith("sqlite_"));
  return { tables, virtual, others };
}

/** `name` as an SQL identifier. */
export function quoteId(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The row count of each table of `names`, read in one batch (one transaction). Out: `{ name: rows }`. */
export async function rowCounts(db, names) {
  if (names.length === 0) return {};
  const results = await db.batch(names.map((name) => db.prepare(`SELECT count(*) AS n FROM ${quoteId(name)}`)));
  return Object.fromEntries(names.map((name, i) => [name, Number(results[i].results[0].n)]));
}

/**
 * Reads an archive's manifest and checks every file against SHA256SUMS. In: the archive's
 * directory. Out: `{ manifest, problems }`, `problems` listing each file missing, changed or not
 * in the sums (empty when the archive is whole); throws when the directory has no manifest.
 */
export function checkArchive(archive) {
  const problems = [];
  if (!existsSync(join(archive, MANIFEST)) || !existsSync(join(archive, SUMS)))
    throw new Error(`${archive}: not a backup archive (no ${MANIFEST} or ${SUMS})`);
  const sums = new Map(
    readFileSync(join(archive, SUMS), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(66), line.slice(0, 64)]),
  );
  for (const [file, expected] of sums) {
    const path = join(archive, file);
    if (file.includes("..") || !existsSync(path)) problems.push(`${file}: missing`);
    else if (sha256(readFileSync(path)) !== expected) problems.push(`${file}: SHA-256 differs from ${SUMS}`);
  }
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(archive, MANIFEST), "utf8"));
  } catch {
    return { manifest: undefined, problems: [...problems, `${MANIFEST}: not JSON`] };
  }
  if (manifest.format !== FORMAT) problems.push(`${MANIFEST}: format ${manifest.format}, this script reads ${FORMAT}`);
  for (const file of [MANIFEST, DUMP, ...(manifest.r2?.objects ?? []).map((object) => object.file)])
    if (!sums.has(file)) problems.push(`${file}: not in ${SUMS}`);
  return { manifest, problems };
}
