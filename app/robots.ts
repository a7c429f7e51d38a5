import type { MetadataRoute } from "next";
import { env } from "@/env";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    // The Open Graph images are under /api but meant for crawlers: link previews fetch them, and some honour robots.txt.
    rules: [{ userAgent: "*", allow: ["/", "/api/og/"], disallow: ["/api/", "/design", "/settings", "/generations", "/confirm", "/subskrypcje-testowe", "/en/design", "/en/settings", "/en/generations", "/en/confirm", "/en/test-subscriptions"] }],
    sitemap: `${env().appUrl}/sitemap.xml`,
  };
}
