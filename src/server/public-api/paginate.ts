import { API_PAGE_DEFAULT } from "@/config/api";
import { AppError } from "@/server/errors";

/**
 * A page of a list in a stable order: the cursor names the last item of the page before (its id, opaque to
 * the client), so items added at the front do not shift the next page. An unknown cursor is INVALID_INPUT.
 */
export function paginate<T>(items: readonly T[], idOf: (item: T) => string, query: { cursor?: string; limit?: number }): { data: T[]; nextCursor: string | null } {
  const limit = query.limit ?? API_PAGE_DEFAULT;
  let start = 0;
  if (query.cursor) {
    const after = Buffer.from(query.cursor, "base64url").toString("utf8");
    const index = items.findIndex((item) => idOf(item) === after);
    if (index < 0) throw new AppError("INVALID_INPUT", { field: "cursor", reason: "badCursor" });
    start = index + 1;
  }
  const data = items.slice(start, start + limit);
  const last = data.at(-1);
  return { data, nextCursor: last && start + limit < items.length ? Buffer.from(idOf(last), "utf8").toString("base64url") : null };
}
