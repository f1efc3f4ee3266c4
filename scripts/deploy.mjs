/**
 * `npm run deploy`: checks wrangler.toml for settings that must not go live
 * (scripts/deploy-checks.mjs), builds, applies the D1 migrations to the production database,
 * then deploys the Worker. Needs `wrangler login` (or CLOUDFLARE_API_TOKEN) and the setup
 * steps of the README's "Deploy" section.
 *
 * `npm run deploy -- --allow-console-mail` deploys with the console mail transport (a
 * staging copy that must send no mail); every other check still applies.
 */
import { unstable_readConfig } from "wrangler";
import { deployProblems } from "./deploy-checks.mjs";
import { bin, run } from "./run.mjs";

const problems = deployProblems(unstable_readConfig({ config: "wrangler.toml" }), {
  allowConsoleMail: process.argv.includes("--allow-console-mail"),
});
if (problems.length > 0) {
  console.error(`Not deploying; wrangler.toml needs attention:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
  process.exit(1);
}

await run("npm", ["run", "build"]);
await run("node", [new URL("./db-migrate.mjs", import.meta.url).pathname, "--remote"]);
await run(bin("wrangler"), ["deploy"]);
