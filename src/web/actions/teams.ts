"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { pathFor } from "@/config/routes";
import { teamRoles } from "@/server/db/schema";
import { acceptInvitation } from "@/server/teams/accept-invitation";
import { closeTeam } from "@/server/teams/close-team";
import { createTeam } from "@/server/teams/create-team";
import { inviteToTeam } from "@/server/teams/invite-to-team";
import { removeTeamMember } from "@/server/teams/remove-team-member";
import { setMemberCap } from "@/server/teams/set-member-cap";
import { setMemberRole } from "@/server/teams/set-member-role";
import { switchAccount } from "@/server/teams/switch-account";
import { withdrawInvitation } from "@/server/teams/withdraw-invitation";
import { ownOrigin } from "@/web/server/own-origin";
import { action } from "./action";

/** Every team action answers the form; the page (and the header's pool and switch) are read anew. */
const done = () => revalidatePath("/", "layout");

export const createTeamAction = action(
  z.object({ name: z.string().catch("") }),
  async (input, { user }) => {
    await createTeam({ userId: user.id, name: input.name });
    done();
  },
  { context: "teams.create", auth: "required", keep: ["name"] },
);

export const inviteAction = action(
  z.object({ teamId: z.string(), email: z.string().catch(""), role: z.string().catch("agent") }),
  async (input, { user, locale }) => {
    await inviteToTeam({ actorId: user.id, teamId: input.teamId, email: input.email, role: input.role, locale, origin: await ownOrigin() });
    done();
  },
  { context: "teams.invite", auth: "required", keep: ["email", "role"] },
);

export const withdrawInvitationAction = action(
  z.object({ teamId: z.string(), invitationId: z.string() }),
  async (input, { user, locale }) => {
    await withdrawInvitation({ actorId: user.id, teamId: input.teamId, invitationId: input.invitationId });
    done();
    // Its form leaves the page with the invitation: the page says what happened.
    redirect(`${pathFor("/team", locale)}?done=invitationWithdrawn`);
  },
  { context: "teams.withdrawInvitation", auth: "required" },
);

export const memberAction = action(
  z.object({
    teamId: z.string(),
    userId: z.string(),
    change: z.enum(["remove", "role", "cap"]),
    role: z.enum(teamRoles).optional(),
    cap: z.string().optional(),
  }),
  async (input, { user, locale }) => {
    const ids = { actorId: user.id, teamId: input.teamId, userId: input.userId };
    if (input.change === "remove") await removeTeamMember(ids);
    else if (input.change === "role" && input.role) await setMemberRole({ ...ids, role: input.role });
    else if (input.change === "cap") await setMemberCap({ ...ids, cap: input.cap?.trim() ? Number(input.cap) : null });
    done();
    // A removal's form leaves the page with the member: the page says what happened.
    if (input.change === "remove") redirect(`${pathFor("/team", locale)}?done=${input.userId === user.id ? "left" : "memberRemoved"}`);
  },
  { context: "teams.member", auth: "required", keep: ["cap"] },
);

export const closeTeamAction = action(
  z.object({ teamId: z.string() }),
  async (input, { user }) => {
    await closeTeam({ actorId: user.id, teamId: input.teamId });
    done();
  },
  { context: "teams.close", auth: "required" },
);

export const joinTeamAction = action(
  z.object({ token: z.string().min(1).max(200) }),
  async (input, { user, locale }) => {
    await acceptInvitation({ userId: user.id, token: input.token });
    done();
    redirect(pathFor("/team", locale));
  },
  { context: "teams.join", auth: "required" },
);

/** The header's switch between the person's own account (teamId "") and a team. */
export const switchAccountAction = action(
  z.object({ teamId: z.string().catch("") }),
  async (input, { user }) => {
    await switchAccount({ userId: user.id, teamId: input.teamId || null });
    done();
  },
  { context: "teams.switch", auth: "required" },
);
