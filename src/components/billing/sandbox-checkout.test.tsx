// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import type { SandboxPayment, SandboxSubscription } from "@/server/payments/sandbox-provider";
import { SandboxCheckout, type SandboxOrder } from "./sandbox-checkout";

vi.mock("@/web/actions/billing", () => ({ sandboxAction: vi.fn() }));

afterEach(cleanup);

const subscription: SandboxSubscription = {
  id: "sbx_sub_1",
  userId: "user-1",
  planId: "pro",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: new Date("2030-01-15T12:00:00Z"),
  endedAt: null,
  hasFailedInvoice: false,
};

const paid: SandboxPayment = { id: "sbx_in_1", productId: "pro", amountGrosze: 8499, refundedGrosze: 4249, paidAt: new Date("2030-01-01T12:00:00Z") };

function renderPage(order: SandboxOrder | null | undefined) {
  render(withMessages(<SandboxCheckout locale="pl" order={order} subscriptions={[subscription]} payments={[paid]} error={false} done={null} pricingHref="/cennik" />));
  return document.body.textContent ?? "";
}

const renewals = /odnow|odnaw|okres/i;

describe("the sandbox checkout says only what applies to what is bought", () => {
  it("a pack is paid once: nothing about renewals or periods, no subscription controls", () => {
    const text = renderPage({ id: "sbx_cs_1", productId: "pack10", kind: "pack", amountGrosze: 1499, status: "open" });
    expect(screen.getByText("Testowa kasa: zapłać lub odrzuć zamówienie. To płatność jednorazowa: nic się nie odnawia.")).toBeTruthy();
    expect(text.replace("nic się nie odnawia", "")).not.toMatch(renewals);
    expect(screen.getByRole("button", { name: "Zapłać (test)" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Testowe subskrypcje" })).toBeNull();
    expect(text).not.toContain("miesięcznie");
  });

  it("a subscription renews: the lead says so and its controls are there", () => {
    renderPage({ id: "sbx_cs_2", productId: "pro", kind: "subscription", amountGrosze: 8499, status: "open" });
    expect(screen.getByText(/^Testowa kasa: zapłać lub odrzuć zamówienie subskrypcji\. Potem możesz tu odnowić jej okres/)).toBeTruthy();
    expect(screen.getByText(/miesięcznie/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Testowe subskrypcje" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Odnów okres (płatność udana)" })).toBeTruthy();
  });

  it("without an order, the page is the subscriptions' control panel", () => {
    renderPage(undefined);
    expect(screen.getByText(/^Testowe subskrypcje: odnów okres/)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Zamówienie do zapłaty" })).toBeNull();
    expect(screen.getByRole("button", { name: "Przeskocz na koniec okresu" })).toBeTruthy();
    // Paid periods and packs can be refunded, in full or in half of what is left.
    expect(screen.getByText("Zwrócono dotąd 42,49 zł.")).toBeTruthy();
    const half = screen.getByRole("button", { name: "Zwróć połowę (test)" }).closest("form")!;
    expect((half.querySelector("input[name=amount]") as HTMLInputElement).value).toBe("2125");
  });

  it("with an order, no refunds are offered", () => {
    renderPage({ id: "sbx_cs_3", productId: "pack10", kind: "pack", amountGrosze: 1499, status: "complete" });
    expect(screen.queryByRole("heading", { name: "Testowe zwroty" })).toBeNull();
  });
});
