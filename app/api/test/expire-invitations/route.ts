import { z } from "zod";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { expireInvitations } from "@/server/teams/expire-invitations";
import { otherMethods, parseJsonBody, publicRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/**
 * End-to-end tests only (E2E_SIGN_IN=true, which src/env.ts refuses off a loopback address): the open team
 * invitations of an address expire now, so a browser test meets an expired link. Otherwise a 404.
 */
export const POST = publicRoute({ context: "test.expire-invitations" }, async ({ request }) => {
  if (!env().E2E_SIGN_IN) throw new AppError("NOT_FOUND");
  const { email } = await parseJsonBody(request, z.object({ email: z.email() }));
  return Response.json({ expired: await expireInvitations({ email }) }, { headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
