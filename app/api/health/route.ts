import { checkHealth } from "@/server/health/check-health";
import { jsonAnswer, otherMethods, publicRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** The process's health for a load balancer: 200 while the database answers, else 503; it names the mail and storage in use. */
export const GET = publicRoute({ context: "health" }, async () => {
  const report = await checkHealth();
  return jsonAnswer(report, report.ok ? 200 : 503);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
