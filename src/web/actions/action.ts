import "server-only";
import { unstable_rethrow } from "next/navigation";
import { getLocale } from "next-intl/server";
import { z } from "zod";
import { isLocale, type Locale } from "@/config/routes";
import { AppError } from "@/server/errors";
import { errorAnswer, type Wording } from "@/server/http/error-answer";
import { getSessionUser, type SessionUser } from "@/web/server/session";
import type { ActionResult } from "./action-result";

type Options<Keep extends string> = {
  /** Names the failure in the log (`<context>.unexpected`). */
  context: string;
  /** "required": without a signed-in user the handler does not run and the answer is UNAUTHORIZED. */
  auth: "required" | "optional";
  /** The fields a refusal hands back, so that the form keeps what was typed and chosen. */
  keep?: readonly Keep[];
  /** The form's own sentences for some codes (see errorAnswer). */
  wording?: Wording;
};

type Context<A extends Options<string>["auth"]> = { user: A extends "required" ? SessionUser : SessionUser | null; locale: Locale };

/** A form's fields as strings (files are no form field here); a field sent twice keeps its first value. */
function fieldsOf(input: FormData | Record<string, unknown>): Record<string, unknown> {
  if (!(input instanceof FormData)) return input;
  const fields: Record<string, string> = {};
  for (const [name, value] of input) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

type Input = FormData | Record<string, unknown>;

/**
 * A server action: called with its input alone (a `<form action>`, a direct call), or with the previous state
 * first (useActionState).
 */
export type Action<T> = {
  (input?: Input): Promise<ActionResult<T>>;
  (previous: unknown, input: Input): Promise<ActionResult<T>>;
};

/**
 * A server action in the house's one shape, exported as it is from a "use server" file
 * (`export const submitComment = action(…)`): authenticates when asked, parses its input (a form or an object)
 * with `schema` (the only place it is checked), runs `handler`, and answers an ActionResult whose refusal is
 * built by errorAnswer, the map route handlers use too. Redirects and other framework signals thrown by the
 * handler pass through.
 */
export function action<S extends z.ZodType, T, A extends "required" | "optional", Keep extends string = never>(
  schema: S,
  handler: (input: z.output<S>, context: Context<A>) => Promise<T>,
  options: Options<Keep> & { auth: A },
): Action<T> {
  return async (...args: unknown[]) => {
    // React hands useActionState's previous state first; a form's action and a direct call pass the input alone.
    const input = ((args.length >= 2 ? args[1] : args[0]) ?? {}) as Input;
    const fields = fieldsOf(input);
    const values: Record<string, string> = {};
    for (const name of options.keep ?? []) values[name] = typeof fields[name] === "string" ? fields[name] : "";
    const formLocale = fields.locale;
    const locale: Locale = isLocale(formLocale) ? formLocale : ((await getLocale()) as Locale);
    try {
      const user = await getSessionUser();
      if (options.auth === "required" && !user) throw new AppError("UNAUTHORIZED");
      const parsed = schema.safeParse(fields);
      if (!parsed.success) throw new AppError("INVALID_INPUT");
      const data = await handler(parsed.data, { user, locale } as Context<A>);
      return { ok: true, data, at: Date.now() };
    } catch (error) {
      unstable_rethrow(error);
      const { code, details, message } = errorAnswer(error, { locale, context: options.context, wording: options.wording });
      const refused = { code, reason: typeof details.reason === "string" ? details.reason : null, message };
      return { ok: false, error: typeof details.field === "string" ? { ...refused, field: details.field } : refused, values, at: Date.now() };
    }
  };
}

/**
 * The same seam for a `<form action>` whose answer is a navigation (a redirect, or the page rendered again):
 * nothing to hand back, so it answers nothing; a refusal is logged by the error map like any other.
 */
export function formAction<S extends z.ZodType, A extends "required" | "optional">(
  schema: S,
  handler: (input: z.output<S>, context: Context<A>) => Promise<void>,
  options: Options<never> & { auth: A },
): (form: FormData) => Promise<void> {
  const run = action(schema, handler, options);
  return async (form) => {
    await run(form);
  };
}
