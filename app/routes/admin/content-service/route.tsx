/**
 * /admin/content/services/:slug (docs/product.md §13 "Services"): one service's title, short
 * and long descriptions, features, what is included, who it is for (one per line), the visit's
 * steps ('Step: detail', one per line), its photo from the site's library and whether it is
 * shown. Its address, service type and card id are fixed. 'Preview' shows its card and page
 * text; 'Publish' there makes it live. Plain POSTs: they work without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import {
  AdminCheckbox,
  AdminInput,
  AdminSelect,
  AdminTextarea,
  Button,
  Card,
  PageHeader,
  useBusy,
  ResultForm,
} from "~/components/admin/kit";
import {
  ContentStatus,
  ErrorSummary,
  PreviewStep,
  SectionLinks,
  revalidateAfterStale,
  useEditorState,
} from "~/components/admin/content-editor";
import { serviceEditorAction, serviceEditorLoader } from "./service.server";

export const loader = (args: LoaderFunctionArgs) => serviceEditorLoader(args);
export const shouldRevalidate = revalidateAfterStale;
export const action = (args: ActionFunctionArgs) => serviceEditorAction(args);

export default function ServiceEditorPage() {
  const loaded = useLoaderData<typeof loader>();
  const slug = loaded.service.slug;
  const { answer, stage, preview, values, errors, basedOn } = useEditorState(loaded, slug);
  const busy = useBusy();
  const field = (name: string) => ({ id: `service-${name}`, name, defaultValue: values[name] ?? "", error: errors[name] });
  return (
    <section aria-labelledby="service-heading" className="space-y-6">
      <PageHeader
        id="service-heading"
        title={loaded.service.title}
        lead={`The service at /services/${slug}. Its address and the quote form's service are fixed.`}
        actions={
          <SectionLinks section="services">
            <Link to="/admin/content/services" className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline">
              All services
            </Link>
          </SectionLinks>
        }
      />
      {preview ? (
        <PreviewStep preview={preview} focus={slug} />
      ) : (
        <ResultForm className="space-y-6" key={`${basedOn}-${stage}`}>
          <ContentStatus answer={answer} target={slug} />
          <ErrorSummary errors={errors} />
          <input type="hidden" name="basedOn" value={basedOn} />
          <Card title="Card" titleId="card">
            <div className="grid gap-4">
              <AdminInput {...field("title")} label="Title" maxLength={80} />
              <AdminTextarea
                {...field("description")}
                label="Short description"
                rows={3}
                maxLength={300}
                hint="One or two sentences, for the cards and search results."
              />
              <AdminTextarea {...field("features")} label="Features" rows={4} hint="One per line, at most 6: the card's check list." />
              <AdminSelect
                {...field("photo")}
                label="Photo"
                options={loaded.photos}
                hint="A photo of the site's library, named by what it shows."
              />
              <AdminCheckbox
                id="service-shown"
                name="shown"
                label="Shown on the site (a hidden service's page answers 'not found')"
                defaultChecked={values.shown === "on"}
              />
            </div>
          </Card>
          <Card title="Its page" titleId="page">
            <div className="grid gap-4">
              <AdminTextarea {...field("intro")} label="Long description" rows={5} hint="The first paragraph of its page." />
              <AdminTextarea {...field("included")} label="What is included" rows={6} hint="One per line, at most 12." />
              <AdminTextarea {...field("idealFor")} label="Ideal for" rows={4} hint="One per line, at most 8." />
              <AdminTextarea
                {...field("visit")}
                label="Your visit, step by step"
                rows={5}
                hint="One step per line, as 'Step: detail', at most 8."
              />
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
