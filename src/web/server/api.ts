import "server-only";
import { getAuth } from "@/server/auth/auth";

/** Who is asking a route handler (errors go through src/server/http/error-answer.ts). */
export async function apiUser(request: Request): Promise<{ id: string } | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  return session ? { id: session.user.id } : null;
}
