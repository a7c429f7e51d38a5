"use server";

import { getSessionUser } from "@/web/session";
import { markWelcomeShown } from "@/server/accounts/mark-welcome-shown";
import { deleteAccount } from "@/server/accounts/delete-account";
import { getAuth } from "@/server/auth/auth";
import { headers } from "next/headers";

export async function markWelcomeModalShown(): Promise<void> {
  const user = await getSessionUser();
  if (user) await markWelcomeShown({ userId: user.id });
}

export type DeleteAccountResult = { ok: true } | { ok: false; error: "wrongCurrentPassword" | "unexpected" | "unauthorized" };

/** Deletes the signed-in account; a password account must re-enter its password first. */
export async function deleteMyAccount(input: { password?: string }): Promise<DeleteAccountResult> {
  const user = await getSessionUser();
  if (!user) return { ok: false, error: "unauthorized" };
  const auth = await getAuth();
  const requestHeaders = await headers();
  const accounts = await auth.api.listUserAccounts({ headers: requestHeaders });
  if (accounts.some((a) => a.providerId === "credential")) {
    const password = typeof input.password === "string" ? input.password : "";
    const verified = await auth.api.verifyPassword({ body: { password }, headers: requestHeaders }).then(
      () => true,
      () => false,
    );
    if (!verified) return { ok: false, error: "wrongCurrentPassword" };
  }
  await deleteAccount({ userId: user.id });
  await auth.api.signOut({ headers: requestHeaders }).catch(() => undefined);
  return { ok: true };
}
