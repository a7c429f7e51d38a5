import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/** The result (a visualization row) of the owner's visualization (a batch), or NOT_FOUND. */
export async function resultOf(options: { db: DbOrTx; ownerId: string; visualizationId: string; resultId: string }): Promise<void> {
  const [row] = await options.db
    .select({ id: visualization.id })
    .from(visualization)
    .where(and(eq(visualization.id, options.resultId), eq(visualization.batchId, options.visualizationId), eq(visualization.userId, options.ownerId)));
  if (!row) throw new AppError("NOT_FOUND");
}
