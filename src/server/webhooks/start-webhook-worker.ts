import "server-only";
import type { Db } from "@/server/db/client";
import { startJobRunner, type Worker } from "@/server/jobs/start-job-runner";
import { collectWebhookEvents } from "./collect-webhook-events";
import { claimDueWebhooks, deliverWebhook } from "./deliver-due-webhooks";

/**
 * Webhooks on the job runner: each look first turns the batches' news into events (collectWebhookEvents), then
 * claims the deliveries that are due and sends them, ten at a time; a slow endpoint holds only its own lease.
 * A batch's news (its "batch" signal) and a queued test event ("jobs") wake it at once; a retry that becomes due
 * by time is found at the next look, at most IDLE_POLL_FACTOR × `everyMs` later while idle.
 */
export function startWebhookWorker(options: { db: Db; everyMs?: number; timeoutMs?: number }): Worker {
  const { db, timeoutMs } = options;
  return startJobRunner({
    name: "webhooks",
    concurrency: 10,
    pollMs: options.everyMs ?? 1000,
    wakeOn: ["jobs", "batch"],
    claim: async (limit) => {
      await collectWebhookEvents({ db });
      return claimDueWebhooks({ db, limit, timeoutMs });
    },
    run: (delivery) => deliverWebhook({ db, delivery, timeoutMs }),
    describe: (delivery) => ({ delivery: delivery.id, type: delivery.type }),
  });
}
