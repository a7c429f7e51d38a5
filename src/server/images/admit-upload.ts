import "server-only";
import { UPLOAD_BUSY_RETRY_SECONDS, UPLOAD_IN_FLIGHT } from "@/config/generation";
import { AppError } from "@/server/errors";
import { remember } from "@/server/process-singletons";
import { inFlight } from "@/server/rate-limit/in-flight";

/** One per process: every bundle of the process that takes uploads shares the one count. */
const uploads = remember("uploadsInFlight", () => inFlight({ total: UPLOAD_IN_FLIGHT.total, account: UPLOAD_IN_FLIGHT.perAccount, address: UPLOAD_IN_FLIGHT.perAddress }));

/**
 * Lets an upload in before its body is read, or refuses it with AppError BUSY (503, `retryAfter` seconds)
 * when its account, its client address or this process already has UPLOAD_IN_FLIGHT uploads under way.
 * Counts in this process (uploads are decoded where they arrive); the caller calls the returned release
 * exactly once, when the upload is done whatever its outcome.
 */
export function admitUpload(options: { userId: string; clientAddress: string }): () => void {
  const release = uploads.enter({ total: "", account: options.userId, address: options.clientAddress });
  if (!release) throw new AppError("BUSY", { retryAfter: UPLOAD_BUSY_RETRY_SECONDS });
  return release;
}
