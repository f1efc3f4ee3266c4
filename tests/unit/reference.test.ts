/** References (app/domain/reference.ts, app/server/visitor-forms/reference.server.ts). */
import { expect, test } from "vitest";
import { readReference, REFERENCE_ALPHABET } from "~/domain/reference";
import { newReference } from "~/server/visitor-forms";

test("a new reference is MB- and five characters without look-alikes, evenly drawn", () => {
  const counts = new Map<string, number>();
  const drawn = new Set<string>();
  for (let i = 0; i < 6000; i++) {
    const reference = newReference();
    expect(reference).toMatch(/^MB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    drawn.add(reference);
    for (const character of reference.slice(3)) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  expect(drawn.size).toBeGreaterThan(5990); // 24 million possible: repeats are rare
  expect(counts.size).toBe(REFERENCE_ALPHABET.length);
  // 30,000 characters over 30: about 1,000 each; a biased draw would skew the first ones.
  for (const count of counts.values()) expect(count).toBeGreaterThan(850);
});

test("readReference accepts a reference however it is typed, and nothing else", () => {
  expect(readReference("MB-7K4Q2")).toBe("MB-7K4Q2");
  expect(readReference(" mb 7k4q2 ")).toBe("MB-7K4Q2");
  expect(readReference("7K4Q2")).toBe("MB-7K4Q2");
  expect(readReference("MB-23456789AB")).toBe("MB-23456789AB");
  for (const text of ["MB-7K4Q", "MB-7K4Q2X", "MB-0K4Q2", "MB-IK4Q2", "MB-7K4O2", "hello", ""]) expect(readReference(text)).toBeNull();
});
