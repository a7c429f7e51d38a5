import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { RETURN_TO_COOKIE } from "@/config/cookies";
import { subscription } from "@/server/db/schema";
import { createTeam } from "@/server/teams/create-team";
import { inviteToTeam } from "@/server/teams/invite-to-team";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";
import { invitationOnReturn } from "./invitation-on-return";

const jar = vi.hoisted(() => ({ returnTo: undefined as string | undefined }));
vi.mock("next/headers", () => ({ cookies: async () => ({ get: (name: string) => (name === "aranzer.return-to" && jar.returnTo ? { value: jar.returnTo } : undefined) }) }));

describe("the sign-in page of a visitor an invitation link sent there", () => {
  const db = useInstalledPglite();
  let token: string;
  const email = `${randomUUID()}@example.test`;

  beforeAll(async () => {
    const ownerId = await insertUser(db());
    const { id: teamId } = await createTeam({ db: db().db, userId: ownerId, name: "Biuro Wisła" });
    // Pro: seats for more than the owner.
    await db().db.insert(subscription).values({ userId: ownerId, teamId, provider: "sandbox", providerSubscriptionId: `sub_${teamId}`, planId: "pro", status: "active", paidUntil: new Date(Date.now() + 30 * 86_400_000) });
    ({ token } = await inviteToTeam({ db: db().db, actorId: ownerId, teamId, email, role: "agent", locale: "pl", origin: "http://localhost" }));
  });

  it("names the team, who invited and the address, from the link kept to return to", async () => {
    expect(RETURN_TO_COOKIE).toBe("aranzer.return-to");
    jar.returnTo = `/zespol/dolacz?token=${token}`;
    expect(await invitationOnReturn()).toEqual({ teamName: "Biuro Wisła", invitedBy: "Test", email, state: "open" });
    jar.returnTo = `/en/team/join?token=${token}`;
    expect(await invitationOnReturn()).toMatchObject({ teamName: "Biuro Wisła" });
  });

  it("says that a link no longer works (withdrawn or never valid: unknown), and nothing for another page or no return at all", async () => {
    jar.returnTo = "/zespol/dolacz?token=unknown";
    expect(await invitationOnReturn()).toEqual({ state: "unknown" });
    for (const value of [`/projektuj?token=${token}`, "/zespol/dolacz", "https://example.com/zespol/dolacz?token=x", undefined]) {
      jar.returnTo = value;
      expect(await invitationOnReturn()).toBeNull();
    }
  });
});
