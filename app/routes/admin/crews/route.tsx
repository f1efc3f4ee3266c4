/**
 * /admin/crews (docs/product.md §12 "Crews"): the named crews that clean ('Crew A', 'Keisha and
 * Andre'), the weekdays each works and whether it is active. Each window of a day takes one
 * visit per active crew working that day. 'Add crew' and each crew's 'Save' are plain POSTs
 * to this page, so they work without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminCheckbox, AdminInput, Badge, Button, Card, Disclosure, PageHeader, useBusy, ResultForm } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { CREW_LIMITS } from "~/domain/limits";
import { readResult, type FormResult, type ReadResult } from "~/forms/result";
import { crewsPageAction, crewsPageLoader } from "./crews.server";

export const loader = (args: LoaderFunctionArgs) => crewsPageLoader(args);
export const action = (args: ActionFunctionArgs) => crewsPageAction(args);

/** The working days' checkboxes, `day1` (Monday) to `day7` (Sunday), as ./schema.ts reads them. */
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((name, i) => ({ day: i + 1, name }));

type CrewRow = ReturnType<typeof useLoaderData<typeof loader>>["crews"][number];

export default function CrewsPage() {
  const { crews, full } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormResult>();
  const added = readResult(actionData, { intent: "add-crew" });
  const busy = useBusy();
  return (
    <section aria-labelledby="crews-heading" className="space-y-8">
      <PageHeader
        id="crews-heading"
        title="Crews"
        lead="The teams that clean. Each arrival window of a day takes one visit per active crew working that day; with no crew, the availability page's figure applies."
        actions={
          <Link to="/admin/schedule" className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline">
            Back to the schedule
          </Link>
        }
      />
      <Card title="Add a crew" titleId="add-crew">
        {added.error("") ? <FormStatus tone="error">{added.error("")}</FormStatus> : null}
        {full ? (
          <p className="text-slate-700">{`The list holds ${CREW_LIMITS.max} crews: make one inactive and change it instead.`}</p>
        ) : (
          <ResultForm preventScrollReset className="space-y-4" key={crews.length}>
            <input type="hidden" name="intent" value="add-crew" />
            <CrewFields prefix="new" sent={added.value("intent") ? added : null} />
            <Button disabled={busy}>Add crew</Button>
          </ResultForm>
        )}
      </Card>
      <section aria-labelledby="crew-list" className="space-y-4">
        <h2 id="crew-list" className="text-lg font-semibold text-slate-900">{`Crews (${crews.length})`}</h2>
        {crews.length === 0 ? (
          <p className="text-slate-600">No crews yet. Add the first one above.</p>
        ) : (
          <ul className="space-y-4">
            {crews.map((crew) => (
              <CrewItem key={`${crew.id}-${crew.updatedAt}`} crew={crew} actionData={actionData} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** A crew's name, members and working days, as saved or as sent in a refused form. */
function CrewFields({ prefix, crew, sent }: { prefix: string; crew?: CrewRow; sent: ReadResult | null }) {
  const error = sent?.error ?? (() => undefined);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput
          id={`${prefix}-name`}
          name="name"
          label="Name"
          required
          maxLength={CREW_LIMITS.name}
          placeholder="Crew A"
          defaultValue={sent?.value("name") ?? crew?.name ?? ""}
          error={error("name")}
        />
        <AdminInput
          id={`${prefix}-members`}
          name="members"
          label="Who is in it"
          maxLength={CREW_LIMITS.members}
          placeholder="Keisha and Andre"
          defaultValue={sent?.value("members") ?? crew?.members ?? ""}
          error={error("members")}
        />
      </div>
      <fieldset aria-describedby={error("workingDays") ? `${prefix}-days-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-900">Works on</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map(({ day, name }) => (
            <AdminCheckbox
              key={day}
              id={`${prefix}-day${day}`}
              name={`day${day}`}
              label={name}
              defaultChecked={sent ? sent.value(`day${day}`) === "on" : (crew?.workingDays ?? [1, 2, 3, 4, 5, 6]).includes(day)}
            />
          ))}
        </div>
        {error("workingDays") ? (
          <p id={`${prefix}-days-error`} className="mt-1 text-sm font-medium text-red-700">
            {error("workingDays")}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/** One crew: its name, members, days and visits ahead; 'Change' opens its form (open after a refused save). */
function CrewItem({ crew, actionData }: { crew: CrewRow; actionData: FormResult | undefined }) {
  const busy = useBusy();
  const sent = readResult(actionData, { intent: "save-crew", id: crew.id });
  const open = sent.value("intent") !== undefined;
  const days = WEEKDAYS.filter(({ day }) => crew.workingDays.includes(day))
    .map(({ name }) => name)
    .join(", ");
  return (
    <Card as="li" compact data-crew={crew.name} className={crew.active ? undefined : "bg-slate-50"}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{crew.name}</p>
          {crew.members ? <p className="text-sm text-slate-700">{crew.members}</p> : null}
          <p className="text-sm text-slate-600">{`Works ${days} · ${crew.ahead} ${crew.ahead === 1 ? "visit" : "visits"} ahead`}</p>
        </div>
        <Badge tone={crew.active ? "positive" : "secondary"}>{crew.active ? "Active" : "Inactive"}</Badge>
      </div>
      <Disclosure summary="Change" subject={crew.name} open={open} className="mt-2">
        <ResultForm preventScrollReset className="mt-3 space-y-4">
          {sent.error("") ? <FormStatus tone="error">{sent.error("")}</FormStatus> : null}
          <input type="hidden" name="intent" value="save-crew" />
          <input type="hidden" name="id" value={crew.id} />
          <CrewFields prefix={`crew-${crew.id}`} crew={crew} sent={open ? sent : null} />
          <AdminCheckbox
            id={`crew-${crew.id}-active`}
            name="active"
            label="Active: takes visits and counts in each window's capacity"
            defaultChecked={open ? sent.value("active") === "on" : crew.active}
          />
          <Button size="sm" disabled={busy}>
            Save crew<span className="sr-only">{`: ${crew.name}`}</span>
          </Button>
        </ResultForm>
      </Disclosure>
    </Card>
  );
}
