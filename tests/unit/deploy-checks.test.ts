/** The checks `npm run deploy` makes before anything goes live (scripts/deploy-checks.mjs). */
import { describe, expect, test } from "vitest";
import { unstable_readConfig } from "wrangler";
import { deployProblems } from "../../scripts/deploy-checks.mjs";

const ready = {
  vars: {
    SITE_URL: "https://www.montegobaycleaning.com",
    NOTIFY_EMAIL: "bookings@montegobaycleaning.com",
    MAIL_TRANSPORT: "cloudflare",
    MAIL_FROM: "bookings@montegobaycleaning.com",
  },
  send_email: [{ name: "EMAIL" }],
  d1_databases: [{ binding: "DB", database_name: "montego-bay-cleaning", database_id: "3f1c5e2a-9d1b-4c55-8a6e-0b7f2d9c1e44" }],
  kv_namespaces: [{ binding: "EDGE_VERSION", id: "7c0e4b1f2a3d4e5f8091a2b3c4d5e6f7" }],
};

describe("deployProblems", () => {
  test("a production configuration passes", () => {
    expect(deployProblems(ready)).toEqual([]);
  });

  test("the repository's own wrangler.toml (local development values) is refused, naming each setting", () => {
    const problems = deployProblems(unstable_readConfig({ config: "wrangler.toml" }));
    for (const setting of ["SITE_URL", "NOTIFY_EMAIL", "MAIL_TRANSPORT", "database_id", "EDGE_VERSION"]) {
      expect(problems.some((problem) => problem.includes(setting))).toBe(true);
    }
  });

  test("the console transport is refused unless --allow-console-mail is given; nothing else is waived", () => {
    const consoleMail = { ...ready, vars: { ...ready.vars, MAIL_TRANSPORT: "console", MAIL_FROM: "" } };
    expect(deployProblems(consoleMail)).toHaveLength(1);
    expect(deployProblems(consoleMail)[0]).toContain("--allow-console-mail");
    expect(deployProblems(consoleMail, { allowConsoleMail: true })).toEqual([]);
    const local = { ...consoleMail, vars: { ...consoleMail.vars, SITE_URL: "http://localhost:8787" } };
    expect(deployProblems(local, { allowConsoleMail: true })).toHaveLength(1);
  });

  test.each([
    ["an http SITE_URL", { vars: { ...ready.vars, SITE_URL: "http://www.montegobaycleaning.com" } }, "SITE_URL"],
    ["a SITE_URL that is not a URL", { vars: { ...ready.vars, SITE_URL: "montegobaycleaning" } }, "SITE_URL"],
    ["https://localhost. (localhost with its trailing dot)", { vars: { ...ready.vars, SITE_URL: "https://localhost." } }, "SITE_URL"],
    ["https://LOCALHOST", { vars: { ...ready.vars, SITE_URL: "https://LOCALHOST" } }, "SITE_URL"],
    ["a SITE_URL with a path", { vars: { ...ready.vars, SITE_URL: "https://www.montegobaycleaning.com/site" } }, "SITE_URL"],
    ["a SITE_URL with a query", { vars: { ...ready.vars, SITE_URL: "https://www.montegobaycleaning.com/?a=1" } }, "SITE_URL"],
    ["an empty MAIL_FROM", { vars: { ...ready.vars, MAIL_FROM: "" } }, "MAIL_FROM"],
    ["a MAIL_FROM on an example domain", { vars: { ...ready.vars, MAIL_FROM: "no-reply@example.com" } }, "MAIL_FROM"],
    ["no send_email binding", { send_email: [] }, "[[send_email]]"],
    ["D1 rows counted (the bench's MEASURE_D1_ROWS)", { vars: { ...ready.vars, MEASURE_D1_ROWS: "1" } }, "MEASURE_D1_ROWS"],
  ])("%s is refused", (_case, change, setting) => {
    const problems = deployProblems({ ...ready, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(setting);
  });

  describe("card payments (WIPAY_*)", () => {
    const card = (vars: Record<string, string>) => ({
      ...ready,
      vars: { ...ready.vars, WIPAY_BASE_URL: "https://jm.wipayfinancial.com", ...vars },
    });

    test("live with the business's account passes; no account number (card payments off) asks nothing, sandbox included", () => {
      expect(deployProblems(card({ WIPAY_ACCOUNT_NUMBER: "4455667788", WIPAY_ENVIRONMENT: "live" }))).toEqual([]);
      expect(deployProblems(card({ WIPAY_ACCOUNT_NUMBER: "", WIPAY_ENVIRONMENT: "sandbox" }))).toEqual([]);
    });

    test.each([
      ["WiPay's sandbox account", "1234567890"],
      ["the business's account", "4455667788"],
    ])("sandbox with %s is refused unless --allow-card-sandbox is given, naming the problem and the flag", (_case, account) => {
      const sandbox = card({ WIPAY_ACCOUNT_NUMBER: account, WIPAY_ENVIRONMENT: "sandbox" });
      const problems = deployProblems(sandbox);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('WIPAY_ENVIRONMENT is "sandbox"');
      expect(problems[0]).toContain("public");
      expect(problems[0]).toContain("--allow-card-sandbox");
      // The flag waives the sandbox, not its own rule (the sandbox takes only its account) nor the other checks.
      const allowed = deployProblems(sandbox, { allowCardSandbox: true });
      expect(allowed).toEqual(account === "1234567890" ? [] : [expect.stringContaining("sandbox account 1234567890")]);
      expect(deployProblems({ ...sandbox, vars: { ...sandbox.vars, MAIL_FROM: "" } }, { allowCardSandbox: true })).toContainEqual(
        expect.stringContaining("MAIL_FROM"),
      );
    });

    test.each([
      ["an account number that is not 10 digits", { WIPAY_ACCOUNT_NUMBER: "12345", WIPAY_ENVIRONMENT: "live" }, "WIPAY_ACCOUNT_NUMBER"],
      ["an unknown environment", { WIPAY_ACCOUNT_NUMBER: "4455667788", WIPAY_ENVIRONMENT: "test" }, "WIPAY_ENVIRONMENT"],
      [
        "an http base URL",
        { WIPAY_ACCOUNT_NUMBER: "4455667788", WIPAY_ENVIRONMENT: "live", WIPAY_BASE_URL: "http://jm.wipayfinancial.com" },
        "WIPAY_BASE_URL",
      ],
      ["the sandbox account live", { WIPAY_ACCOUNT_NUMBER: "1234567890", WIPAY_ENVIRONMENT: "live" }, "sandbox account"],
    ])("%s is refused", (_case, vars, setting) => {
      const problems = deployProblems(card(vars));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(setting);
    });
  });
});
