import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { listingBatch, listingStyle, visualization } from "@/server/db/schema";

/**
 * The seed and style brief a listing's visualization is generated with: the listing's own for its style (restyle
 * and stage share them, so a staged room and a restyled one of the same style agree), the seed moved by the
 * variation's number (variations of one style and photo differ, the same variation agrees across photos). A
 * declutter has no style: its seed comes from the listing's id and it has no brief. Null outside a listing: the
 * caller keeps its own seed and prompt.
 */
export async function listingBriefFor(options: { db: DbOrTx; visualizationId: string }): Promise<{ seed: number; brief: string } | null> {
  const { db } = options;
  const [own] = await db
    .select({ listingId: listingBatch.listingId, batchId: visualization.batchId, position: visualization.position, styleId: visualization.styleId })
    .from(visualization)
    .innerJoin(listingBatch, eq(listingBatch.batchId, visualization.batchId))
    .where(eq(visualization.id, options.visualizationId));
  if (!own) return null;
  let base: { seed: number; brief: string };
  if (own.styleId) {
    const [style] = await db
      .select({ seed: listingStyle.seed, brief: listingStyle.brief })
      .from(listingStyle)
      .where(and(eq(listingStyle.listingId, own.listingId), eq(listingStyle.styleId, own.styleId)));
    if (!style) return null;
    base = style;
  } else {
    base = { seed: createHash("sha256").update(`listing:${own.listingId}`).digest().readUInt32BE(0), brief: "" };
  }
  const [{ variation } = { variation: 0 }] = await db
    .select({ variation: sql<number>`count(*)` })
    .from(visualization)
    .where(and(eq(visualization.batchId, own.batchId), own.styleId ? eq(visualization.styleId, own.styleId) : isNull(visualization.styleId), lt(visualization.position, own.position)));
  // Seeds stay within a signed 32-bit integer, which every engine that takes one accepts.
  return { seed: ((base.seed + Number(variation) * 7919) % (2 ** 31 - 1)) || 1, brief: base.brief };
}
