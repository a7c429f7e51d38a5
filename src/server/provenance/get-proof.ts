import "server-only";
import { and, eq, gt, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image, listingPhoto, proof, visualization } from "@/server/db/schema";

export type ProofAnswer = {
  id: string;
  created: string;
  ai: boolean;
  mode: string;
  styleId: string | null;
  engine: string;
  model: string | null;
  structureScore: number | null;
  structureFindings: unknown;
  originalSha256: string | null;
  /** Whether the result and its photo still live (their hour) and may be shown beside each other here. */
  images: { state: "gone" } | { state: "live"; until: string; published: boolean };
};

/**
 * A result's proof, by its id, as the check page shows it: the facts its manifest states (kept after the
 * images are gone), and whether the images still live. The original is shown to anyone only where its owner
 * published the result: chose it for a listing's photo (its export and client link show it beside the
 * original anyway). Null for an unknown id.
 */
export async function getProof(options: { id: string; db?: DbOrTx; now?: Date }): Promise<ProofAnswer | null> {
  if (!/^[0-9A-F]{8}$/.test(options.id)) return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [row] = await db.select().from(proof).where(eq(proof.id, options.id));
  if (!row) return null;
  let images: ProofAnswer["images"] = { state: "gone" };
  if (row.resultImageId && row.originalImageId) {
    const alive = await db
      .select({ id: image.id, expiresAt: image.expiresAt })
      .from(image)
      .where(and(inArray(image.id, [row.resultImageId, row.originalImageId]), gt(image.expiresAt, now)));
    const result = alive.find((i) => i.id === row.resultImageId);
    const original = alive.find((i) => i.id === row.originalImageId);
    if (result && original) {
      const [chosen] = await db
        .select({ id: listingPhoto.id })
        .from(listingPhoto)
        .innerJoin(visualization, eq(visualization.id, listingPhoto.chosenVisualizationId))
        .where(eq(visualization.resultImageId, row.resultImageId))
        .limit(1);
      images = { state: "live", until: new Date(Math.min(result.expiresAt.getTime(), original.expiresAt.getTime())).toISOString(), published: Boolean(chosen) };
    }
  }
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    ai: row.ai,
    mode: row.mode,
    styleId: row.styleId,
    engine: row.engine,
    model: row.model,
    structureScore: row.structureScore,
    structureFindings: row.structureFindings ?? null,
    originalSha256: row.originalSha256,
    images,
  };
}
