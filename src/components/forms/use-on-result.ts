"use client";

import { useEffect, useRef } from "react";
import type { ActionResult, FormState } from "@/web/actions/action-result";

/** Runs once per answer of a form's action (each has its own `at`), after the page shows it. */
export function useOnResult<T>(state: FormState<T>, handle: (result: ActionResult<T>) => void) {
  const seen = useRef(0);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (!state || state.at === seen.current) return;
    seen.current = state.at;
    latest.current(state);
  }, [state]);
}
