/**
 * Every URL of the site (v3_routeConfig). Public pages share the header and footer of
 * routes/public/layout.tsx; anything unmatched is the spec's 404 page with status 404.
 */
import { index, layout, route, type RouteConfig } from "@remix-run/route-config";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("quote", "routes/public/quote.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
