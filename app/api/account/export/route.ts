import { headers } from "next/headers";
import { getAuth } from "@/server/auth/auth";
import { exportAccountData } from "@/server/accounts/export-account-data";

export const dynamic = "force-dynamic";

export async function GET() {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() });
  if (!session) return Response.json({ error: "unauthorized" }, { status: 401 });
  const data = await exportAccountData({ userId: session.user.id });
  if (!data) return Response.json({ error: "not found" }, { status: 404 });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="aranzer-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
}
