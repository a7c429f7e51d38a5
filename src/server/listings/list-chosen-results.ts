import "server-only";
import { aliasedTable, and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import type { EditMode } from "@/config/edit-modes";
import { isAiResult } from "@/config/engines";
import { batch, image, listingPhoto, visualization } from "@/server/db/schema";
import type { ImageRow } from "@/server/images/image-dto";

export type ChosenResult = {
  photoId: string;
  /** 1-based, in the listing's order of photos that have a choice. */
  number: number;
  roomType: string;
  /** Empty for a mode without a style (declutter). */
  styleId: string;
  mode: EditMode;
  /** Made by an AI engine (isAiResult). */
  ai: boolean;
  result: ImageRow;
  source: ImageRow | null;
  hd: ImageRow | null;
};

/**
 * The chosen result of each photo, in the listing's order, with the photo and the HD copy; `dead` counts
 * choices whose result is past its hour (they are left out).
 */
export async function listChosenResults(options: { db: DbOrTx; listingId: string; now?: Date }): Promise<{ items: ChosenResult[]; dead: number }> {
  const now = options.now ?? new Date();
  const result = aliasedTable(image, "result");
  const hd = aliasedTable(image, "hd");
  const rows = await options.db
    .select({ photo: listingPhoto, styleId: visualization.styleId, mode: batch.mode, engine: batch.engine, result, source: image, hd })
    .from(listingPhoto)
    .innerJoin(visualization, eq(visualization.id, listingPhoto.chosenVisualizationId))
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .leftJoin(result, eq(result.id, visualization.resultImageId))
    .leftJoin(image, eq(image.id, listingPhoto.imageId))
    // The HD copy of the chosen result: one made of another result stays for when that one is chosen again.
    .leftJoin(hd, and(eq(hd.id, listingPhoto.hdImageId), eq(listingPhoto.hdVisualizationId, listingPhoto.chosenVisualizationId)))
    .where(eq(listingPhoto.listingId, options.listingId))
    .orderBy(asc(listingPhoto.position));
  const live = (i: ImageRow | null) => (i && i.expiresAt > now ? i : null);
  const items: ChosenResult[] = [];
  let dead = 0;
  for (const r of rows) {
    const res = live(r.result);
    if (!res) {
      dead++;
      continue;
    }
    items.push({ photoId: r.photo.id, number: items.length + 1, roomType: r.photo.roomType, styleId: r.styleId ?? "", mode: r.mode as EditMode, ai: isAiResult(r.engine, r.mode as EditMode), result: res, source: live(r.source), hd: live(r.hd) });
  }
  return { items, dead };
}
