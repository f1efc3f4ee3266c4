/**
 * The home page's static contact form (app/components/deferred-contact-form.tsx) renders the
 * ids and attributes Conform would give a fresh form, without loading Conform
 * (freshContactFormModel). This compares the two for both pages the form is on, so a Conform
 * release that changes its naming fails here before a visitor sees a form whose errors point
 * nowhere. Conform's version is pinned exactly in package.json for the same reason
 * (docs/decisions/005-page-weight.md).
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { contactFormId, freshContactFormModel, type ContactFormModel } from "~/components/contact-form-markup";
import type { ContactInput } from "~/forms/contact";
import { CONTACT_CONSTRAINT } from "~/server/visitor-forms/form-constraints.server";

/** The model Conform itself builds for a fresh form, read during a server render. */
function conformModel(formId: string): ContactFormModel {
  let model: ContactFormModel | undefined;
  function Probe() {
    const [form, fields] = useForm<ContactInput>({ id: formId, constraint: CONTACT_CONSTRAINT });
    const field = (meta: (typeof fields)[keyof typeof fields], control: Record<string, unknown>) => ({
      id: meta.id,
      errorId: meta.errorId,
      control,
    });
    model = {
      form: { props: getFormProps(form), errorId: form.errorId },
      fields: {
        name: field(fields.name, getInputProps(fields.name, { type: "text", value: false })),
        email: field(fields.email, getInputProps(fields.email, { type: "email", value: false })),
        phone: field(fields.phone, getInputProps(fields.phone, { type: "tel", value: false })),
        message: field(fields.message, getTextareaProps(fields.message, { value: false })),
        photos: field(fields.photos, {}),
      },
    };
    return null;
  }
  renderToStaticMarkup(<Probe />);
  return model!;
}

/** Only what the markup renders: attributes React writes (not undefined or false), without Conform's per-render keys and aria state of a fresh form. */
function rendered(model: ContactFormModel) {
  const clean = (record: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(record).filter(
        ([name, value]) => value !== undefined && value !== false && name !== "type" && !name.startsWith("aria-"),
      ),
    );
  return {
    form: { id: model.form.props.id, errorId: model.form.errorId },
    fields: Object.fromEntries(
      Object.entries(model.fields).map(([name, field]) => [name, { id: field.id, errorId: field.errorId, control: clean(field.control) }]),
    ),
  };
}

describe("the static contact form matches Conform's fresh form", () => {
  for (const returnTo of ["/", "/contact"] as const) {
    test(`on ${returnTo}`, () => {
      const formId = contactFormId(returnTo);
      const conform = rendered(conformModel(formId));
      const fresh = rendered(freshContactFormModel(formId, CONTACT_CONSTRAINT));
      expect(fresh.form).toEqual(conform.form);
      for (const name of ["name", "email", "phone", "message"] as const) {
        expect(fresh.fields[name], name).toEqual(conform.fields[name]);
      }
      expect(fresh.fields.photos!.id).toBe(conform.fields.photos!.id);
      expect(fresh.fields.photos!.errorId).toBe(conform.fields.photos!.errorId);
    });
  }
});
