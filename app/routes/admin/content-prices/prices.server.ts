/**
 * The server side of /admin/content/prices (docs/product.md §13 "Price guide"): admins only.
 * The loader shows one service's table (`?service=`, the first service by default) from the
 * live guide with the live revision it starts from; the action takes the table to a preview
 * (`preview`: checked row by row, nothing stored), back to the table (`edit`) or publishes the
 * previewed guide (`publish`: checked again, then `publishSection`, refused when someone
 * published meanwhile). It answers like the content editors (app/forms/content-admin.ts
 * `EditorAnswer`): a refusal is Conform's submission result, a preview or the table again are
 * extra data. Amounts are whole dollars. Statements: app/server/site.
 */
import { parse } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SERVICE_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from "~/domain/enumerations";
import type { ServicePriceTable } from "~/domain/price-guide";
import type { PriceRange } from "~/domain/site-content";
import { PRICE_GUIDE_MESSAGES } from "~/domain/texts/staff-messages";
import type { EditorAnswer } from "~/forms/content-admin";
import {
  priceEditorSchema,
  priceInputsOf,
  pricePreviewSchema,
  priceTableSchema,
  readPriceTable,
  readPricesJson,
  type PriceInputs,
} from "./schema";
import { refusal, type FormResult } from "~/forms/result";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { logFailure } from "~/server/platform";
import { priceTables, publishSection, readLiveContent } from "~/server/site";

const PAGE = "/admin/content/prices";

/** The editor's posts: every input of the table, or the preview's guide as JSON (up to 32,000 characters). */
const CONTRACT = { ...formContract(priceEditorSchema), maxFields: 80 };
/** The largest post: the table's 64 inputs, or the guide's JSON. */
const MAX_BYTES = 64 * 1024;

/** The service a `?service=` names, or the first one. */
function serviceOf(value: string | null | undefined): ServiceType {
  return SERVICE_TYPES.find((type) => type === value) ?? SERVICE_TYPES[0];
}

/** The service links above the table: each service with how many ranges it has. */
function serviceLinks(prices: readonly PriceRange[]) {
  return SERVICE_TYPES.map((type) => ({
    type,
    label: SERVICE_TYPE_LABELS[type],
    ranges: prices.filter((range) => range.service === type).length,
  }));
}

/** The loader of /admin/content/prices. Out: the chosen service, the service links, its table's inputs from the live guide and the live revision id. */
export async function priceGuidePageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const service = serviceOf(new URL(request.url).searchParams.get("service"));
  const live = await readLiveContent(context.db);
  return {
    service,
    services: serviceLinks(live.content.prices),
    inputs: priceInputsOf(live.content.prices, service),
    basedOn: live.revisions.prices,
  };
}

/** The preview of a checked table: the whole guide (as JSON for 'Publish'), the chosen service's table as /pricing shows it. */
export interface PricePreview {
  service: ServiceType;
  basedOn: number;
  pricesJson: string;
  table: ServicePriceTable | null;
  /** Ranges of the other services, kept as they are. */
  others: number;
}

/** The table again ('Back to editing'), with the previewed values. */
export interface PriceEditing {
  service: ServiceType;
  basedOn: number;
  inputs: PriceInputs;
}

/** What the action answers: a refusal, or with a 200 the preview or the table again. */
type PriceGuideAnswer = EditorAnswer<PricePreview, PriceEditing>;

/** A refused table: each row's message under its input, `message` as the form's own, the values as typed. */
function refusedTable(formData: FormData, errors: Record<string, string[]>, message: string): FormResult {
  return parse<never, string[]>(formData, { resolve: () => ({ error: { ...errors, "": [message] } }) }).reply();
}

/**
 * POST on /admin/content/prices. `preview`: 200 with the preview, or 400 with each refused
 * row's message and the inputs as typed; `edit`: 200 with the table of the previewed values;
 * `publish`: a redirect to the service's table with "Price guide published", 409 when the
 * guide was published by someone else since the table was opened, 400 for a guide that does
 * not pass `pricesSchema`, 503 when D1 fails. Nothing is stored but by a publish that passes.
 */
export async function priceGuidePageAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, CONTRACT, MAX_BYTES);
  if (!form.ok) return data<PriceGuideAnswer>(refusal(null, form.message), { status: 400 });
  const fields = Object.fromEntries(
    [...form.formData.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );

  if (fields.intent === "preview") {
    const table = priceTableSchema.safeParse(fields);
    if (!table.success) return data<PriceGuideAnswer>(refusal(form.formData, PRICE_GUIDE_MESSAGES.unreadable), { status: 400 });
    const { service, basedOn } = table.data;
    const live = await readLiveContent(context.db);
    const result = readPriceTable(live.content.prices, service, fields);
    if (!result.ok) {
      return data<PriceGuideAnswer>(refusedTable(form.formData, result.errors, PRICE_GUIDE_MESSAGES.refused(result.count)), {
        status: 400,
      });
    }
    const own = result.prices.filter((range) => range.service === service);
    const preview: PricePreview = {
      service,
      basedOn,
      pricesJson: JSON.stringify(result.prices),
      table: priceTables(own)[0] ?? null,
      others: result.prices.length - own.length,
    };
    return data<PriceGuideAnswer>({ preview });
  }

  const sent = pricePreviewSchema.safeParse(fields);
  const prices = sent.success ? readPricesJson(sent.data.prices) : null;
  if (!sent.success || !prices) return data<PriceGuideAnswer>(refusal(form.formData, PRICE_GUIDE_MESSAGES.unreadable), { status: 400 });
  const { service, basedOn, intent } = sent.data;
  if (intent === "edit") {
    return data<PriceGuideAnswer>({ editing: { service, basedOn, inputs: priceInputsOf(prices, service) } });
  }
  try {
    const published = await publishSection(context.db, "prices", prices, { author: { userId: user.id, email: user.email }, basedOn });
    if (!published.ok) return data<PriceGuideAnswer>(refusal(form.formData, PRICE_GUIDE_MESSAGES.stale), { status: 409 });
  } catch (error) {
    logFailure("price_guide_publish_failed", error);
    return data<PriceGuideAnswer>(refusal(form.formData, PRICE_GUIDE_MESSAGES.failed), { status: 503 });
  }
  return redirect(`${PAGE}?service=${service}`, { headers: { "Set-Cookie": await commitNotice(request, "pricesPublished") } });
}
