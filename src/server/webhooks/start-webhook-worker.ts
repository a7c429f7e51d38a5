import "server-only";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import { collectWebhookEvents } from "./collect-webhook-events";
import { deliverDueWebhooks } from "./deliver-due-webhooks";

/**
 * The webhook loop, small and on its own: every `everyMs` it turns the API's batches' news into events and
 * sends what is due. Deliveries run outside any transaction, and a slow endpoint holds only its own lease.
 */
export function startWebhookWorker(options: { db: Db; everyMs?: number; timeoutMs?: number }): { stop(): Promise<void>; idle(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      await collectWebhookEvents({ db: options.db });
      await deliverDueWebhooks({ db: options.db, timeoutMs: options.timeoutMs });
    } catch (error) {
      if (!stopped) log.error("webhooks.failed", { error });
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick);
  }, options.everyMs ?? 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    idle: () => running,
  };
}
