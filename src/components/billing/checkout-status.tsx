"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import type { CheckoutResult } from "@/server/billing/verify-checkout";

type View = CheckoutResult | { state: "verifying" } | { state: "error" };

/** How long the page keeps asking before it says the payment is still being processed (webhooks can lag). */
const POLL_DELAYS_MS = [0, 1000, 1500, 2000, 3000, 5000, 8000, 13000];

/**
 * Asks the server to verify the checkout with the provider until it is paid, failed or too slow. The
 * server answers from the provider and the order, never from this page's query string.
 */
export function CheckoutStatus({ sessionId, links }: { sessionId: string; links: { pricing: string; design: string; subscriptions: string } }) {
  const t = useTranslations("billing.result");
  const tProducts = useTranslations("billing.products");
  const router = useRouter();
  const [view, setView] = useState<View>({ state: "verifying" });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (attempt: number) => {
      try {
        const response = await fetch(`/api/billing/checkout/${encodeURIComponent(sessionId)}`, { cache: "no-store" });
        const body = (await response.json()) as CheckoutResult;
        if (cancelled) return;
        if (response.status === 404 || body.state === "notFound") return setView({ state: "notFound" });
        if (!response.ok) throw new Error(String(response.status));
        if (body.state === "pending" && attempt + 1 < POLL_DELAYS_MS.length) {
          timer = setTimeout(() => void poll(attempt + 1), POLL_DELAYS_MS[attempt + 1]);
          return;
        }
        setView(body);
        // The header's balance and crown come from the server: render it again once tokens arrived.
        if (body.state === "paid") router.refresh();
      } catch {
        if (!cancelled) setView({ state: "error" });
      }
    };
    void poll(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionId, router]);

  if (view.state === "verifying") {
    return (
      <p role="status" className="flex items-center gap-3 text-lg text-gray-800 dark:text-gray-200">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-none" />
        {t("verifying")}
      </p>
    );
  }
  if (view.state === "paid") {
    return (
      <div role="status" className="rounded-2xl border border-green-300 bg-green-50 p-6 dark:border-green-800 dark:bg-green-950">
        <p className="flex items-center gap-3 text-xl font-bold text-green-900 dark:text-green-100">
          <CircleCheck aria-hidden="true" className="size-7" />
          {view.kind === "subscription" ? t("activated", { product: tProducts(view.productId) }) : t("packPaid", { product: tProducts(view.productId) })}
        </p>
        {/* The balance the tokens went to: a team's order filled the team's pool, not the buyer's own. */}
        <p className="mt-3 text-gray-900 dark:text-gray-100">
          {view.team ? t("tokensAddedToTeam", { count: view.tokensAdded, team: view.team.name }) : t("tokensAdded", { count: view.tokensAdded })}
        </p>
        <p className="text-gray-900 dark:text-gray-100">{view.team ? t("teamBalance", { count: view.balance, team: view.team.name }) : t("balance", { count: view.balance })}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button asChild>
            <a href={links.design}>{t("toDesign")}</a>
          </Button>
          {view.kind === "subscription" ? (
            <Button asChild variant="outline">
              <a href={links.subscriptions}>{t("toSubscriptions")}</a>
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  const message =
    view.state === "pending" ? t("stillPending") : view.state === "failed" ? t("failed") : view.state === "expired" ? t("expired") : view.state === "notFound" ? t("notFound") : t("error");
  return (
    <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-800 dark:bg-red-950">
      <p className="flex items-center gap-3 text-lg font-semibold text-red-900 dark:text-red-100">
        <CircleX aria-hidden="true" className="size-6 shrink-0" />
        {message}
      </p>
      <Button asChild variant="outline" className="mt-4">
        <a href={links.pricing}>{t("backToPricing")}</a>
      </Button>
    </div>
  );
}
