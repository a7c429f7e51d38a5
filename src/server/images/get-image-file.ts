import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { preparedRead } from "@/server/db/prepared-read";
import { image, listing, listingBatch, listingPhoto, teamMember, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { isAnswerKey } from "./result-keys";
import { ownedBy } from "./owned-by";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";

/**
 * The bytes of one of the user's images (their own, or one made in a team they are a member of now: a removed
 * member's open page stops at once). Another user's image and an unknown id are the same NOT_FOUND
 * (nobody learns that an id exists), unless it is a photo, result or HD copy of a listing of a team the user is
 * a member of now; an image past its hour is GONE, even before the sweeper ran. `display`
 * asks for a result's display-size copy under the same rules (the image itself when it has none).
 */
export async function getImageFile(options: { userId: string; imageId: string; display?: boolean; db?: DbOrTx; storage?: ImageStorage; now?: Date }) {
  const storage = options.storage ?? getStorage();
  const readRow = async () => (await readImageRow({ imageId: options.imageId, userId: options.userId }, options))[0] ?? (await readTeamImageRow({ imageId: options.imageId, userId: options.userId }, options))[0];
  let row = await readRow();
  if (!row) throw new AppError("NOT_FOUND");
  const now = options.now ?? new Date();
  if (row.expiresAt <= now) throw new AppError("GONE");
  const display = options.display === true && row.displayKey !== null;
  let data = await storage.get(display ? row.displayKey! : row.storageKey);
  // An engine's answer is removed once its JPEG at the photo's size took its place: the row points there now.
  if (!data && !display && isAnswerKey(row.storageKey)) {
    row = await readRow();
    data = row && !isAnswerKey(row.storageKey) ? await storage.get(row.storageKey) : null;
  }
  if (!data || !row) throw new AppError("GONE");
  return {
    data,
    contentType: display ? "image/jpeg" : row.contentType,
    expiresAt: row.expiresAt,
    kind: row.kind,
    // The engine's answer, soon replaced under the same address: not to be kept by the browser.
    interim: !display && isAnswerKey(row.storageKey),
  };
}

/** Every image request reads this row (a results grid asks for eight at once): prepared once per database. */
const readImageRow = preparedRead("image_of_user", (db) =>
  db
    .select()
    .from(image)
    .where(and(eq(image.id, sql.placeholder("imageId")), ownedBy(image, { userId: sql.placeholder("userId") }))),
);

/** A colleague's image in one of the team's listings: read only when the user's own row is not there. */
const readTeamImageRow = preparedRead("image_of_team", (db) =>
  db
    .select()
    .from(image)
    .where(
      and(
        eq(image.id, sql.placeholder("imageId")),
        sql`exists (
          select 1 from ${listing} l
          join ${teamMember} tm on tm.team_id = l.team_id and tm.user_id = ${sql.placeholder("userId")}
          where l.id in (
            select lp.listing_id from ${listingPhoto} lp where lp.image_id = ${image.id} or lp.hd_image_id = ${image.id}
            union all
            select lb.listing_id from ${visualization} v join ${listingBatch} lb on lb.batch_id = v.batch_id where v.result_image_id = ${image.id}
          )
        )`,
      ),
    ),
);
