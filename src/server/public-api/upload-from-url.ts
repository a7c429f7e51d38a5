import "server-only";
import { UPLOAD_BODY_PACE } from "@/config/generation";
import type { ImageDto } from "@/schemas/generation";
import { AppError } from "@/server/errors";
import { fetchPublicUrl } from "@/server/http/fetch-public-url";
import { uploadImage } from "@/server/images/upload-image";

/**
 * An upload by address: the server fetches it from the public internet only (private, loopback and link-local
 * addresses are refused after the name is resolved, and on every redirect) and hands the body to the same
 * uploadImage as a file sent from the website: the same admission, size limit, pace and checks.
 */
export async function uploadFromUrl(options: { userId: string; teamId?: string | null; clientAddress: string; url: string }): Promise<ImageDto> {
  const response = await fetchPublicUrl({ url: options.url, timeoutMs: UPLOAD_BODY_PACE.maxMs, maxRedirects: 3 });
  if (response.status < 200 || response.status >= 300) {
    await response.body.cancel().catch(() => undefined);
    throw new AppError("INVALID_INPUT", { field: "url", reason: "urlUnreachable" });
  }
  return uploadImage({ userId: options.userId, teamId: options.teamId, clientAddress: options.clientAddress, body: response.body });
}
