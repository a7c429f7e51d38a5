import { notFound } from "next/navigation";

// Any path under a language that no page claims: the localized not-found page with status 404.
export default function CatchAll() {
  notFound();
}
