/**
 * /admin/content/business (docs/product.md §13 "Business facts"): phone, e-mail, WhatsApp, the
 * social profile, the week's opening hours (a day with no times is closed), the service areas
 * (one per line) and the note after them, the three figures, the home page's heading and lead,
 * and the About story (paragraphs separated by a blank line). 'Preview' shows how the site
 * will look; 'Publish' there makes it live. Plain POSTs: they work without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminInput, AdminTextarea, Button, Card, PageHeader, useBusy, ResultForm } from "~/components/admin/kit";
import {
  ContentStatus,
  ErrorSummary,
  PreviewStep,
  SectionLinks,
  revalidateAfterStale,
  useEditorState,
} from "~/components/admin/content-editor";
import { WEEKDAYS } from "~/domain/site-content";
import { dayField } from "~/forms/content-admin";
import { businessEditorAction, businessEditorLoader } from "./business.server";

export const loader = (args: LoaderFunctionArgs) => businessEditorLoader(args);
export const shouldRevalidate = revalidateAfterStale;
export const action = (args: ActionFunctionArgs) => businessEditorAction(args);

export default function BusinessEditorPage() {
  const { answer, stage, preview, values, errors, basedOn } = useEditorState(useLoaderData<typeof loader>());
  const busy = useBusy();
  const field = (name: string) => ({ id: `business-${name}`, name, defaultValue: values[name] ?? "", error: errors[name] });
  return (
    <section aria-labelledby="business-heading" className="space-y-6">
      <PageHeader
        id="business-heading"
        title="Business facts"
        lead="How customers reach you, when you work, where, and what the home and About pages say."
        actions={<SectionLinks section="business" />}
      />
      {preview ? (
        <PreviewStep preview={preview} />
      ) : (
        <ResultForm noValidate className="space-y-6" key={`${basedOn}-${stage}`}>
          <ContentStatus answer={answer} />
          <ErrorSummary errors={errors} />
          <input type="hidden" name="basedOn" value={basedOn} />
          <Card title="How to reach you" titleId="reach">
            <div className="grid gap-4 sm:grid-cols-2">
              <AdminInput
                {...field("phone")}
                label="Phone"
                type="tel"
                autoComplete="off"
                hint="As people write it, such as +1 876 555 0123."
              />
              <AdminInput {...field("email")} label="E-mail" type="email" autoComplete="off" />
              <AdminInput
                {...field("whatsapp")}
                label="WhatsApp number"
                type="tel"
                hint="With the country code, such as +1 876 555 0123."
              />
              <AdminInput
                {...field("socialUrl")}
                label="Social profile (optional)"
                type="url"
                hint="An https:// address, linked from the gallery."
              />
            </div>
          </Card>
          <Card title="Opening hours" titleId="hours">
            <p className="text-sm text-slate-700">
              Leave both times empty on a day you are closed. A note such as &lsquo;By appointment&rsquo; shows with the day.
            </p>
            <div className="mt-3 space-y-3">
              {WEEKDAYS.map((name, i) => {
                const n = i + 1;
                const error =
                  errors[`day${n}`] ?? errors[dayField(n, "Opens")] ?? errors[dayField(n, "Closes")] ?? errors[dayField(n, "Note")];
                return (
                  <fieldset
                    key={name}
                    className="rounded-lg border border-slate-200 p-3"
                    aria-describedby={error ? `day${n}-error` : undefined}
                  >
                    <legend className="px-1 text-sm font-semibold text-slate-900">{name}</legend>
                    <div className="grid grid-cols-2 gap-3 sm:grid-cols-[8rem_8rem_1fr]">
                      <AdminInput
                        id={`business-${dayField(n, "Opens")}`}
                        name={dayField(n, "Opens")}
                        label="Opens"
                        type="time"
                        defaultValue={values[dayField(n, "Opens")] ?? ""}
                      />
                      <AdminInput
                        id={`business-${dayField(n, "Closes")}`}
                        name={dayField(n, "Closes")}
                        label="Closes"
                        type="time"
                        defaultValue={values[dayField(n, "Closes")] ?? ""}
                      />
                      <AdminInput
                        id={`business-${dayField(n, "Note")}`}
                        name={dayField(n, "Note")}
                        label="Note (optional)"
                        maxLength={60}
                        className="col-span-2 sm:col-span-1"
                        defaultValue={values[dayField(n, "Note")] ?? ""}
                      />
                    </div>
                    {error ? (
                      <p id={`day${n}-error`} className="mt-1 text-sm font-medium text-red-700">
                        {error}
                      </p>
                    ) : null}
                  </fieldset>
                );
              })}
            </div>
          </Card>
          <Card title="Where you work" titleId="areas">
            <div className="grid gap-4">
              <AdminTextarea {...field("serviceAreas")} label="Service areas" rows={6} hint="One area per line, at most 12." />
              <AdminInput
                {...field("serviceAreasNote")}
                label="Read after the areas"
                maxLength={120}
                hint="Such as 'and surrounding communities'."
              />
            </div>
          </Card>
          <Card title="Figures" titleId="figures">
            <div className="grid gap-4 sm:grid-cols-3">
              <AdminInput {...field("homeTrustedBy")} label="Home page: clients" maxLength={20} hint="Such as 500+." />
              <AdminInput {...field("aboutHappyClients")} label="About page: happy clients" maxLength={20} />
              <AdminInput {...field("aboutYearsExperience")} label="About page: years of experience" maxLength={20} />
            </div>
          </Card>
          <Card title="Home page and About story" titleId="texts">
            <div className="grid gap-4">
              <AdminInput {...field("heroHeading")} label="Home page heading" maxLength={120} />
              <AdminTextarea {...field("heroLead")} label="Home page lead" rows={3} maxLength={400} />
              <AdminTextarea {...field("story")} label="About story" rows={10} hint="Leave a blank line between paragraphs." />
            </div>
          </Card>
          <Button name="intent" value="preview" disabled={busy}>
            Preview
          </Button>
        </ResultForm>
      )}
    </section>
  );
}
