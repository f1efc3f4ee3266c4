/** The header's navigation (docs/product.md §2 "Header navigation"), in display order. */
import { PRIVACY_LINK_MESSAGES } from "~/domain/texts/messages";

export interface NavItem {
  label: string;
  to: string;
}

export const PRIMARY_NAV: readonly NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/services" },
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
  { label: "Gallery", to: "/gallery" },
  { label: "FAQ", to: "/faq" },
];

export const ADMIN_LOGIN: NavItem = { label: "Admin Login", to: "/auth" };

/** The price guide's page, linked from the footer when the guide has ranges (docs/product.md §13). */
export const PRICING_NAV: NavItem = { label: "Pricing", to: "/pricing" };

/** The privacy notice (docs/product.md §2 "Privacy notice"): linked from the footer and beside every public form's submit button. */
export const PRIVACY_NAV: NavItem = { label: PRIVACY_LINK_MESSAGES.footerLink, to: "/privacy" };

/** Every public page, in sitemap order (the 404 page and admin pages are not listed), the privacy notice last; /pricing when `pricing`. */
export function publicPaths(serviceSlugs: readonly string[], { pricing }: { pricing: boolean }): string[] {
  return [
    ...PRIMARY_NAV.map((item) => item.to),
    "/quote",
    ...(pricing ? [PRICING_NAV.to] : []),
    ...serviceSlugs.map((slug) => `/services/${slug}`),
    PRIVACY_NAV.to,
  ];
}
