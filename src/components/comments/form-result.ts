"use client";

import { useEffect, useRef } from "react";
import type { CommentFormState } from "@/web/actions/comments";

/**
 * A translator of the comments or moderation namespace. Its keys are typed per namespace; this helper builds
 * `errors.<reason>` keys for either, checked against `known` (and the namespaces' messages) by its callers.
 */
type Translate = (key: never, values?: never) => string;

/** The sentence for a refusal, from the namespace's `errors` (comments or moderation). */
export function refusalText(t: Translate, state: CommentFormState, known: readonly string[], rateLimitedKey = "rateLimited"): string | null {
  if (state.status !== "error") return null;
  const key = known.includes(state.error) ? state.error : "unexpected";
  const say = (name: string, values?: Record<string, string | number>) => t(`errors.${name}` as never, values as never);
  if (key === "rateLimited") return say(rateLimitedKey, { minutes: state.minutes ?? 1 });
  if (key === "tooLong") return say("tooLong", { max: state.max ?? 0 });
  if (key === "editWindow") return say("editWindow", { minutes: state.minutes ?? 0 });
  return say(key);
}

/** Runs once per result of a form's action (each has its own `at`), after the page shows it. */
export function useOnResult(state: CommentFormState, handle: (state: Exclude<CommentFormState, { status: "idle" }>) => void) {
  const seen = useRef(0);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (state.status === "idle" || state.at === seen.current) return;
    seen.current = state.at;
    latest.current(state);
  }, [state]);
}
