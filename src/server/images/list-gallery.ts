import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image } from "@/server/db/schema";
import type { ImageDto } from "@/schemas/generation";
import { toImageDto } from "./image-dto";

/** The user's uploads and results that still have time left, newest first: the gallery a next design can start from. */
export async function listGallery(options: { userId: string; db?: DbOrTx }): Promise<ImageDto[]> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select()
    .from(image)
    .where(and(eq(image.userId, options.userId), gt(image.expiresAt, new Date())))
    .orderBy(desc(image.createdAt))
    .limit(200);
  return rows.map(toImageDto);
}
