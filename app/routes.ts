/**
 * Every URL of the site (v3_routeConfig). Public pages share the header and footer of
 * routes/public/layout/route.tsx; anything unmatched is the product's 404 page with status 404.
 * Every page has its own URL (docs/product.md §2).
 */
import { index, layout, route, type RouteConfig } from "@remix-run/route-config";
import { CONTENT_SECTIONS } from "./domain/enumerations";

export default [
  route("sitemap.xml", "routes/sitemap/route.ts"),
  route("robots.txt", "routes/robots/route.ts"),
  route("auth", "routes/auth/sign-in/route.tsx"),
  route("auth/verify", "routes/auth/verify/route.tsx"),
  route("auth/forgot", "routes/auth/forgot/route.tsx"),
  route("auth/reset", "routes/auth/reset/route.tsx"),
  route("auth/sign-out", "routes/auth/sign-out/route.tsx"),
  route("auth/invite", "routes/auth/invite/route.tsx"),
  route("auth/two-step", "routes/auth/two-step/route.tsx"),
  route("auth/passkey", "routes/auth/passkey/route.ts"),
  route("admin", "routes/admin/layout/route.tsx", [
    index("routes/admin/index/route.tsx"),
    route("quotes", "routes/admin/quotes/route.tsx"),
    route("quotes/:id", "routes/admin/quote/route.tsx"),
    route("messages", "routes/admin/messages/route.tsx"),
    route("messages/:id", "routes/admin/message/route.tsx"),
    route("customers", "routes/admin/customers/route.tsx"),
    route("customers/:id", "routes/admin/customer/route.tsx"),
    // Invoices, credit notes and payments (docs/product.md §15).
    route("invoices", "routes/admin/invoices/route.tsx"),
    route("invoices/unpaid", "routes/admin/invoices-unpaid/route.tsx"),
    route("invoices/new", "routes/admin/invoice-new/route.tsx"),
    route("invoices/:id", "routes/admin/invoice/route.tsx"),
    route("billing", "routes/admin/billing/route.tsx"),
    route("retention", "routes/admin/retention/route.tsx"),
    route("team", "routes/admin/team/route.tsx"),
    route("templates", "routes/admin/templates/route.tsx"),
    route("reviews", "routes/admin/reviews/route.tsx"),
    route("gallery", "routes/admin/gallery/route.tsx"),
    route("security", "routes/admin/security/route.tsx"),
    route("availability", "routes/admin/availability/route.tsx"),
    route("schedule", "routes/admin/schedule/route.tsx"),
    route("crews", "routes/admin/crews/route.tsx"),
    route("calendar-feeds", "routes/admin/calendar-feeds/route.tsx"),
    // Site content (docs/product.md §13); /admin/content/prices is the price guide's own editor.
    route("content", "routes/admin/content/route.tsx"),
    route("content/business", "routes/admin/content-business/route.tsx"),
    route("content/services", "routes/admin/content-services/route.tsx"),
    route("content/services/:slug", "routes/admin/content-service/route.tsx"),
    route("content/faqs", "routes/admin/content-faqs/route.tsx"),
    route("content/faqs/:id", "routes/admin/content-faq/route.tsx"),
    route("content/prices", "routes/admin/content-prices/route.tsx"),
    // Each section's history, spelled out so that /admin/content/faqs/history is never read as an FAQ's editor.
    ...CONTENT_SECTIONS.flatMap((section) => [
      route(`content/${section}/history`, "routes/admin/content-history/route.tsx", { id: `admin-content-${section}-history` }),
      route(`content/${section}/history/:id`, "routes/admin/content-revision/route.tsx", { id: `admin-content-${section}-revision` }),
    ]),
  ]),
  route("admin/schedule/sheet", "routes/admin/schedule-sheet/route.tsx"),
  route("admin/security/passkey", "routes/admin/security-passkey/route.ts"),
  route("admin/attachments/:id", "routes/admin/attachment/route.tsx"),
  route("admin/customers/:id/export", "routes/admin/customer-export/route.ts"),
  route("admin/customers/:id/erase", "routes/admin/customer-erase/route.tsx"),
  route("admin/gallery/media/:name", "routes/admin/gallery-media/route.tsx"),
  route("admin/quotes.csv", "routes/admin/export-csv/route.ts", { id: "admin-quotes-csv" }),
  route("admin/messages.csv", "routes/admin/export-csv/route.ts", { id: "admin-messages-csv" }),
  route("admin/invoices.csv", "routes/admin/invoices-csv/route.ts"),
  route("admin/overview.csv", "routes/admin/overview-csv/route.ts"),
  // An issued invoice's card payment: the redirect to the provider, and its return (outside the public layout).
  route("invoice/:token/pay", "routes/public/invoice-pay/route.ts"),
  route("invoice/:token/paid", "routes/public/invoice-paid/route.ts"),
  // A crew's or the team's calendar feed, "<token>.ics" (outside the public layout: it returns the file).
  route("calendar/:file", "routes/calendar-feed/route.ts"),
  // The booked visit of a status page as an .ics download (outside the public layout: it returns the file).
  route("status/:token/visit.ics", "routes/public/status/calendar.ts"),
  layout("routes/public/layout/route.tsx", [
    index("routes/public/home/route.tsx"),
    route("services", "routes/public/services/route.tsx"),
    route("services/:slug", "routes/public/service/route.tsx"),
    route("about", "routes/public/about/route.tsx"),
    route("contact", "routes/public/contact/route.tsx"),
    route("gallery", "routes/public/gallery/route.tsx"),
    route("faq", "routes/public/faq/route.tsx"),
    route("quote", "routes/public/quote/route.tsx"),
    route("pricing", "routes/public/pricing/route.tsx"),
    route("privacy", "routes/public/privacy/route.tsx"),
    route("status/:token", "routes/public/status/route.tsx"),
    route("status/:token/book", "routes/public/book/route.tsx"),
    // An issued invoice's private page (printable) and a payment's receipt.
    route("invoice/:token", "routes/public/invoice/route.tsx"),
    route("invoice/:token/receipt/:paymentId", "routes/public/receipt/route.tsx"),
    route("review/:token", "routes/public/review/route.tsx"),
    route("*", "routes/public/not-found/route.tsx"),
  ]),
] satisfies RouteConfig;
