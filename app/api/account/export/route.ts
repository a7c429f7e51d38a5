import { exportAccountData } from "@/server/accounts/export-account-data";
import { AppError } from "@/server/errors";
import { otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** The GDPR export (art. 15 and 20): everything we hold about the signed-in person, as a JSON download. */
export const GET = userRoute({ context: "account.export" }, async ({ user }) => {
  const data = await exportAccountData({ userId: user.id });
  if (!data) throw new AppError("NOT_FOUND");
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="aranzer-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
