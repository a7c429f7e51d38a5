import "server-only";
import type { z } from "zod";
import { catalogs } from "@/i18n/catalogs";
import { AppError } from "@/server/errors";
import { requestLocale } from "@/server/http/error-answer";
import { apiUser } from "./api";
import { answered, parseJsonBody } from "./api-route";

const noStore = { "cache-control": "no-store" };

/**
 * The shape of every listing route: the signed-in user (visitors get 404, as for anything of another
 * account), then one domain call; its AppError becomes the error answer. The same as
 * `userRoute({ visitor: "NOT_FOUND", context: "listings" }, …)` with a plain object taken for a JSON answer.
 */
export async function listingRoute(request: Request, work: (userId: string) => Promise<Response | unknown>): Promise<Response> {
  return answered(request, "listings", async () => {
    const user = await apiUser(request);
    if (!user) throw new AppError("NOT_FOUND");
    const answer = await work(user.id);
    if (answer instanceof Response) return answer;
    return Response.json(answer ?? { ok: true }, { headers: noStore });
  });
}

/** The JSON body, checked; INVALID_INPUT names the first field that failed. */
export async function parseBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  return parseJsonBody(request, schema) as Promise<z.infer<T>>;
}

/** The disclosure label in the language of the page the download was started from. */
export function disclosureLabel(request: Request): string {
  return catalogs[requestLocale(request)].listings.label;
}
