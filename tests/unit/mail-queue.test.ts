import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { describe, expect, test } from "vitest";
import { MAIL_DEAD_LETTER_QUEUE_NAME, MAIL_QUEUE_NAME, retryDelaySeconds } from "~/server/mail";

describe("the mail queue's settings", () => {
  test("wrangler.toml's queues are the ones the Worker's queue handler tells apart", () => {
    const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
    const consumers = workerOptions.queueConsumers as Record<string, { maxRetries?: number; deadLetterQueue?: string }>;
    expect(Object.keys(consumers).sort()).toEqual([MAIL_QUEUE_NAME, MAIL_DEAD_LETTER_QUEUE_NAME].sort());
    expect(consumers[MAIL_QUEUE_NAME]).toMatchObject({ maxRetries: 5, deadLetterQueue: MAIL_DEAD_LETTER_QUEUE_NAME });
    expect(workerOptions.queueProducers).toMatchObject({ MAIL_QUEUE: { queueName: MAIL_QUEUE_NAME } });
  });

  test("retries back off 4 times per try from the base, at most an hour", () => {
    const env = { MAIL_RETRY_BASE_SECONDS: "30" };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelaySeconds(attempt, env))).toEqual([30, 120, 480, 1920, 3600, 3600]);
    expect(retryDelaySeconds(3, { MAIL_RETRY_BASE_SECONDS: "0" })).toBe(0);
    // A missing or unusable base falls back to 30 seconds.
    for (const base of ["", "soon", "-5"]) expect(retryDelaySeconds(1, { MAIL_RETRY_BASE_SECONDS: base })).toBe(30);
  });
});
