/**
 * `npm run admin:create -- --email E --password P [--remote] [--persist-to DIR]`
 *
 * Creates an admin account, or promotes the existing account with that e-mail to admin and
 * sets its password. Accounts made here count as verified. Writes to the local D1 database
 * by default, to the deployed one with --remote.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { z } from "../app/forms/zod";
import { hashPassword } from "../app/server/password.server";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string" },
  },
});

const input = z
  .object({
    email: z.email({ error: "--email must be an e-mail address" }).trim().toLowerCase(),
    password: z
      .string({ error: "--password is required" })
      .min(8, { error: "--password must be at least 8 characters" })
      .max(256, { error: "--password must be at most 256 characters" }),
  })
  .safeParse(values);
if (!input.success) {
  console.error(input.error.issues.map((issue) => issue.message).join("\n"));
  console.error("Usage: npm run admin:create -- --email E --password P [--remote]");
  process.exit(1);
}

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;
const { email, password } = input.data;
const now = Date.now();
const sql = `INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at)
VALUES (${sqlString(crypto.randomUUID())}, ${sqlString(email)}, ${sqlString(await hashPassword(password))}, 'admin', ${now}, ${now})
ON CONFLICT(email) DO UPDATE SET role = 'admin', password_hash = excluded.password_hash,
  email_verified_at = COALESCE(users.email_verified_at, excluded.email_verified_at);
-- A promoted account starts fresh: whoever was signed in to it signs in again.
DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ${sqlString(email)});`;

const dir = mkdtempSync(join(tmpdir(), "admin-create-"));
const file = join(dir, "admin.sql");
writeFileSync(file, sql);
const target = values.remote ? ["--remote"] : ["--local"];
if (values["persist-to"]) target.push("--persist-to", values["persist-to"]);
const result = spawnSync(
  new URL("../node_modules/.bin/wrangler", import.meta.url).pathname,
  ["d1", "execute", "DB", ...target, "--file", file],
  { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, CI: "true" } },
);
rmSync(dir, { recursive: true, force: true });
if (result.status !== 0) {
  console.error(result.stdout.toString());
  console.error("Could not write the admin account (did you run `npm run db:migrate` first?).");
  process.exit(result.status ?? 1);
}
console.log(`Admin account ready: ${email} (${values.remote ? "remote" : "local"} database).`);
