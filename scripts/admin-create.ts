/**
 * `npm run admin:create -- --email E [--password-stdin] [--remote] [--persist-to DIR]`
 *
 * Creates an admin account, or promotes the existing account with that e-mail to admin and
 * sets its password. Accounts made here count as verified. Writes to the local D1 database
 * by default, to the deployed one with --remote.
 *
 * The password never goes on the command line (where shell history and `ps` would keep it):
 * it is typed twice at a prompt that shows nothing, or, with --password-stdin, read from the
 * first line of standard input (`printf '%s\n' "$PW" | npm run admin:create -- --email E
 * --password-stdin`). Without a terminal and without that flag the script refuses rather than
 * wait for input a terminal would echo. The password must pass the sign-up form's rule
 * (`app/forms/password.ts`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { read } from "read";
import { emailSchema } from "../app/forms/fields";
import { passwordProblems } from "../app/forms/password";
import { hashPassword } from "../app/server/auth/password.server";

const USAGE = "Usage: npm run admin:create -- --email E [--password-stdin] [--remote] [--persist-to DIR]";

/** Ends the script with `messages` and the usage line on stderr, exit code 1. */
function fail(...messages: string[]): never {
  console.error([...messages, USAGE].join("\n"));
  process.exit(1);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        email: { type: "string" },
        "password-stdin": { type: "boolean", default: false },
        remote: { type: "boolean", default: false },
        "persist-to": { type: "string" },
      },
    });
  } catch (error) {
    const hint = /'--password'/.test(String(error))
      ? "The password is asked for (or piped in with --password-stdin), never given as an argument."
      : "";
    return fail(...[(error as Error).message, hint].filter(Boolean));
  }
})();

/** The first line of standard input (the rest is ignored); "" when it is empty. */
async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

/** The password from the first line of stdin (--password-stdin) or a silent prompt, typed twice. */
async function readPassword(): Promise<string> {
  if (values["password-stdin"]) return firstLineOfStdin();
  if (!process.stdin.isTTY) fail("No terminal to ask for the password on: pipe it in with --password-stdin.");
  try {
    const first = await read({ prompt: "Password (not shown): ", silent: true });
    const again = await read({ prompt: "Password again: ", silent: true });
    if (first !== again) fail("The two passwords differ.");
    return first;
  } catch {
    // Ctrl-C or Ctrl-D at the prompt: `read` rejects ("canceled").
    console.error("\nCancelled; nothing was changed.");
    process.exit(130);
  }
}

// The sign-in form's e-mail rule; accounts are stored lower-cased (app/server/auth/accounts.server.ts).
const emailInput = emailSchema.safeParse(values.email ?? "");
if (!emailInput.success) fail(`--email: ${emailInput.error.issues[0]!.message}`);
const email = emailInput.data.toLowerCase();
const password = await readPassword();
const problems = passwordProblems(password, email);
if (problems.length > 0) fail("The password is weak:", ...problems.map((problem) => `  ${problem}`));

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;
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
