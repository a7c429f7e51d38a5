// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { InsufficientTokens } from "./insufficient-tokens";

afterEach(cleanup);

describe("the not-enough-tokens notice", () => {
  it("speaks of the person's own tokens, of a team's pool while working as the team, or of the member's monthly cap", () => {
    const { rerender } = render(withMessages(<InsufficientTokens balance={1} attempted={3} pricingHref="/cennik" />));
    expect(screen.getByRole("alert").textContent).toContain("Masz 1 token, a ta operacja wymaga 3 tokenów.");
    expect(screen.getByRole("link", { name: "Kup tokeny" })).toBeTruthy();

    rerender(withMessages(<InsufficientTokens balance={2} attempted={5} pricingHref="/cennik" team="Biuro Wisła" />));
    expect(screen.getByRole("alert").textContent).toContain("Pula zespołu Biuro Wisła ma 2 tokeny, a ta operacja wymaga 5 tokenów.");

    // The cap is the owner's to change: no way to buy is offered.
    rerender(withMessages(<InsufficientTokens balance={0} attempted={1} pricingHref="/cennik" team="Biuro Wisła" monthlyCap />));
    expect(screen.getByRole("alert").textContent).toContain("Ponad Twój miesięczny limit w zespole");
    expect(screen.getByRole("alert").textContent).not.toContain("Za mało tokenów");
    expect(screen.getByRole("alert").textContent).toContain("Twój miesięczny limit w zespole pozwala jeszcze na 0 tokenów");
    expect(screen.queryByRole("link", { name: "Kup tokeny" })).toBeNull();

    rerender(withMessages(<InsufficientTokens ahead balance={2} attempted={5} pricingHref="/cennik" team="Biuro Wisła" />));
    expect(screen.getByRole("status").textContent).toContain("w puli zespołu Biuro Wisła: 2 tokeny");

    // Ahead of a choice over the member's cap: what the cap leaves and who can raise it, no way to buy.
    rerender(withMessages(<InsufficientTokens ahead balance={2} attempted={4} pricingHref="/cennik" team="Biuro Wisła" monthlyCap />));
    expect(screen.getByRole("status").textContent).toContain("To kosztuje 4 tokeny, a Twój miesięczny limit w zespole pozwala jeszcze na 2 tokeny.");
    expect(screen.queryByRole("link", { name: "Kup tokeny" })).toBeNull();
  });
});
