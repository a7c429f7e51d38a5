import type { ReactNode } from "react";

// A template re-mounts on every navigation, so the fade plays as a page transition.
export default function Template({ children }: { children: ReactNode }) {
  return <div className="page-enter flex flex-1 flex-col">{children}</div>;
}
