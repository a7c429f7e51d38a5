"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { Locale } from "@/config/routes";

type Paths = Partial<Record<Locale, string>> | null;
const Context = createContext<{ paths: Paths; set: (paths: Paths) => void }>({ paths: null, set: () => {} });

export function AlternatePathsProvider({ children }: { children: ReactNode }) {
  const [paths, set] = useState<Paths>(null);
  return <Context.Provider value={{ paths, set }}>{children}</Context.Provider>;
}

export function useAlternatePaths(): Paths {
  return useContext(Context).paths;
}

/** Rendered by a page whose translation lives at a path the route table cannot know (a blog post). */
export function AlternatePaths({ paths }: { paths: Partial<Record<Locale, string>> }) {
  const { set } = useContext(Context);
  const key = JSON.stringify(paths);
  useEffect(() => {
    set(JSON.parse(key) as Paths);
    return () => set(null);
  }, [key, set]);
  return null;
}
