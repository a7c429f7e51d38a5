"use server";

import { revalidatePath } from "next/cache";
import { WEBHOOK_URL_MAX } from "@/config/api";
import { z } from "zod";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { revokeApiKey } from "@/server/api-keys/revoke-api-key";
import { createTeamApiKey } from "@/server/teams/create-team-api-key";
import { revokeTeamApiKey } from "@/server/teams/revoke-team-api-key";
import { createWebhookEndpoint } from "@/server/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/server/webhooks/delete-webhook-endpoint";
import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { action } from "./action";

/*
 * The settings page's API keys and webhook endpoints. The rules are the domain's (src/server/api-keys,
 * src/server/webhooks); a new key's secret is in the answer of its creation only and never on a page again.
 * With `teamId`, the key is the team's (the team page's keys, for its owner and admins).
 */

const refresh = () => revalidatePath("/[locale]/settings/api", "page");
const refreshTeam = () => revalidatePath("/[locale]/team", "page");

export const createApiKeyAction = action(
  z.object({ name: z.string(), mode: z.string(), scopes: z.array(z.string()), expiresAt: z.string().nullable(), concurrency: z.number().nullable().default(null), teamId: z.string().max(100).nullable().default(null) }),
  async (input, { user }) => {
    const key = { name: input.name, mode: input.mode as "live", scopes: input.scopes as ["read"], expiresAt: input.expiresAt ? new Date(`${input.expiresAt}T23:59:59Z`) : null, concurrency: input.concurrency };
    const made = input.teamId ? await createTeamApiKey({ actorId: user.id, teamId: input.teamId, input: key }) : await createApiKey({ ownerId: user.id, input: key });
    if (input.teamId) refreshTeam();
    else refresh();
    return { secret: made.secret, prefix: made.key.prefix };
  },
  { context: "apiKeys.create", auth: "required" },
);

export const revokeApiKeyAction = action(
  z.object({ keyId: z.string().max(100), teamId: z.string().max(100).nullable().default(null) }),
  async (input, { user }) => {
    if (input.teamId) {
      await revokeTeamApiKey({ actorId: user.id, teamId: input.teamId, keyId: input.keyId });
      refreshTeam();
    } else {
      await revokeApiKey({ ownerId: user.id, keyId: input.keyId });
      refresh();
    }
  },
  { context: "apiKeys.revoke", auth: "required" },
);

export const createWebhookEndpointAction = action(
  z.object({ url: z.string().max(WEBHOOK_URL_MAX, "urlTooLong"), mode: z.enum(["live", "test"]) }),
  async (input, { user }) => {
    await createWebhookEndpoint({ ownerId: user.id, url: input.url, mode: input.mode });
    refresh();
  },
  { context: "webhooks.create", auth: "required" },
);

export const deleteWebhookEndpointAction = action(
  z.object({ endpointId: z.string().max(100) }),
  async (input, { user }) => {
    await deleteWebhookEndpoint({ ownerId: user.id, endpointId: input.endpointId });
    refresh();
  },
  { context: "webhooks.delete", auth: "required" },
);

export const sendTestWebhookAction = action(
  z.object({ endpointId: z.string().max(100) }),
  async (input, { user }) => {
    await sendTestWebhook({ ownerId: user.id, endpointId: input.endpointId });
    refresh();
  },
  { context: "webhooks.test", auth: "required" },
);
