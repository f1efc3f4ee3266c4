/** The site feature's public face: what the routes, app/http, other features and the tests use of it. */
export {
  companyOf,
  publishSection,
  readCompany,
  readLiveContent,
  readPublicContent,
  readRevision,
  readSectionHistory,
  readSiteContent,
} from "./content.server";
export type { ContentRevision, PublicContent } from "./content.server";
export { publicLayoutData, robotsTxt, servicePhoto, serviceTypeOptions, shownServices, sitemapXml } from "./pages.server";
export { priceTables, pricingPage } from "./pricing.server";
