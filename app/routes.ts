/**
 * Every URL of the site (v3_routeConfig). Public pages share the header and footer of
 * routes/public/layout.tsx; anything unmatched is the product's 404 page with status 404.
 * Every page has its own URL (docs/product.md §2).
 */
import { index, layout, route, type RouteConfig } from "@remix-run/route-config";
import { CONTENT_SECTIONS } from "./domain/enumerations";

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("auth", "routes/auth/index.tsx"),
  route("auth/verify", "routes/auth/verify.tsx"),
  route("auth/forgot", "routes/auth/forgot.tsx"),
  route("auth/reset", "routes/auth/reset.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  route("auth/invite", "routes/auth/invite.tsx"),
  route("auth/two-step", "routes/auth/two-step.tsx"),
  route("auth/passkey", "routes/auth/passkey.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("quotes", "routes/admin/quotes.tsx"),
    route("quotes/:id", "routes/admin/quote.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("messages/:id", "routes/admin/message.tsx"),
    route("team", "routes/admin/team.tsx"),
    route("templates", "routes/admin/templates.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("gallery", "routes/admin/gallery.tsx"),
    route("security", "routes/admin/security.tsx"),
    route("availability", "routes/admin/availability.tsx"),
    route("schedule", "routes/admin/schedule.tsx"),
    route("crews", "routes/admin/crews.tsx"),
    route("calendar-feeds", "routes/admin/calendar-feeds.tsx"),
    // Site content (docs/product.md §13); /admin/content/prices is the price guide's own editor.
    route("content", "routes/admin/content.tsx"),
    route("content/business", "routes/admin/content-business.tsx"),
    route("content/services", "routes/admin/content-services.tsx"),
    route("content/services/:slug", "routes/admin/content-service.tsx"),
    route("content/faqs", "routes/admin/content-faqs.tsx"),
    route("content/faqs/:id", "routes/admin/content-faq.tsx"),
    route("content/prices", "routes/admin/content-prices.tsx"),
    // Each section's history, spelled out so that /admin/content/faqs/history is never read as an FAQ's editor.
    ...CONTENT_SECTIONS.flatMap((section) => [
      route(`content/${section}/history`, "routes/admin/content-history.tsx", { id: `admin-content-${section}-history` }),
      route(`content/${section}/history/:id`, "routes/admin/content-revision.tsx", { id: `admin-content-${section}-revision` }),
    ]),
  ]),
  route("admin/schedule/sheet", "routes/admin/schedule-sheet.tsx"),
  route("admin/security/passkey", "routes/admin/security-passkey.ts"),
  route("admin/attachments/:id", "routes/admin/attachment.tsx"),
  route("admin/gallery/media/:name", "routes/admin/gallery-media.tsx"),
  route("admin/quotes.csv", "routes/admin/export-csv.ts", { id: "admin-quotes-csv" }),
  route("admin/messages.csv", "routes/admin/export-csv.ts", { id: "admin-messages-csv" }),
  // A crew's or the team's calendar feed, "<token>.ics" (outside the public layout: it returns the file).
  route("calendar/:file", "routes/calendar-feed.ts"),
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("services", "routes/public/services.tsx"),
    route("services/:slug", "routes/public/service.tsx"),
    route("about", "routes/public/about.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("gallery", "routes/public/gallery.tsx"),
    route("faq", "routes/public/faq.tsx"),
    route("quote", "routes/public/quote.tsx"),
    route("pricing", "routes/public/pricing.tsx"),
    route("status/:token", "routes/public/status.tsx"),
    route("status/:token/book", "routes/public/book.tsx"),
    route("review/:token", "routes/public/review.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
