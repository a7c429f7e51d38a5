import { getBalance } from "@/server/tokens/get-balance";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** The owner's token balance (the website's, one ledger); a team's key's: the team's pool. */
export const GET = v1Route({ scope: "billing:read" }, async ({ caller }) => v1Json({ balance: await getBalance({ userId: caller.ownerId, teamId: caller.teamId }), test: caller.mode === "test" }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET");
