import { getListing } from "@/server/listings/get-listing";
import { toApiListing } from "@/server/public-api/to-api-listing";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** A listing with its photos, their results, the chosen ones and their HD copies. */
export const GET = v1Route({ scope: "listings" }, async ({ caller, params }) => v1Json({ listing: toApiListing(await getListing({ userId: caller.ownerId, listingId: params.id! })) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET");
