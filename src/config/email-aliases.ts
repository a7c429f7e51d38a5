/**
 * How providers fold addresses onto one mailbox, for the one-grant-per-address check of the free tokens.
 * Sub-addresses (`name+anything@`) reach `name@` at Gmail, Outlook, iCloud, Proton, Fastmail and most
 * others, so the `+` part is dropped everywhere. Dots in the name are ignored only where the provider says so.
 */
/** Gmail ignores dots in the name (support.google.com/mail/answer/7436150); googlemail.com is the same mailbox. */
export const dotlessDomains: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };
export const SUB_ADDRESS_SEPARATOR = "+";
