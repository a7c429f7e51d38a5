import { keepListingImages } from "@/server/listings/keep-listing-images";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

const answer = ({ keptUntil }: { keptUntil: Date | null }) => jsonAnswer({ keptUntil: keptUntil?.toISOString() ?? null });

/** Keep the listing's chosen results and their photos for its life (LISTING_KEEP_DAYS), counted from now. */
export const PUT = userRoute(listingAccess, async ({ user, params }) => answer(await keepListingImages({ userId: user.id, listingId: params.id!, keep: true })));

/** End that at once: the files go back to their hour. */
export const DELETE = userRoute(listingAccess, async ({ user, params }) => answer(await keepListingImages({ userId: user.id, listingId: params.id!, keep: false })));

export const { GET, POST, PATCH, HEAD, OPTIONS } = otherMethods("PUT", "DELETE");
