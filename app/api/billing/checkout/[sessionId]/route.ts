import { billingContext } from "@/server/billing/billing-context";
import { verifyCheckout } from "@/server/billing/verify-checkout";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";

/** GET: the state of the caller's checkout (the success pages poll it while the payment is verified). */
export const GET = userRoute({}, async ({ user, params }) => {
  const result = await verifyCheckout(await billingContext(), { userId: user.id, sessionId: params.sessionId! });
  return jsonAnswer(result, result.state === "notFound" ? 404 : 200);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
