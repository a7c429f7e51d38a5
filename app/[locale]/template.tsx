import type { ReactNode } from "react";
import { PageTransition } from "@/components/layout/page-transition";

// A template re-mounts on every navigation, so the transition plays per page.
export default function Template({ children }: { children: ReactNode }) {
  return <PageTransition>{children}</PageTransition>;
}
