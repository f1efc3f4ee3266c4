/**
 * /admin/templates (docs/product.md §10 "Reply templates"): the texts staff start a quote's
 * message or a reply from, with placeholders filled from the request. Add, edit and delete;
 * every form is a plain POST to this page, so it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  AdminInput,
  AdminSelect,
  AdminTextarea,
  Button,
  Card,
  Disclosure,
  PageHeader,
  PostButton,
  SectionTitle,
  useBusy,
  ResultForm,
} from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { readResult, type FormResult, type ReadResult } from "~/forms/result";
import { CUSTOMER_REPLY_KINDS, type CustomerReplyKind } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { TEMPLATE_PLACEHOLDERS } from "~/domain/templates";
import { templatesPageAction, templatesPageLoader } from "./templates.server";

export const loader = (args: LoaderFunctionArgs) => templatesPageLoader(args);
export const action = (args: ActionFunctionArgs) => templatesPageAction(args);

const KIND_LABELS: Record<CustomerReplyKind, string> = { quote: "Quote message", reply: "Reply to a message" };

type Template = { id: string; kind: CustomerReplyKind; name: string; body: string; updated: string | null };

export default function TemplatesPage() {
  const { templates } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  // A refused form's result names its template by the `id` it was sent with; the new
  // template's form sends none.
  const resultOf = (id: string | null): ReadResult => {
    if (id) return readResult(result, { id });
    return readResult(result).value("id") ? readResult(null) : readResult(result);
  };
  return (
    <section aria-labelledby="templates-heading" className="space-y-8">
      <PageHeader
        id="templates-heading"
        title="Reply templates"
        lead="The text a quote's message or a reply starts from. Placeholders in braces are filled from the request:"
      >
        <ul className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
          {Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, meaning]) => (
            <li key={name}>
              <code className="rounded bg-slate-100 px-1 font-semibold text-slate-900">{`{${name}}`}</code> {meaning}
            </li>
          ))}
        </ul>
      </PageHeader>
      {CUSTOMER_REPLY_KINDS.map((kind) => (
        <section key={kind} aria-labelledby={`kind-${kind}`} className="space-y-4">
          <SectionTitle id={`kind-${kind}`}>{KIND_LABELS[kind]}</SectionTitle>
          {templates
            .filter((template) => template.kind === kind)
            .map((template) => (
              <TemplateForm key={template.id} template={template} result={resultOf(template.id)} />
            ))}
        </section>
      ))}
      <section aria-labelledby="new-template" className="space-y-4">
        <SectionTitle id="new-template">New template</SectionTitle>
        <TemplateForm key={templates.length} template={null} result={resultOf(null)} />
      </section>
    </section>
  );
}

function TemplateForm({ template, result }: { template: Template | null; result: ReadResult }) {
  const busy = useBusy();
  const id = template?.id ?? "new";
  const errors = { "": result.error(""), name: result.error("name"), kind: result.error("kind"), body: result.error("body") };
  // A refused 'Save' shows what was sent (a field sent empty comes back empty).
  const sentBack = result.value("intent") === "save";
  const value = (name: "name" | "body" | "kind") => (sentBack ? (result.value(name) ?? "") : (template?.[name] ?? ""));
  return (
    <Card as="div" data-template={template?.name ?? "new"}>
      {errors[""] ? <FormStatus tone="error">{errors[""]}</FormStatus> : null}
      <ResultForm preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value="save" />
        {template ? <input type="hidden" name="id" value={template.id} /> : null}
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <AdminInput
            id={`${id}-name`}
            name="name"
            label="Name"
            required
            maxLength={TEXT_LIMITS.templateName}
            defaultValue={value("name")}
            error={errors.name}
          />
          <AdminSelect
            id={`${id}-kind`}
            name="kind"
            label="For"
            options={CUSTOMER_REPLY_KINDS.map((kind) => [kind, KIND_LABELS[kind]] as const)}
            defaultValue={value("kind") || "quote"}
            error={errors.kind}
          />
        </div>
        <AdminTextarea
          id={`${id}-body`}
          name="body"
          label="Text"
          rows={7}
          required
          maxLength={TEXT_LIMITS.customerMessage}
          defaultValue={value("body")}
          error={errors.body}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={busy}>{template ? "Save" : "Add template"}</Button>
          {template?.updated ? <span className="text-xs text-slate-600">Changed {template.updated}</span> : null}
        </div>
      </ResultForm>
      {template ? (
        // A confirmation step that needs no JavaScript: the button that deletes is inside.
        <Disclosure tone="danger" summary="Delete template" className="mt-3">
          <PostButton
            fields={{ intent: "delete", id: template.id }}
            variant="danger"
            className="mt-2 flex flex-wrap items-center gap-3"
            prompt={<span className="text-sm text-slate-700">Delete &ldquo;{template.name}&rdquo; for good?</span>}
          >
            Delete
          </PostButton>
        </Disclosure>
      ) : null}
    </Card>
  );
}
