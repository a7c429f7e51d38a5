import "server-only";
import type { z } from "zod";
import { catalogs } from "@/i18n/catalogs";
import { AppError } from "@/server/errors";
import { errorResponse, requestLocale } from "@/server/http/error-answer";
import { apiUser } from "./api";

const noStore = { "cache-control": "no-store" };

/**
 * The shape of every listing route: the signed-in user (visitors get 404, as for anything of another
 * account), then one domain call; its AppError becomes the error answer.
 */
export async function listingRoute(request: Request, work: (userId: string) => Promise<Response | unknown>): Promise<Response> {
  const user = await apiUser(request);
  if (!user) return errorResponse(new AppError("NOT_FOUND"), request);
  try {
    const answer = await work(user.id);
    if (answer instanceof Response) return answer;
    return Response.json(answer ?? { ok: true }, { headers: noStore });
  } catch (error) {
    return errorResponse(error, request, "listings");
  }
}

/** The JSON body, checked; INVALID_INPUT names the first field that failed. */
export async function parseBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) throw new AppError("INVALID_INPUT", { field: String(parsed.error.issues[0]?.path[0] ?? "body") });
  return parsed.data;
}

/** The disclosure label in the language of the page the download was started from. */
export function disclosureLabel(request: Request): string {
  return catalogs[requestLocale(request)].listings.label;
}
