import "server-only";
import { UPLOAD_BUSY_RETRY_SECONDS, UPLOAD_IN_FLIGHT } from "@/config/generation";
import { AppError } from "@/server/errors";
import { remember } from "@/server/process-singletons";

type InFlight = { total: number; accounts: Map<string, number>; addresses: Map<string, number> };
/** One per process: every bundle of the process that takes uploads shares the one count. */
const inFlight = remember<InFlight>("uploadsInFlight", () => ({ total: 0, accounts: new Map(), addresses: new Map() }));

function add(counts: Map<string, number>, name: string, by: number) {
  const next = (counts.get(name) ?? 0) + by;
  if (next > 0) counts.set(name, next);
  else counts.delete(name);
}

/**
 * Lets an upload in before its body is read, or refuses it with AppError BUSY (503, `retryAfter` seconds)
 * when its account, its client address or this process already has UPLOAD_IN_FLIGHT uploads under way.
 * Counts in this process (uploads are decoded where they arrive); the caller calls the returned release
 * exactly once, when the upload is done whatever its outcome.
 */
export function admitUpload(options: { userId: string; clientAddress: string }): () => void {
  const { userId, clientAddress } = options;
  if (
    inFlight.total >= UPLOAD_IN_FLIGHT.total ||
    (inFlight.accounts.get(userId) ?? 0) >= UPLOAD_IN_FLIGHT.perAccount ||
    (inFlight.addresses.get(clientAddress) ?? 0) >= UPLOAD_IN_FLIGHT.perAddress
  ) {
    throw new AppError("BUSY", { retryAfter: UPLOAD_BUSY_RETRY_SECONDS });
  }
  inFlight.total++;
  add(inFlight.accounts, userId, 1);
  add(inFlight.addresses, clientAddress, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight.total--;
    add(inFlight.accounts, userId, -1);
    add(inFlight.addresses, clientAddress, -1);
  };
}
