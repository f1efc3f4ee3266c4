/** Class names shared by links and buttons, so every call to action looks the same. */
const base =
  "inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

export const buttonStyles = {
  /** The main call to action: sun-yellow with dark text (contrast 10:1). */
  primary: `${base} bg-sun-400 text-brand-950 hover:bg-sun-300 shadow-sm`,
  /** Solid teal with white text (contrast 6.6:1). */
  secondary: `${base} bg-brand-700 text-white hover:bg-brand-800`,
  /** Outlined, for use on light backgrounds. */
  outline: `${base} border-2 border-brand-700 text-brand-800 hover:bg-brand-50`,
} as const;
