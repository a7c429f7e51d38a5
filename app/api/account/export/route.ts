import { exportAccountData } from "@/server/accounts/export-account-data";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/error-answer";
import { apiUser } from "@/web/server/api";

export const dynamic = "force-dynamic";

/** The GDPR export (art. 15 and 20): everything we hold about the signed-in person, as a JSON download. */
export async function GET(request: Request) {
  try {
    const user = await apiUser(request);
    if (!user) throw new AppError("UNAUTHORIZED");
    const data = await exportAccountData({ userId: user.id });
    if (!data) throw new AppError("NOT_FOUND");
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="aranzer-data-${new Date().toISOString().slice(0, 10)}.json"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return errorResponse(error, request, "account.export");
  }
}
