import type { ErrorCode } from "@/server/errors";

/**
 * What a refused action tells its form: the code, the domain's reason (which field to point at), the field a refused
 * input names when the reason is shared by several (`fieldTooLong`), and the sentence to show.
 */
export type ActionError = { code: ErrorCode | "INTERNAL"; reason: string | null; field?: string; message: string };

/**
 * The answer of every server action (src/web/actions/action.ts). A refusal carries the fields the form
 * keeps (`values`); both carry a fresh `at`, so the same answer twice is still news to announce.
 */
export type ActionResult<T = undefined> = { ok: true; data: T; at: number } | { ok: false; error: ActionError; values: Record<string, string>; at: number };

/** A form's state under useActionState: null until its first answer. */
export type FormState<T = undefined> = ActionResult<T> | null;
