import "server-only";
import { env } from "@/env";
import type { DbOrTx } from "@/server/db/client";
import { image } from "@/server/db/schema";
import type { ImageStorage } from "@/server/storage/storage";
import { newId } from "@/server/db/new-id";
import type { ImageRow } from "./image-dto";

/**
 * Writes the bytes, then the row that owns them; the hour starts now. If the row cannot be written the
 * object is removed again, so nothing is stored without an owner.
 */
export async function storeImage(options: {
  db: DbOrTx;
  storage: ImageStorage;
  userId: string;
  /** The team it is made in (the person works in the team); null or absent: the person's own. */
  teamId?: string | null;
  kind: "upload" | "result" | "mask";
  data: Buffer;
  width: number;
  height: number;
  contentType: string;
  /** Ends the object's life early (a mask goes with its photo); the hour from now at the latest. */
  expiresAt?: Date;
}): Promise<ImageRow> {
  const id = newId();
  const storageKey = `${options.kind}s/${id}.${options.contentType === "image/png" ? "png" : "webp"}`;
  await options.storage.put(storageKey, options.data, options.contentType);
  const now = new Date();
  try {
    const [row] = await options.db
      .insert(image)
      .values({
        id,
        userId: options.userId,
        teamId: options.teamId ?? null,
        kind: options.kind,
        storageKey,
        contentType: options.contentType,
        width: options.width,
        height: options.height,
        bytes: options.data.length,
        createdAt: now,
        expiresAt: new Date(Math.min(now.getTime() + env().IMAGE_TTL_SECONDS * 1000, options.expiresAt?.getTime() ?? Infinity)),
      })
      .returning();
    return row!;
  } catch (error) {
    await options.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
