import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, image, visualization } from "@/server/db/schema";
import { ownedBy } from "@/server/images/owned-by";
import { AppError } from "@/server/errors";
import { toImageDto } from "@/server/images/image-dto";
import type { ImageDto } from "@/schemas/generation";

/** Where a result's 4K copy stands: made (its image, while kept), ordered and in the works, failed (refunded), or never ordered. Anyone else's result (a team's, once the person is no longer its member) is NOT_FOUND. */
export async function getResultHd(options: { userId: string; visualizationId: string; db?: DbOrTx }): Promise<{ state: "ready" | "queued" | "running" | "failed" | null; hd: ImageDto | null }> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ state: visualization.hdState, hd: image })
    .from(visualization)
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .leftJoin(image, eq(image.id, visualization.hdImageId))
    .where(and(eq(visualization.id, options.visualizationId), ownedBy(batch, { userId: options.userId })));
  if (!row) throw new AppError("NOT_FOUND");
  const hd = row.hd && row.hd.expiresAt > new Date() ? toImageDto(row.hd) : null;
  return { state: hd ? "ready" : row.state, hd };
}
