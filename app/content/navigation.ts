/** The header's navigation (product spec §2 "Header navigation"), in display order. */
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
