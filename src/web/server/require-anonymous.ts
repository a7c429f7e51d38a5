import "server-only";
import { redirect } from "next/navigation";
import { pathFor, type Locale } from "@/config/routes";
import { getSessionUser } from "./session";

/** For the login page: a signed-in user has nothing to do there. */
export async function requireAnonymous(locale: Locale): Promise<void> {
  if (await getSessionUser()) redirect(pathFor("/design", locale));
}
