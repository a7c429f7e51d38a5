import "server-only";
import { cookies } from "next/headers";
import { RETURN_TO_COOKIE } from "@/config/cookies";
import { matchPath, safeReturnPath } from "@/config/routes";
import { findInvitation, type InvitationView } from "@/server/teams/find-invitation";

/**
 * The team invitation a signed-out visitor came with: an invitation link sends them to sign in with the link
 * remembered in the return cookie (proxy.ts), so the sign-in page can say who invited them to which team, or
 * at once that the link no longer works (used, expired, or withdrawn and so unknown).
 */
export async function invitationOnReturn(): Promise<InvitationView | { state: "unknown" } | null> {
  const target = safeReturnPath((await cookies()).get(RETURN_TO_COOKIE)?.value);
  if (!target) return null;
  const url = new URL(target, "http://return.invalid");
  const token = url.searchParams.get("token");
  if (matchPath(url.pathname)?.key !== "/team/join" || !token) return null;
  return (await findInvitation({ token })) ?? { state: "unknown" };
}
