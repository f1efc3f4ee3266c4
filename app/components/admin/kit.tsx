/**
 * The admin's UI kit: every page under /admin is drawn with these parts, and no page keeps
 * style constants of its own (docs/architecture.md §2). Page header, card and section title;
 * buttons (primary, secondary, outline, danger) and the one-button POST form, with the
 * record's status step built on it (docs/product.md §4); badges; disclosures (an item's edit
 * form, a confirmation step: both work without JavaScript); and the labelled fields (text,
 * textarea, select, checkbox, file) with their hint and error wired for screen readers
 * (`aria-invalid`, `aria-describedby` naming `<id>-hint` and `<id>-error`, WCAG 2.2 SC 1.3.1
 * and 3.3.1). Every link and button of the kit is at least 24 by 24 px (WCAG 2.2 SC 2.5.8:
 * `textLinkClass` for a text link), and its forms' answers land where the user is
 * (app/components/hooks/use-result-focus.ts).
 */
import { Form, Link, useNavigation, type FormProps } from "@remix-run/react";
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { BadgeVariant, Step } from "~/domain/status";
import { Icon } from "~/components/icon";
import { useResultAction } from "~/components/hooks/use-result-focus";

/** Joins class names, leaving out the empty ones. */
const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(" ");

/** True while a navigation or a form submission is under way: the kit's buttons wait for it. */
export function useBusy(): boolean {
  return useNavigation().state !== "idle";
}

/** A page's heading (the page's one h1, `id` for its section's aria-labelledby), its lead text, more lines below (children) and actions on the right. */
export function PageHeader(props: { id?: string; title: ReactNode; lead?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div className="min-w-0">
        <h1 id={props.id} className="font-display text-2xl font-bold text-slate-900">
          {props.title}
        </h1>
        {props.lead ? <p className="mt-2 max-w-2xl text-slate-700">{props.lead}</p> : null}
        {props.children}
      </div>
      {props.actions ? <div className="flex flex-wrap items-center gap-3">{props.actions}</div> : null}
    </header>
  );
}

/** The heading of a section of a page (h2). */
export function SectionTitle({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <h2 id={id} className={cx("text-lg font-semibold text-slate-900", className)}>
      {children}
    </h2>
  );
}

type DataAttributes = { [name: `data-${string}`]: string | undefined };

/**
 * A white card. With `title` it is a region named by its heading (`titleId`), the heading
 * first; `as` picks the element (a `li` in a list of items); `compact` keeps the phone's
 * padding on wider screens too (a row of a list).
 */
export function Card({
  as: Element = "section",
  title,
  titleId,
  compact = false,
  className,
  children,
  ...data
}: {
  as?: "section" | "div" | "li" | "article";
  title?: ReactNode;
  titleId?: string;
  compact?: boolean;
  className?: string;
  children: ReactNode;
} & DataAttributes) {
  return (
    <Element
      aria-labelledby={title ? titleId : undefined}
      className={cx("rounded-xl border border-slate-200 bg-white", compact ? "p-4" : "p-4 sm:p-6", className)}
      {...data}
    >
      {title ? (
        <SectionTitle id={titleId} className="mb-4">
          {title}
        </SectionTitle>
      ) : null}
      {children}
    </Element>
  );
}

/**
 * A titled list of items (each a Card `as="li"`), or `empty` when there is none. `ordered`
 * when the order is the items' own (the gallery's).
 */
export function CardList({
  id,
  title,
  empty,
  ordered = false,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  ordered?: boolean;
  children: ReactNode[];
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <section aria-labelledby={id} className="space-y-4">
      <SectionTitle id={id}>{title}</SectionTitle>
      {children.length === 0 ? <p className="text-slate-600">{empty}</p> : <List className="space-y-4">{children}</List>}
    </section>
  );
}

type ButtonVariant = "primary" | "secondary" | "outline" | "danger";
type ButtonSize = "md" | "sm" | "xs";

const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  /** The page's or form's main action: solid teal, white text (contrast 6.6:1). */
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  /** A lesser action beside a primary one. */
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  /** A way out of the page (mail, call, WhatsApp) or a repeat ('Resend'). */
  outline: "border border-brand-300 bg-white text-brand-800 hover:bg-brand-50",
  /** What cannot be undone, behind a confirmation step. */
  danger: "bg-red-700 text-white hover:bg-red-800",
};

const BUTTON_SIZES: Record<ButtonSize, string> = {
  /** A form's submit button (44 px, WCAG 2.2 SC 2.5.8 with room to spare). */
  md: "min-h-11 px-5 text-sm",
  /** A button among others on an item. */
  sm: "min-h-10 px-4 text-sm",
  /** A button in a table row or beside a badge. */
  xs: "min-h-9 px-3 text-xs",
};

/** The classes of a button (or of a link that looks like one) of `variant` and `size`. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return `button ${BUTTON_SIZES[size]} ${BUTTON_VARIANTS[variant]}`;
}

/** The classes of a filter or choice link ('All', 'pending', a template's name): filled when it is the current one. */
export function chipClass(current: boolean): string {
  return cx(
    "inline-flex min-h-9 items-center rounded-full px-3 py-1 text-sm font-medium",
    current ? "bg-brand-800 text-white" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
  );
}

/**
 * The classes of a text link or a link-like button among text ('Back to the schedule', 'Later
 * days', 'Start from: …'): underlined, in `tone`, and at least 24 px tall (WCAG 2.2 SC 2.5.8);
 * `className` adds placement.
 */
export function textLinkClass(tone: "brand" | "danger" | "muted" = "brand", className?: string): string {
  const color = {
    brand: "text-brand-800 hover:text-brand-900",
    danger: "text-red-800 hover:text-red-900",
    muted: "text-slate-700 hover:text-slate-900",
  }[tone];
  return cx("inline-flex min-h-6 min-w-6 items-center font-semibold underline", color, className);
}

/** A submit button of the kit; `className` adds placement (margins, width). */
export function Button({
  variant,
  size,
  className,
  ...button
}: { variant?: ButtonVariant; size?: ButtonSize } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  return <button type="submit" {...button} className={cx(buttonClass(variant, size), className)} />;
}

/**
 * A one-button POST form to the page's action (works without JavaScript): `fields` as hidden
 * inputs in their order, an optional `prompt` before the button, the button disabled while
 * anything is under way; the answer lands at the page's `#result`. `subject` names the item for screen readers (': Kitchen') when every
 * item repeats the same buttons.
 */
export function PostButton({
  fields,
  variant = "primary",
  size = "sm",
  disabled = false,
  subject,
  prompt,
  label,
  className,
  children,
}: {
  fields: Record<string, string>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  disabled?: boolean;
  subject?: string;
  prompt?: ReactNode;
  /** The button's accessible name when its text alone is not enough. */
  label?: string;
  /** The form's classes (layout of prompt and button). */
  className?: string;
  children: ReactNode;
}) {
  const busy = useBusy();
  const action = useResultAction();
  return (
    <Form method="post" action={action} preventScrollReset className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {prompt}
      <button type="submit" disabled={busy || disabled} aria-label={label} className={buttonClass(variant, size)}>
        {children}
        <Subject title={subject} />
      </button>
    </Form>
  );
}

/**
 * An admin page's POST `<Form>` to its own route (Remix's `Form`; every prop passes through, an
 * `action` too) whose answer lands at the page's `#result` without JavaScript: the refused form's
 * banner, or the notice after the redirect (app/components/hooks/use-result-focus.ts).
 */
export function ResultForm(props: Omit<FormProps, "method"> & { method?: "post" }) {
  const action = useResultAction();
  return <Form method="post" action={action} {...props} />;
}

/** A record's next status step (docs/product.md §4) as a one-button form posting `id` and `to`; nothing when the status is final. */
export function StepButton({ id, step }: { id: string; step: Step<string> | undefined }) {
  if (!step) return null;
  return (
    <PostButton fields={{ id, to: step.to }} size="xs">
      {step.label}
    </PostButton>
  );
}

type BadgeTone = BadgeVariant | "positive" | "waiting";

const BADGE_TONES: Record<BadgeTone, string> = {
  outline: "border border-slate-400 text-slate-800 bg-white",
  secondary: "bg-slate-200 text-slate-900",
  default: "bg-brand-800 text-white",
  destructive: "bg-red-700 text-white",
  /** Published, delivered. */
  positive: "bg-brand-100 text-brand-900",
  /** Waiting for someone: a reply, a send. */
  waiting: "bg-amber-100 text-amber-900",
};

/** A small rounded label of `tone`; data attributes pass through (after the class, so tests can read the text right after them). */
export function Badge({
  tone,
  className,
  children,
  ...data
}: { tone: BadgeTone; className?: string; children: ReactNode } & DataAttributes) {
  return (
    <span className={cx("badge", BADGE_TONES[tone], className)} {...data}>
      {children}
    </span>
  );
}

/** A record's status badge, styled as docs/product.md §4 "Badge styles" says. */
export function StatusBadge({ status, variant }: { status: string; variant: BadgeVariant }) {
  return (
    <Badge tone={variant} className="capitalize" data-badge={variant}>
      {status}
    </Badge>
  );
}

/** "Overdue": the record has waited past the reply promise in its attention status (docs/product.md §10). */
export function OverdueMark() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200"
      data-overdue
    >
      <Icon name="clock" className="size-3.5" /> Overdue
    </span>
  );
}

/** The item a repeated control acts on, for screen readers only (': Kitchen'). */
function Subject({ title }: { title: string | undefined }) {
  return title ? <span className="sr-only">: {title}</span> : null;
}

/**
 * A `<details>` disclosure (works without JavaScript). `look="link"`: an underlined summary
 * (an item's 'Edit', 'Delete …'), in `tone`; `look="button"`: a confirmation step whose
 * summary looks like a danger button and whose content sits in a red box, the final button
 * inside. `open` opens it (after a refused edit); `subject` names the item for screen readers.
 */
export function Disclosure({
  summary,
  subject,
  tone = "brand",
  look = "link",
  open,
  className,
  children,
}: {
  summary: ReactNode;
  subject?: string;
  tone?: "brand" | "danger";
  look?: "link" | "button";
  open?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const busy = useBusy();
  if (look === "button") {
    return (
      <details open={open} className={cx("group w-full md:w-auto", className)}>
        <summary
          className={cx(
            "inline-flex min-h-10 cursor-pointer list-none items-center justify-center rounded-full border border-red-300 bg-white px-4 text-sm font-semibold whitespace-nowrap text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden",
            busy && "pointer-events-none opacity-60",
          )}
        >
          {summary}
          <Subject title={subject} />
        </summary>
        <div className="mt-2 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">{children}</div>
      </details>
    );
  }
  return (
    <details open={open} className={className || undefined}>
      <summary
        className={`min-h-6 cursor-pointer py-0.5 text-sm leading-5 font-semibold underline ${tone === "danger" ? "text-red-800" : "text-brand-800"}`}
      >
        {summary}
        <Subject title={subject} />
      </summary>
      {children}
    </details>
  );
}

/** The look of an admin text control (input, textarea, select). */
export const ADMIN_INPUT =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600";

/** The look of an admin file control: the text control's, with a teal 'Choose File' button. */
export const ADMIN_FILE_INPUT = `${ADMIN_INPUT} file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`;

/** The aria attributes of a control that may have an error and a hint (as AdminField names them). */
export function fieldAria(id: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

interface FieldProps {
  /** The control's id; the hint is `<id>-hint`, the error `<id>-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's message from a refused form. */
  error?: string;
  /** The wrapper's classes (grid placement). */
  className?: string;
}

/** One labelled field of an admin form: label, the control (children), hint and error. */
export function AdminField({ id, label, hint, error, className, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled `<input>` (text by default); other attributes (name, type, required, maxLength, defaultValue …) pass through. */
export function AdminInput({
  id,
  label,
  hint,
  error,
  className,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">) {
  return (
    <AdminField id={id} label={label} hint={hint} error={error} className={className}>
      <input id={id} {...input} className={ADMIN_INPUT} {...fieldAria(id, error, Boolean(hint))} />
    </AdminField>
  );
}

/** A labelled `<textarea>`; other attributes pass through. */
export function AdminTextarea({
  id,
  label,
  hint,
  error,
  className,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">) {
  return (
    <AdminField id={id} label={label} hint={hint} error={error} className={className}>
      <textarea id={id} {...textarea} className={ADMIN_INPUT} {...fieldAria(id, error, Boolean(hint))} />
    </AdminField>
  );
}

/** A labelled `<select>`: `options` as [value, label] pairs; other attributes pass through. */
export function AdminSelect({
  id,
  label,
  hint,
  error,
  className,
  options,
  ...select
}: FieldProps & { options: ReadonlyArray<readonly [string, string]> } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className">) {
  return (
    <AdminField id={id} label={label} hint={hint} error={error} className={className}>
      <select id={id} {...select} className={ADMIN_INPUT} {...fieldAria(id, error, Boolean(hint))}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </AdminField>
  );
}

/** A checkbox with its label beside it; other attributes (name, defaultChecked …) pass through. */
export function AdminCheckbox({
  id,
  label,
  ...input
}: { id: string; label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "className">) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
      <input id={id} type="checkbox" {...input} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

/**
 * "← Newer · Page 2 of 9 · Older →" under a list shown a page at a time, newest first; nothing
 * when there is one page. In: the page shown (from 1), the number of pages, and `href(page)`
 * (the list's URL for a page, its other query kept). Plain links, so it works without JavaScript.
 */
export function PageLinks({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const link = textLinkClass();
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link}>
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{`Page ${page} of ${pages.toLocaleString("en-US")}`}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className={link}>
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
