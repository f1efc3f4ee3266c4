/** The header's navigation (docs/product.md §2 "Header navigation"), in display order. */
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

/** Every public page, in sitemap order (the 404 page and admin pages are not listed). */
export function publicPaths(serviceSlugs: readonly string[]): string[] {
  return [...PRIMARY_NAV.map((item) => item.to), "/quote", ...serviceSlugs.map((slug) => `/services/${slug}`)];
}
