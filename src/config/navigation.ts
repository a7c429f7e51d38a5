import type { StaticRouteKey } from "./routes";

/** Header entries: label key under `nav.*`, target route, and who sees it. */
export const publicNav = [
  { label: "blog", route: "/blog" },
  { label: "offer", route: "/offer" },
] as const satisfies readonly { label: string; route: StaticRouteKey }[];

export const userNav = [
  { label: "generations", route: "/generations" },
  { label: "listings", route: "/listings" },
  { label: "pricing", route: "/pricing" },
] as const satisfies readonly { label: string; route: StaticRouteKey }[];

export const legalNav = [
  { label: "terms", route: "/terms" },
  { label: "privacy", route: "/privacy" },
  { label: "gdpr", route: "/information-obligation" },
] as const satisfies readonly { label: string; route: StaticRouteKey }[];
