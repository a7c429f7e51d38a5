import "server-only";
import { isAppError } from "@/server/errors";
import { resolveShareLink } from "./resolve-share-link";

/** True when a live (not revoked) client link has nothing left to show: every chosen image is past its hour. */
export async function isShareLinkGone(options: { token: string }): Promise<boolean> {
  try {
    await resolveShareLink({ token: options.token });
    return false;
  } catch (error) {
    if (isAppError(error, "GONE")) return true;
    if (isAppError(error, "NOT_FOUND")) return false;
    throw error;
  }
}
