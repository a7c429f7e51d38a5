import "server-only";
import { getDb, type Db } from "@/server/db/client";
import { getResultHd } from "@/server/generation/get-result-hd";
import { resultOf } from "./result-of";
import { toApiImage } from "./to-api-visualization";

/** Where a result's 4K copy stands, as the API shows it: its state and, once made and while kept, its image. */
export async function getApiResultHd(options: { ownerId: string; visualizationId: string; resultId: string; db?: Db }) {
  const db = options.db ?? (await getDb());
  await resultOf({ ...options, db });
  const { state, hd } = await getResultHd({ db, userId: options.ownerId, visualizationId: options.resultId });
  return { state, image: hd ? toApiImage(hd) : null };
}
