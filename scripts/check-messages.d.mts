/** Types for scripts/check-messages.mjs. */
export type MessagesCheck = { ok: boolean; problems: string[]; keys: number; locales: string[] };
export declare function checkMessages(dir?: string): MessagesCheck;
export declare function compareMessages(
  reference: Record<string, unknown>,
  other: Record<string, unknown>,
  referenceName?: string,
  otherName?: string,
): { problems: string[]; keys: number };
export declare function icuNames(message: string): { args: Set<string>; tags: Set<string> };
