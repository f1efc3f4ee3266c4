/** A small set of line icons (24 × 24, stroke = currentColor), decorative by default. */
const PATHS = {
  team: "M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM21 19v-1a4 4 0 0 0-3-3.87M15.5 4.13a3 3 0 0 1 0 5.74",
  leaf: "M5 19c8 0 14-6 14-15-9 0-15 5-15 12 0 1 .2 2 .6 3M5 19l7-7",
  calendar: "M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm3 8h2m4 0h2m-8 4h2m4 0h2",
  shield: "M12 3 4.5 6v5.5c0 4.4 3.2 8.3 7.5 9.5 4.3-1.2 7.5-5.1 7.5-9.5V6L12 3Zm-3 9 2 2 4-4",
  badge: "M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12Zm-3.5 4.5L9 14m6.5 5.5L15 14M8.5 19.5 12 18l3.5 1.5M10 9l1.5 1.5L14.5 7.5",
  star: "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z",
  check: "m5 12.5 4.5 4.5L19 7.5",
  arrowRight: "M5 12h14m-5-5 5 5-5 5",
  arrowLeft: "M19 12H5m5-5-5 5 5 5",
  phone: "M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z",
  mail: "M4 6h16v12H4V6Zm0 0 8 7 8-7",
  chat: "M4 20l1.3-3.9A8 8 0 1 1 8 19.3L4 20Z",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4.5l3 1.5",
  pin: "M12 21s7-6.1 7-12a7 7 0 1 0-14 0c0 5.9 7 12 7 12Zm0-9.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  home: "M4 11 12 4l8 7M6 9.5V20h4.5v-5h3v5H18V9.5",
  chevronDown: "m6 9 6 6 6-6",
  camera: "M4 8h3l2-3h6l2 3h3v11H4V8Zm8 9a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "size-6", label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={label ? "img" : undefined}
      aria-hidden={label ? undefined : true}
      aria-label={label}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The id of an icon's `<symbol>` (IconSymbols). */
const symbolId = (name: IconName) => `icon-${name}`;

/**
 * Icons as `<symbol>`s, drawn once in a page that repeats them: a list's 50 cards each carry
 * three (app/components/admin/list.tsx), some 90 bytes with `SymbolIcon` against 300 inline.
 * Render it once per page, before or after the icons that use it; stroke and colour as `Icon`'s.
 */
export function IconSymbols({ names }: { names: readonly IconName[] }) {
  return (
    <svg className="hidden" aria-hidden>
      {names.map((name) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon drawn from the page's IconSymbols, which must hold `name`. */
export function SymbolIcon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
