import "server-only";
import { and, desc, gt, inArray, sql, type Placeholder } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { preparedRead } from "@/server/db/prepared-read";
import { image } from "@/server/db/schema";
import type { ImageDto } from "@/schemas/generation";
import { toImageDto } from "./image-dto";
import { ownedBy } from "./owned-by";

/**
 * The uploads and results that still have time left, newest first, of where the person works now (their own, or
 * the team's while they are its member): the gallery a next design can start from.
 * Masks are not rooms: they stay out of it (a batch names its mask by id).
 */
export async function listGallery(options: { userId: string; teamId?: string | null; db?: DbOrTx }): Promise<ImageDto[]> {
  const now = new Date().toISOString();
  const rows = options.teamId ? await readTeamGallery({ userId: options.userId, teamId: options.teamId, now }, options) : await readGallery({ userId: options.userId, now }, options);
  return rows.map(toImageDto);
}

const galleryOf = (name: string, teamId: Placeholder | null) =>
  preparedRead(name, (db) =>
    db
      .select()
      .from(image)
      .where(
        and(
          ownedBy(image, { userId: sql.placeholder("userId"), teamId }),
          // Masks are images of their own, not rooms to start from.
          inArray(image.kind, ["upload", "result"]),
          gt(image.expiresAt, sql.placeholder("now")),
        ),
      )
      .orderBy(desc(image.createdAt))
      .limit(200),
  );

const readGallery = galleryOf("list_gallery", null);
const readTeamGallery = galleryOf("list_team_gallery", sql.placeholder("teamId"));
