import { z } from "zod";

/**
 * What the structure check found on a result that differs from its photo, for the overlay on the comparison
 * slider and the sentence under it. Coordinates are shares (0..1) of the picture's width and height.
 */
const share = z.number().min(-1).max(2);
export const structureFindingSchema = z.object({
  kind: z.enum(["lost", "moved", "added"]),
  element: z.enum(["window", "door", "wall-corner", "ceiling-line", "floor-line", "opening", "camera"]),
  side: z.enum(["left", "centre", "right"]),
  level: z.enum(["top", "middle", "bottom"]),
  /** An opening's box: left, top, right, bottom. */
  box: z.tuple([share, share, share, share]).optional(),
  /** A line as it is in the photo (lost, moved) or in the result (added): x1, y1, x2, y2. */
  segment: z.tuple([share, share, share, share]).optional(),
  /** Where a moved line is in the result. */
  to: z.tuple([share, share, share, share]).optional(),
  /** For the camera: how far the result's room lies from the photo's, across and down, and its zoom. */
  shift: z.object({ across: z.number(), down: z.number(), zoom: z.number() }).optional(),
});
export type StructureFinding = z.infer<typeof structureFindingSchema>;
export const structureFindingsSchema = z.array(structureFindingSchema).max(12);
