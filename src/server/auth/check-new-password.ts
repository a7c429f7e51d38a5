import "server-only";
import path from "node:path";
import { readFileSync } from "node:fs";
import { newPasswordField } from "@/schemas/auth";

/** Why a new password is refused: a key under `auth.*` in messages/*.json, shown under the password field. */
export type PasswordProblem = "passwordTooShort" | "passwordTooLong" | "passwordTooCommon";

let common: Set<string> | undefined;

/** The shipped list, read once per process (about 5,000 lines). */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(process.cwd(), "src/server/auth/common-passwords.txt"), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return common;
}

/** Lower-case letters and digits only, trailing digits dropped: "Zofia.Nowak1!" and "zofia.nowak" meet at "zofianowak". */
function stem(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "")
    .replace(/\p{N}+$/u, "");
}

/**
 * NIST SP 800-63B for a password being set (sign-up, reset, change): its length in code points, then a
 * blocklist: the shipped common and breached passwords (compared lower-cased), one character repeated,
 * and the account's own address or a derivative of it. No composition rules.
 */
export function checkNewPassword(options: { password: string; email?: string | null }): PasswordProblem | null {
  const parsed = newPasswordField.safeParse(options.password);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    return message === "passwordTooLong" ? "passwordTooLong" : "passwordTooShort";
  }
  const lower = options.password.toLowerCase();
  if (commonPasswords().has(lower)) return "passwordTooCommon";
  if (new Set(options.password).size === 1) return "passwordTooCommon";
  if (options.email) {
    const address = options.email.toLowerCase();
    const local = address.split("@")[0] ?? "";
    const own = stem(lower);
    if (lower === address || (own !== "" && (own === stem(local) || own === stem(address)))) return "passwordTooCommon";
  }
  return null;
}
