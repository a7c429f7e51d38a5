import { getAuth } from "@/server/auth/auth";
import { otherMethods } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

async function handle(request: Request) {
  const auth = await getAuth();
  return auth.handler(request);
}

export { handle as GET, handle as POST };

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
