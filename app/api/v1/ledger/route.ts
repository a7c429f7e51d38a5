import { pageQuerySchema } from "@/schemas/public-api";
import { paginate } from "@/server/public-api/paginate";
import { listLedger } from "@/server/tokens/list-ledger";
import { v1Json, v1OtherMethods, v1Query, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** The ledger's entries, newest first: grants, purchases, spends and refunds, each with the balance after it. */
export const GET = v1Route({ scope: "billing:read" }, async ({ request, caller }) => {
  const entries = (await listLedger({ userId: caller.ownerId, teamId: caller.teamId })).map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
  return v1Json(paginate(entries, (e) => e.id, v1Query(request, pageQuerySchema)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET");
