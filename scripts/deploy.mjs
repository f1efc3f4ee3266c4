/**
 * `npm run deploy`: checks wrangler.toml for settings that must not go live
 * (scripts/deploy-checks.mjs), builds, applies the D1 migrations to the production database,
 * then deploys the Worker. Needs `wrangler login` (or CLOUDFLARE_API_TOKEN) and the setup
 * steps of the README's "Deploy" section.
 *
 * `npm run deploy -- --allow-console-mail` deploys with the console mail transport (a
 * staging copy that must send no mail); every other check still applies.
 *
 * Card payments (WIPAY_* in wrangler.toml, app/server/billing/card.server.ts): with an account
 * number set, the deploy also needs the secret WIPAY_API_KEY on the Worker (`wrangler secret
 * list`), WIPAY_ENVIRONMENT "live" and WIPAY_BASE_URL an https origin; else it stops and names
 * what is missing. WIPAY_ENVIRONMENT "sandbox" (whose account and key are public: anyone could
 * mark invoices paid) is refused unless `npm run deploy -- --allow-card-sandbox` is given, for a
 * staging copy. Empty account number: card payments are off and nothing is asked.
 */
import { execFileSync } from "node:child_process";
import { unstable_readConfig } from "wrangler";
import { deployProblems } from "./deploy-checks.mjs";
import { bin, run } from "./run.mjs";

const config = unstable_readConfig({ config: "wrangler.toml" });
const problems = [
  ...deployProblems(config, {
    allowConsoleMail: process.argv.includes("--allow-console-mail"),
    allowCardSandbox: process.argv.includes("--allow-card-sandbox"),
  }),
  ...cardSecretProblems(config.vars ?? {}),
];
if (problems.length > 0) {
  console.error(`Not deploying; wrangler.toml needs attention:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
  process.exit(1);
}

await run("npm", ["run", "build"]);
await run("node", [new URL("./db-migrate.mjs", import.meta.url).pathname, "--remote"]);
await run(bin("wrangler"), ["deploy"]);

/**
 * The secret card payments need (in: wrangler.toml's vars; out: one sentence per problem; the
 * vars themselves are checked by scripts/deploy-checks.mjs). Asks Cloudflare for the Worker's
 * secret names only when an account number is set (wrangler must be logged in; `wrangler secret
 * put` on a Worker not deployed yet creates it).
 */
function cardSecretProblems(vars) {
  const account = String(vars.WIPAY_ACCOUNT_NUMBER ?? "").trim();
  if (!account) return [];
  const found = [];
  let secrets = null;
  try {
    const listed = execFileSync(bin("wrangler"), ["secret", "list", "--format", "json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    secrets = JSON.parse(listed.slice(listed.indexOf("["))).map((secret) => secret.name);
  } catch {
    found.push(
      "Could not list the Worker's secrets to check WIPAY_API_KEY (`npx wrangler secret list`): log in with `npx wrangler login`, and set it with `npx wrangler secret put WIPAY_API_KEY`.",
    );
  }
  if (secrets && !secrets.includes("WIPAY_API_KEY")) {
    found.push(
      "WIPAY_ACCOUNT_NUMBER is set but the Worker has no secret WIPAY_API_KEY: run `npx wrangler secret put WIPAY_API_KEY` " +
        "(the key from WiPay's Developer page), or empty WIPAY_ACCOUNT_NUMBER to deploy with card payments off.",
    );
  }
  return found;
}
