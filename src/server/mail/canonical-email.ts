import { dotlessDomains, SUB_ADDRESS_SEPARATOR } from "@/config/email-aliases";

/**
 * The mailbox an address reaches: lowercased, without a sub-address (`name+x@` → `name@`), and without dots
 * in the name where the provider ignores them (`j.an@gmail.com` → `jan@gmail.com`; googlemail.com → gmail.com).
 */
export function canonicalEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = name.indexOf(SUB_ADDRESS_SEPARATOR);
  if (plus > 0) name = name.slice(0, plus);
  const dotless = dotlessDomains[domain];
  if (dotless) {
    name = name.replaceAll(".", "");
    domain = dotless;
  }
  return `${name}@${domain}`;
}
