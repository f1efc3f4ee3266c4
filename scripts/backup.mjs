/**
 * `npm run backup`: writes a dated archive of the local state `npm start` uses (.wrangler/state):
 * the D1 database as SQL, every R2 object with its metadata, a manifest and checksums
 * (scripts/backup-archive.mjs describes the archive; docs/operations.md when and how to use it).
 *
 *   npm run backup                              .wrangler/state into backups/<instant>/
 *   npm run backup -- --persist-to DIR          a local state kept in DIR instead (tests)
 *   npm run backup -- --out DIR                 the archive goes into DIR/<instant>/ instead
 *
 * Prints the archive's path last. D1 is read in one batch, one transaction, so its rows are
 * consistent with each other even while `npm start` serves; R2 objects are read after it.
 *
 * Why not `wrangler d1 export --local`: it refuses databases with virtual tables ("cannot export
 * databases with Virtual Tables (fts5)"), and the admin search's tables are FTS5 ones
 * (migrations/), and it has no `--persist-to`. The dump here is the same kind of SQL (its
 * statements, `PRAGMA defer_foreign_keys` first), with each FTS5 table written as its CREATE
 * VIRTUAL TABLE and its rows instead of its shadow tables, and the triggers made after the rows.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_STATE, DUMP, FORMAT, MANIFEST, SUMS, openState, quoteId, schemaOf, sha256 } from "./backup-archive.mjs";

const { values } = parseArgs({ options: { "persist-to": { type: "string" }, out: { type: "string" } } });
const state = values["persist-to"] ?? DEFAULT_STATE;
const out = values.out ?? "backups";
if (!existsSync(join(state, "v3", "d1"))) {
  console.error(`${state}: no local D1 database here (npm start or npm run db:migrate makes one)`);
  process.exit(2);
}

/** `value` as an SQL literal, as D1 returns it (blobs come as arrays of bytes or ArrayBuffers). */
function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : Uint8Array.from(value);
  return `X'${Buffer.from(bytes).toString("hex")}'`;
}

/**
 * The D1 database as SQL statements and each table's row count. In: the D1 binding. Out:
 * `{ sql, tables: [{ name, rows }] }`, FTS5 tables included (their rows are their documents).
 */
async function dumpD1(db) {
  const { tables, virtual, others } = await schemaOf(db);
  const all = [...tables, ...virtual];
  if (all.length === 0) return { sql: "", tables: [] };
  const columns = (await db.batch(all.map((table) => db.prepare(`PRAGMA table_info(${quoteId(table.name)})`)))).map((result) =>
    result.results.map((column) => column.name),
  );
  const reads = all.map((table, i) => {
    const names = columns[i].map(quoteId);
    // An FTS5 table's rowid ties it to its source row (quote_requests.search_rowid): kept.
    if (virtual.includes(table)) names.unshift("rowid");
    return db.prepare(`SELECT ${names.join(", ")} FROM ${quoteId(table.name)}`);
  });
  // AUTOINCREMENT counters: kept, so that no id of a deleted row is handed out again.
  const sequence = (await db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'sqlite_sequence'").first("n")) > 0;
  if (sequence) reads.push(db.prepare("SELECT name, seq FROM sqlite_sequence"));
  const results = await db.batch(reads);
  // Every table before any row: a row's foreign key needs its parent table to exist (its check,
  // deferred to the end of the transaction, needs the parent's row only then).
  const lines = ["PRAGMA defer_foreign_keys=TRUE;"];
  for (const table of all) lines.push(`${table.sql.replace(/^CREATE TABLE /i, "CREATE TABLE IF NOT EXISTS ")};`);
  all.forEach((table, i) => {
    const names = columns[i].map(quoteId);
    if (virtual.includes(table)) names.unshift("rowid");
    const into = `INSERT INTO ${quoteId(table.name)} (${names.join(", ")}) VALUES`;
    for (const row of results[i].results) {
      const keys = virtual.includes(table) ? ["rowid", ...columns[i]] : columns[i];
      lines.push(`${into} (${keys.map((key) => literal(row[key])).join(", ")});`);
    }
  });
  if (sequence)
    for (const { name, seq } of results[all.length].results)
      lines.push(
        `DELETE FROM sqlite_sequence WHERE name = ${literal(name)};`,
        `INSERT INTO sqlite_sequence (name, seq) VALUES (${literal(name)}, ${literal(seq)});`,
      );
  for (const other of others) lines.push(`${other.sql};`);
  return {
    sql: `${lines.join("\n")}\n`,
    tables: all.map((table, i) => ({ name: table.name, rows: results[i].results.length })),
  };
}

/** Every object of the R2 binding `bucket`, page by page. Out: R2Object listings with their metadata. */
async function listAll(bucket) {
  const objects = [];
  let cursor;
  do {
    const page = await bucket.list({ cursor, include: ["httpMetadata", "customMetadata"] });
    objects.push(...page.objects);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

/** R2's httpMetadata as JSON (cacheExpiry as an ISO instant), fields it does not have left out. */
function httpMetadataOf(object) {
  const entries = Object.entries(object.httpMetadata ?? {}).filter(([, value]) => value !== undefined && value !== null);
  return Object.fromEntries(entries.map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

const createdAt = new Date();
const name = createdAt
  .toISOString()
  .replace(/\.\d+Z$/, "Z")
  .replaceAll(":", "-");
let archive = join(out, name);
for (let i = 2; existsSync(archive); i++) archive = join(out, `${name}-${i}`);
// Written under another name, then renamed: a backup that stops halfway never looks whole.
const partial = `${archive}.partial`;
mkdirSync(join(partial, "r2"), { recursive: true });

const proxy = await openState(state);
const sums = [];
const write = (file, bytes) => {
  writeFileSync(join(partial, file), bytes);
  sums.push(`${sha256(bytes)}  ${file}`);
};
let d1;
const objects = [];
try {
  d1 = await dumpD1(proxy.env.DB);
  write(DUMP, d1.sql);
  for (const listed of await listAll(proxy.env.UPLOADS)) {
    const object = await proxy.env.UPLOADS.get(listed.key);
    // Deleted between the listing and now (npm start serving): not part of this backup.
    if (object === null) continue;
    const bytes = Buffer.from(await object.arrayBuffer());
    const digest = sha256(bytes);
    const file = `r2/${digest}`;
    if (!existsSync(join(partial, file))) write(file, bytes);
    objects.push({
      key: listed.key,
      size: bytes.byteLength,
      sha256: digest,
      file,
      uploaded: object.uploaded.toISOString(),
      httpMetadata: httpMetadataOf(object),
      customMetadata: object.customMetadata ?? {},
    });
  }
} finally {
  await proxy.dispose();
}
const manifest = {
  format: FORMAT,
  createdAt: createdAt.toISOString(),
  source: state,
  d1: { binding: "DB", file: DUMP, tables: d1.tables },
  r2: { binding: "UPLOADS", objects },
};
write(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(join(partial, SUMS), `${sums.join("\n")}\n`);
renameSync(partial, archive);
const rows = d1.tables.reduce((sum, table) => sum + table.rows, 0);
const bytes = objects.reduce((sum, object) => sum + object.size, 0);
console.log(`Backed up ${state}: ${d1.tables.length} tables, ${rows} rows; ${objects.length} R2 objects, ${bytes} bytes.`);
console.log(archive);
