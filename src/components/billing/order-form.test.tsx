// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { OrderForm } from "./order-form";

const placeOrder = vi.hoisted(() => vi.fn());
vi.mock("@/web/actions/billing", () => ({ placeOrder }));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const CONSENT_REFUSED = "Zaznacz zgodę na rozpoczęcie usługi, aby złożyć zamówienie.";

function refusal(reason: string | null, message: string) {
  return { ok: false, error: { code: "INVALID_INPUT", reason, message }, values: {}, at: Date.now() };
}

function renderForm(team: { id: string; name: string } | null = null) {
  const extraSeats = team ? { planSeats: 3, price: "19,99 zł", max: 50 } : null;
  render(withMessages(<OrderForm productId={team ? "pro" : "pack10"} locale="pl" termsHref="/regulamin" privacyHref="/polityka-prywatnosci" sandbox={false} team={team} extraSeats={extraSeats} billing={null} />));
  return { consent: screen.getByRole("checkbox", { name: /^Żądam rozpoczęcia świadczenia usługi/ }), submit: screen.getByRole("button", { name: "Zamawiam i płacę" }) };
}

describe("the order form refused", () => {
  it("for the missing consent: focus goes to the consent box, which is marked invalid and described by the error", async () => {
    placeOrder.mockResolvedValue(refusal("withdrawalConsent", CONSENT_REFUSED));
    const { consent, submit } = renderForm();
    await userEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(consent));
    expect(consent.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(consent.getAttribute("aria-describedby")!)?.textContent).toBe(CONSENT_REFUSED);
    expect(screen.getByRole("alert").textContent).toBe(CONSENT_REFUSED);
  });

  it("for another reason: the alert says why and focus, dropped while the button was disabled, returns to it", async () => {
    placeOrder.mockImplementation(async () => {
      // A browser drops focus to the page when the focused button is disabled.
      (document.activeElement as HTMLElement).blur();
      return refusal(null, "Coś poszło nie tak.");
    });
    const { consent, submit } = renderForm();
    await userEvent.click(consent);
    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Coś poszło nie tak."));
    expect(document.activeElement).toBe(submit);
    expect(consent.hasAttribute("aria-invalid")).toBe(false);
  });
});

describe("the invoice fields", () => {
  it("are one unticked box for a consumer, and a refused NIP marks its field with the reason", async () => {
    placeOrder.mockResolvedValue({ ...refusal("badTaxId", "To nie jest poprawny NIP (10 cyfr z cyfrą kontrolną) ani numer VAT UE."), values: { invoice: "on", taxId: "1234567890" } });
    const { submit } = renderForm();
    expect((screen.getByRole("checkbox", { name: "Potrzebuję faktury VAT na firmę" }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByRole("textbox", { name: "NIP lub numer VAT UE" }).getAttribute("aria-invalid")).toBe("true"));
    const nip = screen.getByRole("textbox", { name: "NIP lub numer VAT UE" }) as HTMLInputElement;
    expect(nip.value).toBe("1234567890");
    expect(document.getElementById(nip.getAttribute("aria-describedby")!)?.textContent).toMatch(/cyfrą kontrolną/);
    expect((screen.getByRole("checkbox", { name: "Potrzebuję faktury VAT na firmę" }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("a refused order", () => {
  it("keeps every choice, the consent box among them, so the next press does not fail for a box that came back unticked", async () => {
    const badTaxId = "To nie jest poprawny NIP (10 cyfr z cyfrą kontrolną) ani numer VAT UE.";
    placeOrder.mockResolvedValue({ ...refusal("badTaxId", badTaxId), values: { invoice: "on", withdrawalConsent: "on", taxId: "1234567890", companyName: "Wisła sp. z o.o." } });
    const { consent, submit } = renderForm();
    await userEvent.click(screen.getByRole("checkbox", { name: "Potrzebuję faktury VAT na firmę" }));
    await userEvent.type(screen.getByRole("textbox", { name: "NIP lub numer VAT UE" }), "1234567890");
    await userEvent.click(consent);
    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByRole("textbox", { name: "NIP lub numer VAT UE" }).getAttribute("aria-invalid")).toBe("true"));
    expect((screen.getByRole("checkbox", { name: /^Żądam rozpoczęcia świadczenia usługi/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Potrzebuję faktury VAT na firmę" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("textbox", { name: "Nazwa firmy" }) as HTMLInputElement).value).toBe("Wisła sp. z o.o.");
    expect(placeOrder.mock.calls[0]![1].get("withdrawalConsent")).toBe("on");
  });
});

describe("extra seats", () => {
  it("are offered only with a plan for the team, with the plan's seats and the price, and a refusal marks the field", async () => {
    renderForm();
    expect(screen.queryByRole("spinbutton", { name: "Dodatkowe miejsca w zespole" })).toBeNull();
    cleanup();
    placeOrder.mockResolvedValue({ ...refusal("extraSeats", "Podaj liczbę dodatkowych miejsc od 0 do 50."), values: { extraSeats: "51", team: "t1" } });
    const { submit } = renderForm({ id: "t1", name: "Biuro Wisła" });
    const seats = screen.getByRole("spinbutton", { name: "Dodatkowe miejsca w zespole" }) as HTMLInputElement;
    expect(seats.value).toBe("0");
    expect(seats.getAttribute("max")).toBe("50");
    expect(document.getElementById(seats.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toContain("Pakiet ma 3 miejsca (z Tobą). Każde dodatkowe kosztuje 19,99 zł brutto miesięcznie");
    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByRole("spinbutton", { name: "Dodatkowe miejsca w zespole" }).getAttribute("aria-invalid")).toBe("true"));
    expect((screen.getByRole("spinbutton", { name: "Dodatkowe miejsca w zespole" }) as HTMLInputElement).value).toBe("51");
  });
});

describe("the total to pay", () => {
  const total = () => screen.getByRole("region", { name: "Do zapłaty" }).textContent!.replace(/\s/g, " ");

  it("adds the extra seats to a team's plan and, for a business in another EU country, is net with the reverse-charge note", async () => {
    renderForm({ id: "t1", name: "Biuro Wisła" });
    expect(total()).toContain("84,99 zł miesięcznie");
    expect(total()).toContain("w tym 23% VAT: 15,89 zł");
    const seats = screen.getByRole("spinbutton", { name: "Dodatkowe miejsca w zespole" });
    await userEvent.clear(seats);
    await userEvent.type(seats, "2");
    // 84,99 + 2 × 19,99 = 124,97 zł: what startCheckout charges (orderPriceGrosze).
    expect(total()).toContain("124,97 zł miesięcznie");
    expect(total()).toContain("Pro 84,99 zł + 2 dodatkowe miejsca × 19,99 zł");
    await userEvent.click(screen.getByRole("checkbox", { name: "Potrzebuję faktury VAT na firmę" }));
    await userEvent.type(screen.getByRole("textbox", { name: "NIP lub numer VAT UE" }), "DE123456789");
    // Net: 69,10 + 2 × 16,25 = 101,60 zł, no Polish VAT.
    expect(total()).toContain("101,60 zł miesięcznie");
    expect(total()).toContain("Pro 69,10 zł + 2 dodatkowe miejsca × 16,25 zł");
    expect(total()).toContain("odwrotne obciążenie");
    expect(total()).not.toContain("23% VAT");
    // A Polish NIP pays the gross price; a team's seats do not count once the order is not for the team.
    await userEvent.clear(screen.getByRole("textbox", { name: "NIP lub numer VAT UE" }));
    await userEvent.type(screen.getByRole("textbox", { name: "NIP lub numer VAT UE" }), "5260250274");
    expect(total()).toContain("124,97 zł miesięcznie");
    await userEvent.click(screen.getByRole("checkbox", { name: /^Kupuję dla zespołu/ }));
    expect(total()).toContain("84,99 zł miesięcznie");
  });

  it("says as it is typed that a number of seats is out of range, and leaves it out of the total", async () => {
    renderForm({ id: "t1", name: "Biuro Wisła" });
    const seats = screen.getByRole("spinbutton", { name: "Dodatkowe miejsca w zespole" });
    await userEvent.clear(seats);
    await userEvent.type(seats, "99999999999999999999");
    expect(seats.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Podaj liczbę dodatkowych miejsc od 0 do 50.")).toBeTruthy();
    expect(total()).toContain("84,99 zł miesięcznie");
    expect(total()).not.toContain("dodatkow");
    await userEvent.clear(seats);
    await userEvent.type(seats, "3");
    expect(seats.getAttribute("aria-invalid")).not.toBe("true");
    expect(total()).toContain("Pro 84,99 zł + 3 dodatkowe miejsca × 19,99 zł");
  });
});

describe("an EU VAT number VIES cannot check", () => {
  it("marks the number's field with the sentence that says VIES is not answering, the details kept", async () => {
    const message = "Nie możemy teraz sprawdzić numeru VAT UE: system VIES Komisji Europejskiej nie odpowiada.";
    placeOrder.mockResolvedValue({ ...refusal("viesUnavailable", message), values: { invoice: "on", taxId: "DE123456789", companyName: "Spree GmbH" } });
    const { submit } = renderForm();
    await userEvent.click(submit);
    const vat = screen.getByRole("textbox", { name: "NIP lub numer VAT UE" }) as HTMLInputElement;
    await waitFor(() => expect(vat.getAttribute("aria-invalid")).toBe("true"));
    expect(vat.value).toBe("DE123456789");
    expect(document.getElementById(vat.getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent).toBe(message);
    expect((screen.getByRole("textbox", { name: "Nazwa firmy" }) as HTMLInputElement).value).toBe("Spree GmbH");
  });
});
