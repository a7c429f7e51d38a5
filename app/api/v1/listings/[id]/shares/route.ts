import { env } from "@/env";
import { createShareLink } from "@/server/listings/create-share-link";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** A read-only link for the client; its address is in this answer only. */
export const POST = v1Route({ scope: "listings", write: true }, async ({ caller, params }) => {
  await hitRateLimit({ rule: "listing", subject: caller.ownerId });
  const link = await createShareLink({ userId: caller.ownerId, listingId: params.id! });
  return v1Json({ id: link.id, url: `${env().appUrl}/p/${link.token}` }, 201);
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = v1OtherMethods("POST");
