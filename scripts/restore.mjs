/**
 * `npm run restore -- <archive>`: brings an archive of `npm run backup` (scripts/backup.mjs) into
 * a fresh local state, then checks the state against the archive's manifest.
 *
 *   npm run restore -- backups/<instant>                     into .wrangler/state (must be empty)
 *   npm run restore -- backups/<instant> --persist-to DIR    into DIR instead
 *   npm run restore -- backups/<instant> --force             replaces what the state holds
 *                                                            (D1, R2, KV, cache: all of <dir>/v3)
 *
 * Steps: every file of the archive against SHA256SUMS (a damaged archive restores nothing);
 * D1 with `wrangler d1 execute DB --local --persist-to <dir> --file <archive>/d1.sql` (one batch, one
 * transaction); each R2 object with its HTTP and custom metadata (its `uploaded` instant becomes
 * the restore's: R2 sets it); then each table's row count and each object's SHA-256 read back
 * from the state and compared with the manifest. Exit codes: 0 restored and verified; 1 the
 * archive is damaged or the restored state differs from it (each difference printed); 2 a usage
 * error or a state not empty without `--force`. Stop `npm start` first: it holds the same files.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_STATE, DUMP, checkArchive, openState, rowCounts, schemaOf, sha256 } from "./backup-archive.mjs";
import { bin, run } from "./run.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "persist-to": { type: "string" }, force: { type: "boolean", default: false } },
});
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- <archive directory> [--persist-to DIR] [--force]");
  process.exit(2);
}
const [archive] = positionals;
const target = values["persist-to"] ?? DEFAULT_STATE;

/** Prints `problems` under `title` and exits 1. */
function fail(title, problems) {
  console.error(`${title}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}

let checked;
try {
  checked = checkArchive(archive);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const { manifest, problems } = checked;
if (problems.length > 0) fail(`${archive} is damaged; nothing was restored`, problems);

const state = join(target, "v3");
if (existsSync(state) && readdirSync(state).length > 0) {
  if (!values.force) {
    console.error(`${target} holds a local state already: restore into an empty directory, or add --force to replace it.`);
    process.exit(2);
  }
  rmSync(state, { recursive: true, force: true });
}

if (manifest.d1.tables.length > 0)
  await run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", target, "--file", join(archive, DUMP)], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "true" }, // never wait for a confirmation prompt
  });

const differences = [];
const proxy = await openState(target);
try {
  const { env } = proxy;
  for (const object of manifest.r2.objects) {
    const { cacheExpiry, ...httpMetadata } = object.httpMetadata;
    const bytes = readFileSync(join(archive, object.file));
    // An ArrayBuffer of its own: a Buffer may be a view into Node's shared pool, which the
    // proxy's serialisation refuses.
    const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await env.UPLOADS.put(object.key, body, {
      httpMetadata: cacheExpiry === undefined ? httpMetadata : { ...httpMetadata, cacheExpiry: new Date(cacheExpiry) },
      customMetadata: object.customMetadata,
    });
  }

  const { tables, virtual } = await schemaOf(env.DB);
  const restored = [...tables, ...virtual].map((table) => table.name);
  const counts = await rowCounts(env.DB, restored);
  for (const { name, rows } of manifest.d1.tables) {
    if (!(name in counts)) differences.push(`table ${name}: missing (${rows} rows in the archive)`);
    else if (counts[name] !== rows) differences.push(`table ${name}: ${counts[name]} rows, ${rows} in the archive`);
  }
  const archived = new Set(manifest.d1.tables.map((table) => table.name));
  for (const name of restored) if (!archived.has(name)) differences.push(`table ${name}: not in the archive`);

  const expected = new Map(manifest.r2.objects.map((object) => [object.key, object]));
  let cursor;
  do {
    const page = await env.UPLOADS.list({ cursor });
    for (const { key } of page.objects) if (!expected.has(key)) differences.push(`R2 object ${key}: not in the archive`);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  for (const [key, object] of expected) {
    const stored = await env.UPLOADS.get(key);
    if (stored === null) {
      differences.push(`R2 object ${key}: missing`);
      continue;
    }
    const bytes = Buffer.from(await stored.arrayBuffer());
    if (bytes.byteLength !== object.size || sha256(bytes) !== object.sha256)
      differences.push(
        `R2 object ${key}: ${bytes.byteLength} bytes, SHA-256 ${sha256(bytes)}; archive: ${object.size} bytes, ${object.sha256}`,
      );
    if ((stored.httpMetadata?.contentType ?? undefined) !== object.httpMetadata.contentType)
      differences.push(
        `R2 object ${key}: content type ${stored.httpMetadata?.contentType}, ${object.httpMetadata.contentType} in the archive`,
      );
  }
} finally {
  await proxy.dispose();
}
if (differences.length > 0) fail(`${target} differs from ${archive}`, differences);
const rows = manifest.d1.tables.reduce((sum, table) => sum + table.rows, 0);
console.log(
  `Restored ${archive} (${manifest.createdAt}) into ${target}: ${manifest.d1.tables.length} tables, ${rows} rows; ${manifest.r2.objects.length} R2 objects; row counts and checksums verified.`,
);
