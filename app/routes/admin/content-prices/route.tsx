/**
 * /admin/content/prices (docs/product.md §13 "Price guide"): the typical price ranges /pricing,
 * the quote form and the confirmation e-mail show. One service at a time (`?service=`): a row
 * per property size and frequency with J$ from / to and optional US$ from / to; a row left
 * empty has no range. 'Preview' checks the table and shows it as /pricing will; 'Publish'
 * makes it live, 'Back to editing' returns to the table. Plain POSTs: no JavaScript needed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_INPUT, Button, Card, PageHeader, chipClass, useBusy, ResultForm } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { PriceTable } from "~/components/public/price-table";
import { FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, PROPERTY_SIZES, SERVICE_TYPE_LABELS, type ServiceType } from "~/domain/enumerations";
import { PRICE_CELLS, PRICE_PARTS, priceCellLabel, priceFieldName, type PriceInputs, type PricePart } from "./schema";
import { answerParts } from "~/components/admin/content-editor";
import { readResult, type ReadResult } from "~/forms/result";
import { priceGuidePageAction, priceGuidePageLoader, type PricePreview } from "./prices.server";

export const loader = (args: LoaderFunctionArgs) => priceGuidePageLoader(args);
export const action = (args: ActionFunctionArgs) => priceGuidePageAction(args);

const PART_LABELS: Record<PricePart, string> = {
  minJmd: "J$ from",
  maxJmd: "J$ to",
  minUsd: "US$ from",
  maxUsd: "US$ to",
};

export default function PriceGuidePage() {
  const loaded = useLoaderData<typeof loader>();
  const { preview, editing, refused } = answerParts(useActionData<typeof action>());
  const table = readResult(refused, { intent: "preview" });
  const pageError = readResult(refused).error("");
  const tableRefused = table.value("intent") === "preview";
  const service = preview?.service ?? editing?.service ?? (tableRefused ? (table.value("service") as ServiceType) : loaded.service);
  const basedOn = editing?.basedOn ?? (tableRefused ? Number(table.value("basedOn")) : loaded.basedOn);
  const title = SERVICE_TYPE_LABELS[service] ?? SERVICE_TYPE_LABELS[loaded.service];
  return (
    <section aria-labelledby="prices-heading" className="space-y-6">
      <PageHeader
        id="prices-heading"
        title="Price guide"
        lead="Typical price ranges per service, property size and frequency, in whole dollars. They show on /pricing, under the quote form once a visitor picks a service and size, in the confirmation e-mail, and beside 'Send quote'. A row left empty has no range."
        actions={
          <>
            <Link to="/admin/content/prices/history" className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline">
              History
            </Link>
            <Link to="/pricing" className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline">
              See /pricing
            </Link>
          </>
        }
      />
      <nav aria-label="Services" className="flex flex-wrap gap-2">
        {loaded.services.map((entry) => (
          <Link
            key={entry.type}
            to={`/admin/content/prices?service=${entry.type}`}
            aria-current={entry.type === service ? "page" : undefined}
            className={chipClass(entry.type === service)}
          >
            {entry.label}
            <span className="ml-1 opacity-80">{`(${entry.ranges})`}</span>
          </Link>
        ))}
      </nav>
      {pageError && !tableRefused ? <FormStatus tone="error">{pageError}</FormStatus> : null}
      {preview ? (
        <PreviewCard preview={preview} title={title} />
      ) : (
        <EditorCard
          key={`${service}-${basedOn}-${editing ? "back" : tableRefused ? "refused" : "live"}`}
          service={service}
          title={title}
          basedOn={basedOn}
          inputs={editing?.inputs ?? loaded.inputs}
          refused={tableRefused ? table : null}
        />
      )}
    </section>
  );
}

/** The table of one service: a row per size and frequency, four amounts each, with each refused row's message under it. */
function EditorCard(props: { service: ServiceType; title: string; basedOn: number; inputs: PriceInputs; refused: ReadResult | null }) {
  const busy = useBusy();
  const { refused } = props;
  const valueOf = (name: string) => (refused ? (refused.value(name) ?? "") : (props.inputs[name] ?? ""));
  return (
    <Card title={`${props.title}: typical prices`} titleId="prices-table-heading">
      <ResultForm preventScrollReset className="space-y-4" aria-labelledby="prices-table-heading">
        {refused?.error("") ? <FormStatus tone="error">{refused.error("")}</FormStatus> : null}
        <input type="hidden" name="intent" value="preview" />
        <input type="hidden" name="service" value={props.service} />
        <input type="hidden" name="basedOn" value={props.basedOn} />
        <p className="text-sm text-slate-700">Whole dollars, such as 14000. US$ is optional: give both ends or none.</p>
        <div
          aria-hidden="true"
          className="hidden gap-3 text-sm font-semibold text-slate-700 sm:grid sm:grid-cols-[8rem_repeat(4,minmax(0,1fr))]"
        >
          <span>Frequency</span>
          {PRICE_PARTS.map((part) => (
            <span key={part}>{PART_LABELS[part]}</span>
          ))}
        </div>
        {PROPERTY_SIZES.map((size) => (
          <fieldset key={size} className="border-t border-slate-200 pt-3">
            <legend className="float-left mb-2 w-full font-semibold text-slate-900">{PROPERTY_SIZE_LABELS[size]}</legend>
            <div className="clear-left space-y-3 sm:space-y-2">
              {PRICE_CELLS.filter((cell) => cell.size === size).map((cell) => {
                const error = PRICE_PARTS.map((part) => refused?.error(priceFieldName(cell, part))).find(Boolean);
                const errorId = `${size}-${cell.frequency}-error`;
                return (
                  <div
                    key={cell.frequency}
                    data-cell={`${size}/${cell.frequency}`}
                    className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-[8rem_repeat(4,minmax(0,1fr))] sm:items-center"
                  >
                    <p className="col-span-2 text-sm font-medium text-slate-800 sm:col-span-1">{FREQUENCY_LABELS[cell.frequency]}</p>
                    {PRICE_PARTS.map((part) => {
                      const name = priceFieldName(cell, part);
                      const wrong = refused?.error(name);
                      return (
                        <label key={part} className="block">
                          <span aria-hidden="true" className="text-xs text-slate-600 sm:hidden">
                            {PART_LABELS[part]}
                          </span>
                          <input
                            name={name}
                            id={name}
                            inputMode="numeric"
                            maxLength={20}
                            aria-label={`${priceCellLabel(cell)}: ${PART_LABELS[part]}`}
                            defaultValue={valueOf(name)}
                            className={ADMIN_INPUT}
                            aria-invalid={wrong ? true : undefined}
                            aria-describedby={wrong ? errorId : undefined}
                          />
                        </label>
                      );
                    })}
                    {error ? (
                      <p id={errorId} className="col-span-2 text-sm font-medium text-red-700 sm:col-span-5">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        <Button disabled={busy}>Preview</Button>
      </ResultForm>
    </Card>
  );
}

/** The checked table as /pricing will show it, with 'Publish' (the whole guide as JSON) and 'Back to editing'. */
function PreviewCard({ preview, title }: { preview: PricePreview; title: string }) {
  const busy = useBusy();
  return (
    <Card title={`Preview: ${title}`} titleId="prices-preview-heading">
      <div className="space-y-4" data-testid="prices-preview">
        <p className="text-slate-700">
          {`This is how /pricing will show ${title}. Nothing is published yet.`}
          {preview.others > 0 ? ` The other services' ${preview.others} ranges stay as they are.` : null}
        </p>
        {preview.table ? (
          <PriceTable table={preview.table} headingLevel="h3" />
        ) : (
          <p className="font-semibold text-slate-900">{`No ranges for ${title}: /pricing will not list it, and its quote requests show no typical price.`}</p>
        )}
        <ResultForm preventScrollReset className="flex flex-wrap gap-3">
          <input type="hidden" name="service" value={preview.service} />
          <input type="hidden" name="basedOn" value={preview.basedOn} />
          <input type="hidden" name="prices" value={preview.pricesJson} />
          <Button name="intent" value="publish" disabled={busy}>
            Publish
          </Button>
          <Button name="intent" value="edit" variant="outline" disabled={busy}>
            Back to editing
          </Button>
        </ResultForm>
      </div>
    </Card>
  );
}
