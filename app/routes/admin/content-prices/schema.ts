/**
 * The price guide's editor (/admin/content/prices, docs/product.md §13 "Price guide"): one
 * service at a time, a row per property size and frequency with J$ from / to and optional
 * US$ from / to, in whole dollars. A row left empty has no range. Its three steps are three
 * intents of one page: `preview` (the table, checked here cell by cell), `publish` (the whole
 * guide as JSON, checked again by `pricesSchema`) and `edit` (back to the table from the
 * preview).
 */
import { FREQUENCIES, FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, PROPERTY_SIZES, SERVICE_TYPES } from "~/domain/enumerations";
import type { Frequency, PropertySize, ServiceType } from "~/domain/enumerations";
import type { PriceRange } from "~/domain/site-content";
import { pricesSchema } from "~/forms/site-content";
import { z } from "~/forms/zod";

/** The four inputs of a row. */
export const PRICE_PARTS = ["minJmd", "maxJmd", "minUsd", "maxUsd"] as const;
export type PricePart = (typeof PRICE_PARTS)[number];

/** One row of the table: a property size and a frequency. */
export interface PriceCell {
  size: PropertySize;
  frequency: Frequency;
}

/** Every row, sizes first, in the enumerations' order. */
export const PRICE_CELLS: readonly PriceCell[] = PROPERTY_SIZES.flatMap((size) => FREQUENCIES.map((frequency) => ({ size, frequency })));

/** The form field of one input of a row: "medium-one-time-maxJmd". */
export function priceFieldName(cell: PriceCell, part: PricePart): string {
  return `${cell.size}-${cell.frequency}-${part}`;
}

/** "Medium (3-4 bedrooms), One-time": how messages and labels name a row. */
export function priceCellLabel(cell: PriceCell): string {
  return `${PROPERTY_SIZE_LABELS[cell.size]}, ${FREQUENCY_LABELS[cell.frequency]}`;
}

/** Characters an amount may have as typed ("10,000,000" and some spaces). */
const AMOUNT_CHARS = 20;
/** The guide as JSON, at its largest (every service, size and frequency with both currencies). */
const PRICES_JSON_CHARS = 32_000;
/** The highest amount a range may have, as pricesSchema allows. */
const MAX_AMOUNT = 10_000_000;

const serviceField = z.enum(SERVICE_TYPES, { error: "Choose a service." });
const basedOnField = z.coerce.number().int().min(0);

/** The table's post: the service, the live revision it started from and every input (as typed). */
export const priceTableSchema = z.object({
  intent: z.literal("preview"),
  service: serviceField,
  basedOn: basedOnField,
  ...Object.fromEntries(
    PRICE_CELLS.flatMap((cell) => PRICE_PARTS.map((part) => [priceFieldName(cell, part), z.string().max(AMOUNT_CHARS).optional()])),
  ),
});

/** The preview's post: 'Publish' or 'Back to editing', with the whole guide as JSON. */
export const pricePreviewSchema = z.object({
  intent: z.enum(["publish", "edit"]),
  service: serviceField,
  basedOn: basedOnField,
  prices: z.string().max(PRICES_JSON_CHARS),
});

/** The fields of every post of the editor, for the input gate: the table's and the preview's. */
export const priceEditorSchema = z.union([priceTableSchema, pricePreviewSchema]);

/** The inputs of a table as typed, by field name. */
export type PriceInputs = Record<string, string>;

/** The table's inputs for `service`'s ranges in `prices` (empty for a row without one). */
export function priceInputsOf(prices: readonly PriceRange[], service: ServiceType): PriceInputs {
  const inputs: PriceInputs = {};
  for (const range of prices) {
    if (range.service !== service) continue;
    const cell = { size: range.size, frequency: range.frequency };
    for (const part of PRICE_PARTS) inputs[priceFieldName(cell, part)] = range[part] === null ? "" : String(range[part]);
  }
  return inputs;
}

const AMOUNT_NAMES: Record<PricePart, string> = {
  minJmd: "the lowest J$ price",
  maxJmd: "the highest J$ price",
  minUsd: "the lowest US$ price",
  maxUsd: "the highest US$ price",
};

/** An amount as typed: null when empty, a number of whole dollars, or the reason it is not one. */
function readAmount(raw: string | undefined, part: PricePart): { value: number | null } | { error: string } {
  const text = (raw ?? "").replace(/[\s,]/g, "").replace(/^(J|US)?\$/i, "");
  if (text === "") return { value: null };
  if (!/^\d+$/.test(text)) return { error: `${AMOUNT_NAMES[part]} must be a whole number of dollars, such as 14000` };
  const value = Number(text);
  if (value < 1) return { error: `${AMOUNT_NAMES[part]} must be at least 1` };
  if (value > MAX_AMOUNT) return { error: `${AMOUNT_NAMES[part]} must be at most ${MAX_AMOUNT.toLocaleString("en-US")}` };
  return { value };
}

/** The outcome of a table: the whole guide with this service's ranges replaced, or a message per refused row (on its first wrong input). */
export type PriceTableResult = { ok: true; prices: PriceRange[] } | { ok: false; errors: Record<string, string[]>; count: number };

/**
 * Checks the table of one service, row by row, and puts its ranges in place of that service's
 * in `current` (the live guide); other services' ranges are kept as they are. In: the inputs
 * as typed (amounts in whole dollars; commas, spaces and a leading J$/US$/$ are fine). A row
 * with every input empty has no range. Out: the new guide, in a stable order (service, size,
 * frequency), or each refused row's message keyed by the input it is about, naming the row:
 * "Medium (3-4 bedrooms), One-time: the highest J$ price must not be below the lowest."
 */
export function readPriceTable(current: readonly PriceRange[], service: ServiceType, inputs: PriceInputs): PriceTableResult {
  const errors: Record<string, string[]> = {};
  const ranges: PriceRange[] = [];
  for (const cell of PRICE_CELLS) {
    const refuse = (part: PricePart, reason: string) => {
      errors[priceFieldName(cell, part)] = [`${priceCellLabel(cell)}: ${reason}.`];
    };
    const amounts: Partial<Record<PricePart, number | null>> = {};
    let wrong = false;
    for (const part of PRICE_PARTS) {
      const read = readAmount(inputs[priceFieldName(cell, part)], part);
      if ("error" in read) {
        refuse(part, read.error);
        wrong = true;
        break;
      }
      amounts[part] = read.value;
    }
    if (wrong) continue;
    const { minJmd = null, maxJmd = null, minUsd = null, maxUsd = null } = amounts;
    if (minJmd === null && maxJmd === null && minUsd === null && maxUsd === null) continue;
    if (minJmd === null || maxJmd === null) {
      if (minJmd === null && maxJmd === null) refuse("minJmd", "a US$ range needs a J$ range too; enter J$ from and to");
      else refuse(minJmd === null ? "minJmd" : "maxJmd", "give the J$ range both ends (from and to), or leave the row empty");
      continue;
    }
    if (maxJmd < minJmd) {
      refuse("maxJmd", "the highest J$ price must not be below the lowest");
      continue;
    }
    if ((minUsd === null) !== (maxUsd === null)) {
      refuse(minUsd === null ? "minUsd" : "maxUsd", "give the US$ range both ends, or leave both empty");
      continue;
    }
    if (minUsd !== null && maxUsd !== null && maxUsd < minUsd) {
      refuse("maxUsd", "the highest US$ price must not be below the lowest");
      continue;
    }
    ranges.push({ service, size: cell.size, frequency: cell.frequency, minJmd, maxJmd, minUsd, maxUsd });
  }
  const count = Object.keys(errors).length;
  if (count > 0) return { ok: false, errors, count };
  return { ok: true, prices: sortPrices([...current.filter((range) => range.service !== service), ...ranges]) };
}

/** The guide in the enumerations' order: service, then size, then frequency. */
function sortPrices(prices: readonly PriceRange[]): PriceRange[] {
  const order = (range: PriceRange) =>
    (SERVICE_TYPES.indexOf(range.service) * PROPERTY_SIZES.length + PROPERTY_SIZES.indexOf(range.size)) * FREQUENCIES.length +
    FREQUENCIES.indexOf(range.frequency);
  return [...prices].sort((a, b) => order(a) - order(b));
}

/**
 * The guide posted back by the preview, as JSON: parsed and checked by `pricesSchema` (the
 * section's own schema). Out: the guide, or null when the text is not JSON or does not pass.
 */
export function readPricesJson(text: string): PriceRange[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = pricesSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
