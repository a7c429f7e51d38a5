"use client";

/**
 * Ends the session, then loads the target page fresh so no signed-in state stays in memory. A plain
 * request to better-auth's endpoint: its browser client would add a library to every page's bundle.
 */
export async function signOutAndGo(target: string) {
  await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  window.location.assign(target);
}
