import { z } from "zod";
import { routing } from "@/i18n/routing";
import { AppError } from "@/server/errors";
import { personDataParts } from "@/web/shared/person-data";
import { readPersonData } from "@/web/server/person-data";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

const query = z.object({ locale: z.enum(routing.locales), with: z.enum(personDataParts).optional() });

/** What a signed-in shell shows of the person (`?locale=pl&with=gallery|batches`) → 200 PersonData. */
export const GET = userRoute({}, async ({ request, user }) => {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new AppError("INVALID_INPUT", { field: String(parsed.error.issues[0]?.path[0] ?? "query") });
  const data = await readPersonData({ userId: user.id, locale: parsed.data.locale, part: parsed.data.with ?? null });
  if (!data) throw new AppError("UNAUTHORIZED");
  return jsonAnswer(data);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
