// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { CheckoutStatus } from "./checkout-status";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn() }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const links = { pricing: "/cennik", design: "/projektuj", subscriptions: "/ustawienia/subskrypcje" };

function answer(body: object) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })));
}

describe("the payment confirmation", () => {
  it("after a team's order names the team and the pool the tokens went to", async () => {
    answer({ state: "paid", kind: "pack", productId: "pack50", tokensAdded: 50, balance: 50, team: { name: "Biuro Wisła" } });
    render(withMessages(<CheckoutStatus sessionId="cs_1" links={links} />));
    expect(await screen.findByText("Dodaliśmy 50 tokenów do puli zespołu Biuro Wisła.")).toBeTruthy();
    expect(screen.getByText("Pula zespołu Biuro Wisła: 50 tokenów.")).toBeTruthy();
    expect(screen.queryByText(/^Saldo:/)).toBeNull();
  });

  it("after one's own order says one's own balance", async () => {
    answer({ state: "paid", kind: "pack", productId: "pack50", tokensAdded: 50, balance: 481, team: null });
    render(withMessages(<CheckoutStatus sessionId="cs_2" links={links} />));
    expect(await screen.findByText("Dodaliśmy 50 tokenów.")).toBeTruthy();
    expect(screen.getByText("Saldo: 481 tokenów.")).toBeTruthy();
  });
});
