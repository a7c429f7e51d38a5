import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch } from "@/server/db/schema";
import { getBatch } from "@/server/generation/get-batch";
import { toApiVisualization } from "./to-api-visualization";

/** One of the owner's visualizations (the website's batch, with its results, scores and AI marking); NOT_FOUND for anyone else's. */
export async function getVisualization(options: { ownerId: string; id: string; db?: DbOrTx }) {
  const db = options.db ?? (await getDb());
  const dto = await getBatch({ db, userId: options.ownerId, batchId: options.id });
  const [row] = await db.select({ free: batch.free }).from(batch).where(eq(batch.id, options.id));
  return toApiVisualization(dto, Boolean(row?.free));
}
