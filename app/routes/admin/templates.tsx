/**
 * /admin/templates (docs/product.md §10 "Reply templates"): the texts staff start a quote's
 * message or a reply from, with placeholders filled from the request. Add, edit and delete;
 * every form is a plain POST to this page, so it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
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
} from "~/components/admin-kit";
import { FormStatus } from "~/components/form-field";
import { CUSTOMER_REPLY_KINDS, type CustomerReplyKind } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { TEMPLATE_PLACEHOLDERS } from "~/domain/templates";
import { loadTemplatesPage, templatesPageAction, type TemplateActionData } from "~/server/inbox/templates.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadTemplatesPage(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return templatesPageAction(request, context);
}

const KIND_LABELS: Record<CustomerReplyKind, string> = { quote: "Quote message", reply: "Reply to a message" };

type Template = { id: string; kind: CustomerReplyKind; name: string; body: string; updated: string | null };

export default function TemplatesPage() {
  const { templates } = useLoaderData<typeof loader>();
  const actionData = useActionData<TemplateActionData>();
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
              <TemplateForm key={template.id} template={template} actionData={actionData?.form === template.id ? actionData : null} />
            ))}
        </section>
      ))}
      <section aria-labelledby="new-template" className="space-y-4">
        <SectionTitle id="new-template">New template</SectionTitle>
        <TemplateForm key={templates.length} template={null} actionData={actionData?.form === "new" ? actionData : null} />
      </section>
    </section>
  );
}

function TemplateForm({ template, actionData }: { template: Template | null; actionData: TemplateActionData | null }) {
  const busy = useBusy();
  const id = template?.id ?? "new";
  const errors = actionData?.errors ?? {};
  const value = (name: "name" | "body" | "kind") => actionData?.values[name] ?? template?.[name] ?? "";
  return (
    <Card as="div" data-template={template?.name ?? "new"}>
      {errors[""] ? <FormStatus tone="error">{errors[""]}</FormStatus> : null}
      <Form method="post" preventScrollReset className="space-y-3">
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
      </Form>
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
