import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { z } from "~/forms/zod";
import { authSchema, resetSchema } from "~/forms/auth";
import { contactSchema } from "~/forms/contact";
import { quoteSchema } from "~/forms/quote";
import { TEXT_LIMITS } from "~/domain/limits";
import { canonicalPath, checkUrl, FORM_LIMITS, formContract, gateForm } from "~/http/input-gate.server";

describe("form contracts come from the schemas", () => {
  test("every field with the limit its schema sets (a zod upgrade that hides them fails here)", () => {
    const quote = formContract(quoteSchema);
    expect(Object.fromEntries(quote.text)).toEqual({
      name: TEXT_LIMITS.name,
      email: TEXT_LIMITS.email,
      phone: TEXT_LIMITS.phone,
      address: TEXT_LIMITS.address,
      serviceType: FORM_LIMITS.defaultChars,
      propertySize: FORM_LIMITS.defaultChars,
      frequency: FORM_LIMITS.defaultChars,
      preferredDate: FORM_LIMITS.defaultChars,
      additionalInfo: TEXT_LIMITS.additionalInfo,
    });
    expect(Object.fromEntries(quote.files)).toEqual({ photos: 5 });
    expect(formContract(contactSchema).text.get("message")).toBe(TEXT_LIMITS.message);
    expect([...formContract(authSchema, { js: 1 }).text.keys()].sort()).toEqual(["email", "js", "mode", "password"]);
    expect(formContract(resetSchema).text.get("token")).toBe(2048);
  });
});

describe("gateForm", () => {
  const contract = formContract(z.object({ email: z.string().max(10), note: z.string().max(5) }));
  const gate = (entries: Array<[string, string]>) => gateForm(entries, contract);

  test("passes the schema's fields, line breaks as \\n, values cut one past their limit", () => {
    const result = gate([
      ["email", "a@b.c"],
      ["note", "12\r\n345678"],
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.formData.get("email")).toBe("a@b.c");
    expect(result.formData.get("note")).toBe("12\n345");
  });

  test("refuses unknown, bracket and dot names, repeats, too many fields and bad reserved fields", () => {
    for (const entries of [
      [["token[10000000]", "x"]],
      [["email.x", "x"]],
      [["constructor", "x"]],
      [["__proto__", "x"]],
      [
        ["email", "a"],
        ["email", "b"],
      ],
      [["__intent__", "zz"]],
      [["__intent__", '{"type":"update","payload":{"name":"a[","index":100000000}}']],
      [["__intent__", '{"type":"validate","payload":{"name":"a["}}']],
      [["__intent__", '{"type":"insert","payload":{"name":"email"}}']],
      [["__state__", "{"]],
      [["__state__", "[1]"]],
      Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i): [string, string] => [`f${i}`, ""]),
    ] as Array<Array<[string, string]>>) {
      const result = gate(entries);
      expect(result.ok, JSON.stringify(entries).slice(0, 80)).toBe(false);
      if (!result.ok) expect(result.message.length).toBeLessThan(200);
    }
  });

  test("accepts Conform's validate and reset intents for its own fields, drops a readable state", () => {
    const result = gate([
      ["__intent__", '{"type":"validate","payload":{"name":"email"}}'],
      ["__state__", "{}"],
      ["email", "a"],
    ]);
    expect(result.ok).toBe(true);
    if (result.ok) expect([...result.formData.keys()]).toEqual(["__intent__", "email"]);
    expect(gate([["__intent__", '{"type":"reset","payload":{}}']]).ok).toBe(true);
  });

  test("property: whatever comes in, what goes on has only the contract's fields, each within one past its limit", () => {
    const name = fc.oneof(
      fc.constantFrom("email", "note", "__intent__", "__state__", "a[0]", "a.b", "constructor"),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(name, fc.string({ maxLength: 300 })), { maxLength: 60 }), (entries) => {
        const result = gateForm(entries, contract);
        if (!result.ok) return;
        for (const [key, value] of result.formData) {
          expect(["email", "note", "__intent__"]).toContain(key);
          if (key !== "__intent__") expect((value as string).length).toBeLessThanOrEqual(contract.text.get(key)! + 1);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("URLs", () => {
  test("canonical paths", () => {
    expect(canonicalPath("/FAQ/")).toBe("/faq");
    expect(canonicalPath("//services//Residential")).toBe("/services/residential");
    expect(canonicalPath("/%61dmin/%2F")).toBe("/admin/%2f");
    expect(canonicalPath("/")).toBe("/");
  });

  test("query names a path does not read are refused; inherited object keys are just unknown names", () => {
    const status = (url: string, method = "GET") => checkUrl(new Request(`https://site.example${url}`, { method }))?.status ?? 200;
    expect(status("/quote?service=airbnb")).toBe(200);
    expect(status("/quote.data?service=airbnb&_routes=routes%2Fpublic%2Fquote")).toBe(200);
    expect(status("/faq?utm_source=facebook&fbclid=1")).toBe(200);
    expect(status("/admin/quotes?utm_source=x")).toBe(400);
    expect(status("/?index")).toBe(200);
    expect(status("/__manifest?p=%2Ffaq&p=%2Fquote&version=abc")).toBe(200);
    for (const name of ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "service[0]"]) {
      expect(status(`/faq?${name}=1`), name).toBe(400);
      expect(status(`/quote?${name}=1`), name).toBe(400);
    }
    expect(status("/FAQ")).toBe(301);
    // A post is not redirected (its body would be lost); its route matches any case.
    expect(status("/Contact", "POST")).toBe(200);
  });
});
