/**
 * The company's mark (a water drop) and name, linking home. The name may wrap on a phone, so a
 * long name, or a wide fallback font, never pushes the header past the screen's width.
 */
import { Link } from "@remix-run/react";

export function Logo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-md" aria-label={`${name}, home`}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-9 shrink-0">
        <rect width="64" height="64" rx="14" fill={inverted ? "#f9c53c" : "#0f524f"} />
        <path d="M32 12c7 9 14 16.5 14 25a14 14 0 0 1-28 0c0-8.5 7-16 14-25z" fill={inverted ? "#0f524f" : "#f9c53c"} />
      </svg>
      <span
        className={`font-display text-base leading-tight font-bold text-balance sm:text-lg sm:whitespace-nowrap ${inverted ? "text-white" : "text-brand-900"}`}
      >
        {name}
      </span>
    </Link>
  );
}
