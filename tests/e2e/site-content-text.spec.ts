/**
 * The owner-edited content (docs/product.md §13) starts as the site was before it moved to D1:
 * every public page's visible text and structured data, on a fresh database, equals what
 * tests/e2e/public-page-text.json holds. That file was written by this spec
 * (`RECORD_PAGE_TEXT=1`) from the site as it was when its content was code; a difference
 * names the page and the first lines that differ. Changed since: /faq's FAQPage structured
 * data, the American spelling of 'personalized' on /quote, /quote's service list,
 * which names each service as its page does ('Residential Deep Cleaning'), and the privacy
 * notice's links: 'Privacy' in every footer and the line beside the contact and quote forms'
 * submit buttons (docs/product.md §2 "Privacy notice").
 */
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "./fixtures";

const RECORD_FILE = "tests/e2e/public-page-text.json";

const PATHS = [
  "/",
  "/services",
  "/services/residential",
  "/services/commercial",
  "/services/industrial-kitchen",
  "/services/post-construction",
  "/services/strata",
  "/services/airbnb",
  "/about",
  "/contact",
  "/gallery",
  "/faq",
  "/quote",
  "/no-such-page",
];

interface PageText {
  title: string;
  description: string | null;
  text: string;
  jsonLd: unknown[];
}

/** The page's lines that hold text. */
function linesOf(text: string): string[] {
  return text.split("\n").filter((line) => line.trim() !== "");
}

test.skip(() => test.info().project.name === "js", "the text without JavaScript is what every visitor gets first");

test("every public page reads as it did before its content moved to D1", async ({ page }) => {
  const pages: Record<string, PageText> = {};
  for (const path of PATHS) {
    await page.goto(path);
    const year = String(new Date().getUTCFullYear());
    const origin = new URL(page.url()).origin;
    pages[path] = await page.evaluate(
      ({ year, origin }) => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
        // The footer's year is today's, not content.
        text: document.body.innerText.replaceAll(year, "YEAR"),
        // The test server's port is not content either.
        jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
          JSON.parse((script.textContent ?? "null").replaceAll(origin, "ORIGIN")),
        ),
      }),
      { year, origin },
    );
  }
  if (process.env.RECORD_PAGE_TEXT) {
    writeFileSync(RECORD_FILE, `${JSON.stringify(pages, null, 2)}\n`);
    return;
  }
  const recorded = JSON.parse(readFileSync(RECORD_FILE, "utf8")) as Record<string, PageText>;
  for (const path of PATHS) {
    // The one addition: /faq now describes its questions as a schema.org FAQPage too.
    const { jsonLd, text, ...now } = pages[path]!;
    const added = jsonLd.filter((entry) => path === "/faq" && (entry as { "@type"?: string })["@type"] === "FAQPage");
    // Lines of text compared, blank ones left out: /quote's typical price has an empty live region until a service and size are chosen.
    const was = recorded[path]!;
    expect({ ...now, text: linesOf(text), jsonLd: jsonLd.filter((entry) => !added.includes(entry)) }, `the page ${path}`).toEqual({
      ...was,
      text: linesOf(was.text),
    });
    if (path === "/faq") expect(added).toHaveLength(1);
  }
});
