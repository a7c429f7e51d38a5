import "server-only";
import { createHash, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "@/env";
import { replicateRoutes } from "@/config/engines";
import type { DbOrTx } from "@/server/db/client";
import { batch, proof } from "@/server/db/schema";
import { proofIdText } from "./watermark";

export type ProofRow = typeof proof.$inferSelect;

/** The model an engine runs for a mode, as configured (the masked modes' own Replicate models; others the engine's). */
export function modelOf(engineId: string, mode: string): string | null {
  const e = env();
  if (engineId === "replicate") return mode in replicateRoutes ? replicateRoutes[mode as keyof typeof replicateRoutes] : e.REPLICATE_MODEL;
  if (engineId === "openai") return e.OPENAI_IMAGE_MODEL;
  if (engineId === "comfyui") return e.COMFYUI_CHECKPOINT ?? null;
  return null;
}

/**
 * A proof record for a result about to be stored: a fresh random 32-bit proof id (drawn again on the rare
 * clash), the photo it was made from (its image row and SHA-256) and what made it.
 */
export async function createProof(options: {
  db: DbOrTx;
  userId: string;
  visualizationId: string;
  batchId: string;
  resultImageId: string;
  original: Buffer;
  ai: boolean;
  mode: string;
  styleId: string | null;
  engine: string;
}): Promise<ProofRow> {
  const [source] = await options.db.select({ id: batch.sourceImageId }).from(batch).where(eq(batch.id, options.batchId));
  const values = {
    userId: options.userId,
    visualizationId: options.visualizationId,
    resultImageId: options.resultImageId,
    originalImageId: source?.id ?? null,
    ai: options.ai,
    mode: options.mode,
    styleId: options.styleId,
    engine: options.engine,
    model: modelOf(options.engine, options.mode),
    originalSha256: createHash("sha256").update(options.original).digest("hex"),
  };
  for (let attempt = 0; ; attempt++) {
    const [row] = await options.db
      .insert(proof)
      .values({ id: proofIdText(randomInt(0, 2 ** 32)), ...values })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (attempt > 5) throw new Error("no free proof id");
  }
}
