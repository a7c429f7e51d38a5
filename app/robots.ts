import type { MetadataRoute } from "next";
import { env } from "@/env";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/design", "/settings", "/generations", "/confirm", "/subskrypcje-testowe", "/en/design", "/en/settings", "/en/generations", "/en/confirm", "/en/test-subscriptions"] }],
    sitemap: `${env().appUrl}/sitemap.xml`,
  };
}
