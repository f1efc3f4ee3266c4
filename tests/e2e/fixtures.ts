/**
 * Playwright's `test` with three additions for this site:
 * - every test browses from its own client address (CF-Connecting-IP, which the local runtime
 *   passes through), so the per-IP rate limit of the forms never couples tests;
 * - `mails()` returns the e-mails the server printed (console mail transport) so far;
 * - the visitor's pointer moves as each page opens (`goto`, `reload`, `goBack`, `goForward`), as a desktop
 *   visitor's does: a public page runs its code on the first interaction
 *   (app/worker/hydration-after-paint.ts), and most tests are about the page once it has.
 *   Tests of the page before any interaction set `test.use({ pointerMovesOnLoad: false })`.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";

/**
 * What app/server/mail/mailer.server.ts prints before each e-mail of the console transport
 * (its CONSOLE_MAIL_PREFIX). Written here, not imported: the mail feature is reached only through
 * its index, whose modules load in the Workers bundle but not in Playwright's Node (a mismatch
 * fails every test that reads a mail).
 */
const CONSOLE_MAIL_PREFIX = "MAIL ";

export interface SentMail {
  to: string;
  subject: string;
  links: string[];
  text: string;
  /** Files sent with it (a visit's calendar event), as the console transport prints them. */
  attachments?: Array<{ filename: string; type: string; content: string }>;
}

let counter = 0;

/** Where the pointer moves: the left edge, half-way down, beside the content (no link to hover). */
export async function movePointer(page: Page): Promise<void> {
  const height = page.viewportSize()?.height ?? 720;
  // Two steps, so that it is a move even if the pointer was already there before the page opened.
  await page.mouse.move(2, Math.round(height / 2));
  await page.mouse.move(4, Math.round(height / 2));
}

async function withPointerMoved<T>(page: Page, result: T): Promise<T> {
  await movePointer(page);
  return result;
}

export const test = base.extend<{ clientIp: string; mails: () => SentMail[]; pointerMovesOnLoad: boolean }>({
  pointerMovesOnLoad: [true, { option: true }],
  page: async ({ page, pointerMovesOnLoad }, use) => {
    if (pointerMovesOnLoad) {
      const { goto, reload, goBack, goForward } = page;
      page.goto = async (...args) => withPointerMoved(page, await goto.apply(page, args));
      page.reload = async (...args) => withPointerMoved(page, await reload.apply(page, args));
      page.goBack = async (...args) => withPointerMoved(page, await goBack.apply(page, args));
      page.goForward = async (...args) => withPointerMoved(page, await goForward.apply(page, args));
    }
    await use(page);
  },
  clientIp: [
    async ({ page }, use, testInfo) => {
      counter++;
      const ip = `10.${testInfo.workerIndex % 250}.${(counter >> 8) & 255}.${counter & 255}`;
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
      await use(ip);
    },
    { auto: true },
  ],
  // Playwright reads a fixture's dependencies from this destructuring; this one has none.
  // eslint-disable-next-line no-empty-pattern
  mails: async ({}, use) => {
    await use(() =>
      readFileSync(".wrangler/e2e/server.log", "utf8")
        .split("\n")
        .map((line) => line.slice(line.indexOf(CONSOLE_MAIL_PREFIX)))
        .filter((line) => line.startsWith(CONSOLE_MAIL_PREFIX))
        .map((line) => JSON.parse(line.slice(CONSOLE_MAIL_PREFIX.length)) as SentMail),
    );
  },
});

export { expect };

/** Polls the server log for a mail to `to` whose subject starts with `subject` (the mail queue sends within seconds). */
export async function mailTo(mails: () => SentMail[], to: string, subject: string): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(() => (found = mails().find((mail) => mail.to === to && mail.subject.startsWith(subject))), { timeout: 20_000 })
    .toBeTruthy();
  return found!;
}

/** Nothing scrolls sideways, and (with JavaScript, which axe needs) axe finds no WCAG 2.2 AA violation. */
export async function expectSoundPage(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (test.info().project.name === "js") expect(await axeViolations(page)).toEqual([]);
}

/** Collects script errors and CSP reports of the page from now on. */
export async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Audits.enable");
  devtools.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue") problems.push(JSON.stringify(issue.details));
  });
  return problems;
}

/** A form's success text as shown: the product's text, then "Your reference: MB-XXXXX." (docs/product.md §10). */
export function successWithReference(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} Your reference: MB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}\\.$`);
}

/**
 * axe's findings on the page as it is now (WCAG 2.2 AA and best practice, as
 * tests/e2e/accessibility.spec.ts), one line each: the rule and the first elements. axe runs as
 * a script in the page: JavaScript only.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}
