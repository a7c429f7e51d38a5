import "server-only";
import { env } from "@/env";
import { createViesChecker, type VatNumberChecker } from "./create-vies-checker";

/** The embedded default: the number's format was checked when it was entered (parseTaxId); nothing more is asked. */
const formatOnly: VatNumberChecker = { check: async () => ({ result: "valid", name: null, address: null }) };

let checker: VatNumberChecker | undefined;

/** VIES when VAT_NUMBER_CHECK=vies (at VIES_API_URL), else the format check alone. */
export function getVatNumberChecker(): VatNumberChecker {
  if (checker) return checker;
  const e = env();
  checker = e.VAT_NUMBER_CHECK === "vies" ? createViesChecker({ baseUrl: e.VIES_API_URL }) : formatOnly;
  return checker;
}
