/**
 * What `npm run deploy` checks in wrangler.toml before it deploys anything: a site that
 * would print password-reset links into its logs instead of mailing them, link to
 * localhost, run on placeholder values, take card payments through WiPay's public sandbox, or
 * count D1 rows by reading twice (MEASURE_D1_ROWS) must not go live by accident.
 */

const PLACEHOLDER_D1_ID = "00000000-0000-0000-0000-000000000000";
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Reserved example domains (RFC 2606): the placeholders shipped in wrangler.toml. */
const isExampleDomain = (host) => /(^|\.)example(\.(com|net|org))?$/i.test(host);
const domainOf = (address) => address.slice(address.lastIndexOf("@") + 1);
/** WiPay's sandbox account number; its API key (123) is published in WiPay's document. */
const WIPAY_SANDBOX_ACCOUNT = "1234567890";

/**
 * In: the Worker's configuration as wrangler reads it (`vars`, `send_email`,
 * `d1_databases`) and `{ allowConsoleMail, allowCardSandbox }` (the `--allow-console-mail` and
 * `--allow-card-sandbox` flags, for a staging deploy that should send nothing or take only
 * WiPay sandbox payments). Out: one sentence per problem, naming the setting and what to do;
 * empty when the deploy may go ahead. The Worker's secrets (WIPAY_API_KEY) are checked by
 * scripts/deploy.mjs, which asks Cloudflare for them.
 */
export function deployProblems(config, { allowConsoleMail = false, allowCardSandbox = false } = {}) {
  const vars = config.vars ?? {};
  const problems = [];

  let site = null;
  try {
    site = new URL(String(vars.SITE_URL ?? ""));
  } catch {
    problems.push(`SITE_URL must be the site's public address (https://your-domain), got "${vars.SITE_URL ?? ""}".`);
  }
  // A trailing dot names the same host (`localhost.` is localhost); links are built as SITE_URL + path, so a path or query would break them.
  const host = site?.hostname.replace(/\.$/, "").toLowerCase();
  if (site && (site.protocol !== "https:" || LOCAL_HOSTS.has(host) || isExampleDomain(host))) {
    problems.push(`SITE_URL is "${vars.SITE_URL}": links in e-mails would point there. Set it to https://your-domain.`);
  } else if (site && (site.pathname !== "/" || site.search !== "" || site.hash !== "" || site.username !== "" || site.password !== "")) {
    problems.push(
      `SITE_URL is "${vars.SITE_URL}": it must be the site's origin alone (https://your-domain), without a path, query or credentials.`,
    );
  }

  for (const name of ["NOTIFY_EMAIL"]) {
    const value = String(vars[name] ?? "");
    if (!value.includes("@") || isExampleDomain(domainOf(value)))
      problems.push(`${name} is "${value}", a placeholder: set the company's real address.`);
  }

  if (vars.MAIL_TRANSPORT !== "cloudflare") {
    if (!allowConsoleMail) {
      problems.push(
        `MAIL_TRANSPORT is "${vars.MAIL_TRANSPORT ?? ""}": reset, verification and notification e-mails would only be printed to the Workers logs. ` +
          `Set up Cloudflare Email Service and MAIL_TRANSPORT = "cloudflare" (README, Deploy), or pass --allow-console-mail for a deploy that sends no mail.`,
      );
    }
  } else {
    const from = String(vars.MAIL_FROM ?? "");
    if (!from.includes("@") || isExampleDomain(domainOf(from))) {
      problems.push(`MAIL_FROM is "${from}": set an address on the domain onboarded to Email Sending, e.g. bookings@your-domain.`);
    }
    if (!(config.send_email ?? []).some((binding) => binding.name === "EMAIL")) {
      problems.push(`MAIL_TRANSPORT is "cloudflare" but there is no [[send_email]] binding named EMAIL: uncomment it in wrangler.toml.`);
    }
  }

  // app/worker/request-metrics.ts: it runs most reads twice; the bench's rows pass sets it on wrangler dev alone.
  if (String(vars.MEASURE_D1_ROWS ?? "") !== "") {
    problems.push(`MEASURE_D1_ROWS is "${vars.MEASURE_D1_ROWS}": it runs most reads twice to count rows. Leave it empty.`);
  }

  for (const database of config.d1_databases ?? []) {
    if (database.binding === "DB" && (!database.database_id || database.database_id === PLACEHOLDER_D1_ID)) {
      problems.push(
        `The D1 database_id is the placeholder: run \`wrangler d1 create ${database.database_name}\` and put its id in wrangler.toml.`,
      );
    }
  }
  for (const namespace of config.kv_namespaces ?? []) {
    if (namespace.binding === "EDGE_VERSION" && (!namespace.id || /^0+$/.test(namespace.id))) {
      problems.push(
        "The KV namespace id of EDGE_VERSION is the placeholder: run `wrangler kv namespace create EDGE_VERSION` and put its id in wrangler.toml.",
      );
    }
  }
  problems.push(...cardProblems(vars, { allowCardSandbox }));
  return problems;
}

/**
 * Card payments' [vars] (app/server/billing/card.server.ts). In: wrangler.toml's vars and
 * `{ allowCardSandbox }`. Out: one sentence per problem; none when WIPAY_ACCOUNT_NUMBER is empty
 * (card payments off). WIPAY_ENVIRONMENT "sandbox" is refused whatever the account unless
 * `allowCardSandbox`: the sandbox's account and key are public, so anyone could sign a return
 * that marks an invoice paid.
 */
function cardProblems(vars, { allowCardSandbox }) {
  const account = String(vars.WIPAY_ACCOUNT_NUMBER ?? "").trim();
  if (!account) return [];
  const environment = String(vars.WIPAY_ENVIRONMENT ?? "").trim();
  const found = [];
  if (!/^\d{10}$/.test(account)) found.push(`WIPAY_ACCOUNT_NUMBER is "${account}": WiPay account numbers are 10 digits.`);
  if (!["sandbox", "live"].includes(environment)) {
    found.push(`WIPAY_ENVIRONMENT is "${environment}": set "sandbox" or "live".`);
  }
  if (!/^https:\/\/[^/?#]+\/?$/.test(String(vars.WIPAY_BASE_URL ?? "").trim())) {
    found.push(`WIPAY_BASE_URL is "${vars.WIPAY_BASE_URL ?? ""}": set WiPay's API origin, e.g. https://jm.wipayfinancial.com.`);
  }
  if (environment === "live" && account === WIPAY_SANDBOX_ACCOUNT) {
    found.push(
      `WIPAY_ACCOUNT_NUMBER is WiPay's sandbox account (${WIPAY_SANDBOX_ACCOUNT}) with WIPAY_ENVIRONMENT "live": set the business's account number.`,
    );
  }
  if (environment === "sandbox" && !allowCardSandbox) {
    found.push(
      'WIPAY_ENVIRONMENT is "sandbox": WiPay\'s sandbox account and API key are public, so anyone could mark invoices paid. ' +
        'Set "live" with the business\'s account, empty WIPAY_ACCOUNT_NUMBER to turn card payments off, or pass --allow-card-sandbox for a staging copy.',
    );
  } else if (environment === "sandbox" && account !== WIPAY_SANDBOX_ACCOUNT) {
    found.push(
      `WIPAY_ENVIRONMENT is "sandbox", which takes only WiPay's sandbox account ${WIPAY_SANDBOX_ACCOUNT}: set "live" for the business's account.`,
    );
  }
  return found;
}
