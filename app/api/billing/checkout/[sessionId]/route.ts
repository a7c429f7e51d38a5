import { AppError } from "@/server/errors";
import { billingContext } from "@/server/billing/billing-context";
import { verifyCheckout } from "@/server/billing/verify-checkout";
import { errorResponse } from "@/server/http/error-answer";
import { apiUser } from "@/web/server/api";

/** GET: the state of the caller's checkout (the success pages poll it while the payment is verified). */
export async function GET(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const user = await apiUser(request);
  if (!user) return errorResponse(new AppError("UNAUTHORIZED"), request);
  try {
    const result = await verifyCheckout(await billingContext(), { userId: user.id, sessionId: (await params).sessionId });
    return Response.json(result, { status: result.state === "notFound" ? 404 : 200, headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error, request);
  }
}
