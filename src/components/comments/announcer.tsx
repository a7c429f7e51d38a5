"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useAnnouncer } from "@/components/ui/use-announcer";

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/** One polite live region for every form below it, which stays in place when the form that spoke is gone. */
export function Announcer({ children }: { children: ReactNode }) {
  const [text, announce] = useAnnouncer(150);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <p role="status" className="sr-only">
        {text}
      </p>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext);
}
