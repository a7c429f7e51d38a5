import { z } from "zod";
import { env } from "@/env";
import { createTestAccount } from "@/server/auth/create-test-account";
import { AppError } from "@/server/errors";
import { otherMethods, parseJsonBody, publicRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

const body = z.object({
  email: z.email(),
  password: z.string().min(8).max(128),
  tokens: z.number().int().min(0).max(100_000).optional(),
  showWelcome: z.boolean().optional(),
  locale: z.enum(["pl", "en"]).optional(),
});

/**
 * End-to-end tests only (E2E_SIGN_IN=true, which src/env.ts refuses off a loopback address): a confirmed,
 * signed-in account with a chosen balance, without the sign-up form and its e-mail. Otherwise a 404.
 */
export const POST = publicRoute({ context: "test.sign-in" }, async ({ request }) => {
  if (!env().E2E_SIGN_IN) throw new AppError("NOT_FOUND");
  const { userId, balance, setCookie } = await createTestAccount(await parseJsonBody(request, body));
  const response = Response.json({ userId, balance }, { status: 201, headers: { "cache-control": "no-store" } });
  for (const cookie of setCookie) response.headers.append("set-cookie", cookie);
  return response;
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
