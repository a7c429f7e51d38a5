import { boolean, index, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The facts of one result, as its C2PA manifest states them, under its proof id (8 hexadecimal digits: the
 * watermark's payload and the address of its proof page, /sprawdz/<id>). It outlives the images: once they are
 * gone (their hour) the proof page still says what was made, when and how. No pixels, no file names, no prompt.
 */
export const proof = pgTable(
  "proof",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The result's and the photo's image rows while they live (no reference: the proof is written before the result's row, and outlives both). */
    resultImageId: text("result_image_id"),
    originalImageId: text("original_image_id"),
    visualizationId: text("visualization_id").notNull(),
    ai: boolean("ai").notNull(),
    mode: text("mode").notNull(),
    styleId: text("style_id"),
    engine: text("engine").notNull(),
    model: text("model"),
    originalSha256: text("original_sha256"),
    structureScore: real("structure_score"),
    /** What the structure check found, where it says (an object of the check's own); null while not run. */
    structureFindings: jsonb("structure_findings"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("proof_visualization_idx").on(t.visualizationId), index("proof_result_idx").on(t.resultImageId)],
);
