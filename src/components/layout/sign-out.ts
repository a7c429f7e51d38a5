"use client";

import { authClient } from "@/web/auth-client";

/** Ends the session, then loads the target page fresh so no signed-in state stays in memory. */
export async function signOutAndGo(target: string) {
  await authClient.signOut();
  window.location.assign(target);
}
