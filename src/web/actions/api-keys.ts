"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { revokeApiKey } from "@/server/api-keys/revoke-api-key";
import { createWebhookEndpoint } from "@/server/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/server/webhooks/delete-webhook-endpoint";
import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { action } from "./action";

/*
 * The settings page's API keys and webhook endpoints. The rules are the domain's (src/server/api-keys,
 * src/server/webhooks); a new key's secret is in the answer of its creation only and never on a page again.
 */

const refresh = () => revalidatePath("/[locale]/settings/api", "page");

export const createApiKeyAction = action(
  z.object({ name: z.string(), mode: z.string(), scopes: z.array(z.string()), expiresAt: z.string().nullable(), concurrency: z.number().nullable().default(null) }),
  async (input, { user }) => {
    const made = await createApiKey({
      ownerId: user.id,
      input: { name: input.name, mode: input.mode as "live", scopes: input.scopes as ["read"], expiresAt: input.expiresAt ? new Date(`${input.expiresAt}T23:59:59Z`) : null, concurrency: input.concurrency },
    });
    refresh();
    return { secret: made.secret, prefix: made.key.prefix };
  },
  { context: "apiKeys.create", auth: "required" },
);

export const revokeApiKeyAction = action(
  z.object({ keyId: z.string().max(100) }),
  async (input, { user }) => {
    await revokeApiKey({ ownerId: user.id, keyId: input.keyId });
    refresh();
  },
  { context: "apiKeys.revoke", auth: "required" },
);

export const createWebhookEndpointAction = action(
  z.object({ url: z.string().max(2048), mode: z.enum(["live", "test"]) }),
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
