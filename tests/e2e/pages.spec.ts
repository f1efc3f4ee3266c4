import type { Page } from "@playwright/test";
import { expect, test, watchProblems } from "./fixtures";
import { BEFORE_AFTER, GALLERY_ITEMS } from "../../app/content/gallery";
import { PRIMARY_NAV, PRIVACY_NAV } from "../../app/content/navigation";
import { STARTING_CONTENT } from "../../app/content/starting-content";

// The site's content on a fresh database (the starting content the migration seeds).
const SERVICES = STARTING_CONTENT.services;
const FAQS = STARTING_CONTENT.faqs;
const HOME_FAQS = FAQS.filter((faq) => faq.onHome);

const javaScript = () => test.info().project.name === "js";

/** Each public page with its h1 and text and links a visitor looks for there. */
const PAGES: Array<{ path: string; h1: RegExp | string; texts: string[]; links: Array<[string | RegExp, string]> }> = [
  {
    path: "/",
    h1: "A spotless home or business, without lifting a finger.",
    texts: [
      "Professional Team",
      "Eco-Friendly",
      "Flexible Scheduling",
      "Quality Guarantee",
      "See the Difference",
      "Trusted by 50+ clients",
    ],
    links: [
      ["Get a Free Quote", "/quote"],
      ["View All Services", "/services"],
      ["View All FAQs", "/faq"],
      ["Contact Us", "/contact"],
    ],
  },
  {
    path: "/services",
    h1: "Professional cleaning for homes, businesses and rentals",
    texts: ["Custom Solutions Available", ...SERVICES.map((service) => service.title)],
    links: [
      ["Request Custom Quote", "/quote"],
      ...SERVICES.map((service): [string, string] => [`Learn More about ${service.title}`, `/services/${service.slug}`]),
    ],
  },
  ...SERVICES.map((service) => ({
    path: `/services/${service.slug}`,
    h1: service.title,
    texts: ["What is included", "Who it is for", "How a visit goes", service.included[0]!],
    links: [
      ["Back to Services", "/services"],
      ["Contact Us", "/contact"],
      ["Get a Free Quote", `/quote?service=${service.serviceType}`],
    ] as Array<[string, string]>,
  })),
  {
    path: "/about",
    h1: "Clean spaces, honest work, right here in Montego Bay",
    texts: [
      "500+",
      "Happy Clients",
      "5+",
      "Years Experience",
      "Why Choose Us?",
      "Licensed & Insured",
      "Expert Team",
      "Quality Guaranteed",
      "100% satisfaction or money back.",
    ],
    links: [["Get a Free Quote", "/quote"]],
  },
  {
    path: "/contact",
    h1: "Get in touch",
    texts: [
      "Montego Bay",
      "Rose Hall",
      "Ironshore",
      "Reading",
      "8:00 AM - 6:00 PM",
      "9:00 AM - 4:00 PM",
      "By appointment",
      "Send us a message",
    ],
    links: [
      [/^Call us/, "tel:+18765550123"],
      [/^E-mail us/, "mailto:hello@montegobaycleaning.example"],
      [/^WhatsApp/, "https://wa.me/18765550123?text=Hello!%20I%20would%20like%20to%20ask%20about%20a%20cleaning."],
    ],
  },
  {
    path: "/gallery",
    h1: "Our work",
    texts: [...GALLERY_ITEMS.map((item) => item.title), "Before", "After"],
    links: [
      ["Get Free Quote", "/quote"],
      ["View More Work", "/contact"],
    ],
  },
  { path: "/faq", h1: "Frequently Asked Questions", texts: FAQS.map((faq) => faq.question), links: [["Contact Us Today", "/contact"]] },
  { path: "/quote", h1: "Get Your Free Quote", texts: ["Service Type", "Photos of the job"], links: [] },
  // The price guide starts empty (docs/product.md §13): the page asks for a quote; tests/e2e/price-guide.spec.ts fills it.
  {
    path: "/pricing",
    h1: "Pricing",
    texts: ["Our prices depend on the job; ask for a free quote", "Pricing varies by space size, cleaning type and frequency"],
    links: [["Get a Free Quote", "/quote"]],
  },
  {
    path: "/privacy",
    h1: "Privacy notice",
    texts: ["What we keep", "Data Protection Act, 2020", "Office of the Information Commissioner, Jamaica", "Last updated:"],
    links: [[STARTING_CONTENT.business.email, `mailto:${STARTING_CONTENT.business.email}`]],
  },
];

async function expectSharedChrome(page: Page) {
  const header = page.getByRole("banner");
  for (const item of PRIMARY_NAV) {
    await expect(header.getByRole("link", { name: item.label, exact: true }).first()).toHaveAttribute("href", item.to);
  }
  await expect(header.getByRole("link", { name: "Admin Login" }).first()).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("contentinfo")).toContainText("Montego Bay");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: PRIVACY_NAV.label, exact: true })).toHaveAttribute(
    "href",
    "/privacy",
  );
}

for (const spec of PAGES) {
  test(`${spec.path} has its content and links`, async ({ page }) => {
    // Script errors and CSP refusals, including those scripts catch (zod's eval probe was one).
    const problems = await watchProblems(page);
    const response = await page.goto(spec.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.h1);
    const main = page.getByRole("main");
    for (const text of spec.texts) await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
    for (const [name, href] of spec.links) {
      await expect(main.getByRole("link", { name, exact: typeof name === "string" }).first()).toHaveAttribute("href", href);
    }
    await expectSharedChrome(page);
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", new RegExp(`${spec.path.replace("?", "\\?")}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // No Content-Security-Policy violation, hydration error or other script error.
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
}

test("unknown paths and unknown services are the 404 page with status 404", async ({ page }) => {
  for (const path of ["/no-such-page", "/services/window-washing", "/about/team/x"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  }
});

test("a service page's quote link preselects that service", async ({ page }) => {
  await page.goto("/services/post-construction");
  await page.getByRole("main").getByRole("link", { name: "Get a Free Quote" }).first().click();
  await expect(page).toHaveURL(/\/quote\?service=post-construction$/);
  await expect(page.getByLabel("Service Type")).toHaveValue("post-construction");
});

test("FAQ accordion: one question open at a time; clicking the open one closes it", async ({ page }) => {
  for (const [path, faqs] of [
    ["/faq", FAQS],
    ["/", HOME_FAQS],
  ] as const) {
    await page.goto(path);
    const first = page.locator("details", { hasText: faqs[0]!.question });
    const second = page.locator("details", { hasText: faqs[1]!.question });
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(page.getByText(faqs[0]!.answer)).toBeVisible();
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open", "");
    await second.locator("summary").click();
    await expect(page.locator("details[open]")).toHaveCount(0);
    // Keyboard: Enter on a focused question opens it.
    await first.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open", "");
  }
});

/** Number of carousel slides fully inside the carousel's viewport. */
async function visibleSlides(page: Page) {
  return page.evaluate(() => {
    const viewport = document.querySelector("[data-carousel-viewport]")!.getBoundingClientRect();
    return [...document.querySelectorAll("[data-carousel-slide]")].filter((slide) => {
      const box = slide.getBoundingClientRect();
      return box.left >= viewport.left - 1 && box.right <= viewport.right + 1;
    }).length;
  });
}

test("carousel: 3 slides per view at 1280 px, 2 at 800 px; buttons and arrow keys move it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  // The page hydrates after its largest paint (app/worker/hydration-after-paint.ts).
  if (javaScript()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const viewport = page.locator("[data-carousel-viewport]");
  await viewport.scrollIntoViewIfNeeded();
  await expect.poll(() => visibleSlides(page)).toBe(3);
  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(() => visibleSlides(page)).toBe(2);
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(() => visibleSlides(page)).toBe(1);

  if (!javaScript()) {
    // Without JavaScript the row scrolls sideways and snaps to each slide.
    expect(await viewport.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect(page.getByRole("button", { name: "Next slide" })).toBeHidden();
    return;
  }
  await viewport.scrollIntoViewIfNeeded();
  await expect(viewport).toHaveAttribute("data-ready", "true");
  const firstSlide = page.locator("[data-carousel-slide]").first();
  const startX = (await firstSlide.boundingBox())!.x;
  await page.getByRole("button", { name: "Next slide" }).click();
  await expect.poll(async () => (await firstSlide.boundingBox())!.x).toBeLessThan(startX - 100);
  await page.getByRole("button", { name: "Previous slide" }).click();
  await expect.poll(async () => Math.round((await firstSlide.boundingBox())!.x)).toBe(Math.round(startX));
  await viewport.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => (await firstSlide.boundingBox())!.x).toBeLessThan(startX - 100);
});

test("gallery photos below the fold load only when they come into view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto("/gallery");
  if (!javaScript()) {
    // Native lazy loading from the <noscript> copies: the six gallery photos below the first
    // row (the first three load at once) and the before/after photos.
    await expect(page.locator("noscript")).toHaveCount(GALLERY_ITEMS.length - 3 + BEFORE_AFTER.length);
    return;
  }
  const last = page.locator("[data-lazy-photo]").nth(GALLERY_ITEMS.length - 4);
  await expect(last).not.toHaveAttribute("data-loaded", "true");
  await expect(last.locator("img")).toHaveCount(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute("data-loaded", "true");
  await expect(last.locator("img")).toHaveCount(1);
});

test("sitemap.xml lists every public page; robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of [
    "/",
    "/services",
    "/about",
    "/contact",
    "/gallery",
    "/faq",
    "/quote",
    ...SERVICES.map((s) => `/services/${s.slug}`),
    "/privacy",
  ]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(xml.match(/<url>/g)).toHaveLength(8 + SERVICES.length);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("structured data describes the business, its areas, hours and services", async ({ page }) => {
  await page.goto("/");
  const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(json["@type"]).toBe("HouseCleaning");
  expect(json.areaServed.map((place: { name: string }) => place.name)).toContain("Rose Hall, Jamaica");
  expect(json.openingHoursSpecification).toHaveLength(2);
  expect(json.hasOfferCatalog.itemListElement).toHaveLength(SERVICES.length);
});

test("the mobile menu opens and leads to a page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await page.getByText("Menu", { exact: true }).click();
  await page.getByRole("banner").getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our work");
});
