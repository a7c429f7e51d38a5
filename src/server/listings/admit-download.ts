import "server-only";
import { ACCOUNT_DOWNLOAD_PACE, DOWNLOAD_BUSY_RETRY_SECONDS, DOWNLOADS_IN_FLIGHT, SHARED_IMAGE_PACE } from "@/config/listings";
import { AppError } from "@/server/errors";
import { remember } from "@/server/process-singletons";
import { inFlight, paced } from "@/server/rate-limit/in-flight";

const downloads = remember("downloadsInFlight", () =>
  inFlight({ account: DOWNLOADS_IN_FLIGHT.perAccount, link: DOWNLOADS_IN_FLIGHT.perLink, address: DOWNLOADS_IN_FLIGHT.perAddress }),
);

const sharedImagePace = remember("sharedImagePace", () => paced(SHARED_IMAGE_PACE));

const accountPace = remember("accountDownloadPace", () => paced(ACCOUNT_DOWNLOAD_PACE));

/**
 * Lets a download in (a ZIP or HD copy of an account, an image of a client link from a client address), or
 * refuses it with RATE_LIMITED (429, reason `downloads`, `retryAfter` seconds) when its account, link or address
 * already has DOWNLOADS_IN_FLIGHT under way in this process, or is past its pace (an account's
 * ACCOUNT_DOWNLOAD_PACE, a link's and an address's SHARED_IMAGE_PACE). Checked before anything is read or made; the
 * caller calls the returned release when the answer has gone out (a ZIP: when its stream ends).
 */
export function admitDownload(options: { userId?: string; link?: string; clientAddress?: string }): () => void {
  // A client link's images are paced too, per link and per address (SHARED_IMAGE_PACE).
  if (options.link !== undefined) {
    const wait = Math.max(sharedImagePace.take(`link:${options.link}`), options.clientAddress === undefined ? 0 : sharedImagePace.take(`address:${options.clientAddress}`));
    if (wait > 0) throw new AppError("RATE_LIMITED", { reason: "downloads", retryAfter: wait });
  }
  if (options.userId !== undefined) {
    const wait = accountPace.take(options.userId);
    if (wait > 0) throw new AppError("RATE_LIMITED", { reason: "downloads", retryAfter: wait });
  }
  const release = downloads.enter({
    ...(options.userId !== undefined && { account: options.userId }),
    ...(options.link !== undefined && { link: options.link }),
    ...(options.clientAddress !== undefined && { address: options.clientAddress }),
  });
  if (!release) throw new AppError("RATE_LIMITED", { reason: "downloads", retryAfter: DOWNLOAD_BUSY_RETRY_SECONDS });
  return release;
}
