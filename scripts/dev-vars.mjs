/**
 * Local secrets for `wrangler dev`: creates .dev.vars (git-ignored) with a random
 * SESSION_SECRET when it has none, so a new machine needs no manual step. Production secrets
 * are set with `wrangler secret put SESSION_SECRET` instead.
 */
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";

export function ensureDevVars(file = ".dev.vars") {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (/^SESSION_SECRET=/m.test(current)) return;
  const line = `SESSION_SECRET=${randomBytes(32).toString("hex")}\n`;
  appendFileSync(file, (current && !current.endsWith("\n") ? "\n" : "") + line);
  console.log(`Wrote a new local SESSION_SECRET to ${file}.`);
}
