/**
 * /quote as the site content and the confirmation e-mail make it (docs/product.md §2 "Quote
 * page", §8 "Forms"), against the production Worker in Miniflare: the 'Service Type' list
 * names each service as the site content does, and as the owner renamed it in 'Site content' →
 * Services from the next request after the publish (a type without a service keeps its label); and
 * the success message's promise of a status link is what the confirmation e-mail carries.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STARTING_CONTENT } from "~/content/starting-content";
import { SERVICE_TYPE_LABELS, SERVICE_TYPES } from "~/domain/enumerations";
import { MESSAGES } from "~/domain/texts/messages";
import { VALID_QUOTE } from "../fixtures";
import { followRedirect, postForm, startWorker, syncEdgeVersion, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** Publishes `services` as the live Services section, as a publish writes it (row and content version's bump in one batch). */
async function publishServices(services: typeof STARTING_CONTENT.services) {
  await worker.db.batch([
    worker.db
      .prepare("INSERT INTO site_content_revisions (section, body, action, created_at) VALUES ('services', ?, 'publish', ?)")
      .bind(JSON.stringify(services), Date.now()),
    worker.db.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1"),
  ]);
  await syncEdgeVersion(worker);
}

/** The service select's options on an anonymous GET /quote, as [value, label] pairs (HTML entities of the labels left as sent). */
async function serviceOptions(): Promise<Array<[string, string]>> {
  const html = await (await worker.fetch("/quote")).text();
  const select = /<select[^>]*name="serviceType"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => [match[1]!, match[2]!]);
}

describe("GET /quote: the service list", () => {
  test("each service type under its service's title in the site content (a type with no service under its label); a renamed service under its new name the next request, its value unchanged; markup stays text", async () => {
    const titleOf = (services: typeof STARTING_CONTENT.services, type: string) =>
      services.find((service) => service.serviceType === type)?.title ?? SERVICE_TYPE_LABELS[type as keyof typeof SERVICE_TYPE_LABELS];
    const before = await serviceOptions();
    expect(before).toEqual([["", "Select a service"], ...SERVICE_TYPES.map((type) => [type, titleOf(STARTING_CONTENT.services, type)])]);
    // The starting content names residential as its page does; deep-clean has no service of its own.
    expect(Object.fromEntries(before)).toMatchObject({ residential: "Residential Deep Cleaning", "deep-clean": "Deep Cleaning" });

    await publishServices(
      STARTING_CONTENT.services.map((service) =>
        service.serviceType === "residential"
          ? { ...service, title: "Home Cleaning" }
          : service.serviceType === "airbnb"
            ? { ...service, title: "Holiday Rental <b>Turnover</b>" }
            : service,
      ),
    );
    const after = await serviceOptions();
    expect(after.map(([value]) => value)).toEqual(["", ...SERVICE_TYPES]);
    expect(Object.fromEntries(after)).toMatchObject({
      residential: "Home Cleaning",
      airbnb: "Holiday Rental &lt;b&gt;Turnover&lt;/b&gt;",
      commercial: "Commercial Cleaning",
      "deep-clean": "Deep Cleaning",
    });
    await publishServices(STARTING_CONTENT.services);
    expect(Object.fromEntries(await serviceOptions()).residential).toBe("Residential Deep Cleaning");
  });
});

describe("POST /quote: the success message", () => {
  test("says a private link to follow the request was e-mailed, and the confirmation e-mail carries the status page's link", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(VALID_QUOTE)) form.append(name, value);
    const response = await postForm(worker, "/quote", form);
    expect(response.status).toBe(303);
    const page = (await (await followRedirect(worker, response)).text()).replaceAll("&#x27;", "'");
    expect(MESSAGES.quoteSuccess).toContain("We have e-mailed you a private link to follow your request.");
    expect(page).toContain(MESSAGES.quoteSuccess);
    const mail = await waitFor(
      () => worker.mails().find((sent) => sent.to === VALID_QUOTE.email && sent.subject.startsWith("Your quote request MB-")),
      "the confirmation e-mail",
    );
    const token = await worker.db.prepare("SELECT status_token FROM quote_requests").first<string>("status_token");
    expect(mail.links.some((link) => link.endsWith(`/status/${token}`))).toBe(true);
  });
});
