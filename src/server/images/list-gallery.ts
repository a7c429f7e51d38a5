import "server-only";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { preparedRead } from "@/server/db/prepared-read";
import { image } from "@/server/db/schema";
import type { ImageDto } from "@/schemas/generation";
import { toImageDto } from "./image-dto";

/**
 * The user's uploads and results that still have time left, newest first: the gallery a next design can start from.
 * Masks are not rooms: they stay out of it (a batch names its mask by id).
 */
export async function listGallery(options: { userId: string; db?: DbOrTx }): Promise<ImageDto[]> {
  const rows = await readGallery({ userId: options.userId, now: new Date().toISOString() }, options);
  return rows.map(toImageDto);
}

const readGallery = preparedRead("list_gallery", (db) =>
  db
    .select()
    .from(image)
    .where(
      and(
        eq(image.userId, sql.placeholder("userId")),
        // Masks are images of their own, not rooms to start from.
        inArray(image.kind, ["upload", "result"]),
        gt(image.expiresAt, sql.placeholder("now")),
      ),
    )
    .orderBy(desc(image.createdAt))
    .limit(200),
);
