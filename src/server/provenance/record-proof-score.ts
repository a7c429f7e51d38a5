import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { proof } from "@/server/db/schema";

/** The structure check's score (and findings, when the check gives them) on the result's proof record, for its proof page. */
export async function recordProofScore(options: { db: DbOrTx; visualizationId: string; score: number; findings?: unknown }): Promise<void> {
  await options.db
    .update(proof)
    .set({ structureScore: options.score, ...(options.findings === undefined ? {} : { structureFindings: options.findings }) })
    .where(eq(proof.visualizationId, options.visualizationId));
}
