"use client";

import { useEffect, type ReactNode } from "react";

// Module state: false until the first page has mounted, so only later navigations animate.
let navigated = false;

/**
 * Plays the page-enter transition on navigations within the app, not on the first load: there it would
 * only delay the moment the page counts as painted.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const animate = navigated;
  useEffect(() => {
    navigated = true;
  }, []);
  return <div className={`flex flex-1 flex-col ${animate ? "page-enter" : ""}`}>{children}</div>;
}
