import "server-only";
import type { Db } from "@/server/db/client";
import { startJobRunner, type Worker } from "@/server/jobs/start-job-runner";
import { collectWebhookEvents } from "./collect-webhook-events";
import { claimDueWebhooks, deliverWebhook } from "./deliver-due-webhooks";

/**
 * Webhooks on the job runner: each look first turns the batches' news into events (collectWebhookEvents), then
 * claims the deliveries that are due and sends them, ten at a time; a slow endpoint holds only its own lease.
 * No signal carries a batch's news to it, so it looks every `everyMs` even when idle: an event is at most that
 * far behind the batch's own stream.
 */
export function startWebhookWorker(options: { db: Db; everyMs?: number; timeoutMs?: number }): Worker {
  const { db, timeoutMs } = options;
  return startJobRunner({
    name: "webhooks",
    concurrency: 10,
    pollMs: options.everyMs ?? 1000,
    idlePollFactor: 1,
    claim: async (limit) => {
      await collectWebhookEvents({ db });
      return claimDueWebhooks({ db, limit, timeoutMs });
    },
    run: (delivery) => deliverWebhook({ db, delivery, timeoutMs }),
    describe: (delivery) => ({ delivery: delivery.id, type: delivery.type }),
  });
}
