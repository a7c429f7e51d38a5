// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { InvoiceDetailsForm } from "./invoice-details-form";

const saveInvoiceDetails = vi.hoisted(() => vi.fn());
vi.mock("@/web/actions/billing", () => ({ saveInvoiceDetails }));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const saved = { companyName: "Stara Firma", taxId: "5260250274", street: "Długa 1", postalCode: "00-001", city: "Warszawa" };
const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent;

function refused(reason: string, fieldName: string, message: string, values: Record<string, string>) {
  return { ok: false, error: { code: "INVALID_INPUT", reason, field: fieldName, message }, values, at: Date.now() };
}

describe("the invoice details in the settings", () => {
  it("after a refused NIP keep what was typed, not the saved details, and say why under the NIP", async () => {
    const typed = { companyName: "Nowa Firma", taxId: "1234567890", street: "Krótka 2", postalCode: "30-001", city: "Kraków" };
    saveInvoiceDetails.mockResolvedValue(refused("badTaxId", "taxId", "To nie jest poprawny NIP (10 cyfr z cyfrą kontrolną) ani numer VAT UE.", typed));
    render(withMessages(<InvoiceDetailsForm locale="pl" saved={saved} />));
    for (const [name, value] of [["Nazwa firmy", typed.companyName], ["NIP lub numer VAT UE", typed.taxId], ["Miejscowość", typed.city]] as const) {
      await userEvent.clear(field(name));
      await userEvent.type(field(name), value);
    }
    await userEvent.click(screen.getByRole("button", { name: "Zapisz dane" }));
    await waitFor(() => expect(field("NIP lub numer VAT UE").getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(field("NIP lub numer VAT UE"));
    expect(errorOf(field("NIP lub numer VAT UE"))).toMatch(/cyfrą kontrolną/);
    expect(field("NIP lub numer VAT UE").value).toBe("1234567890");
    expect(field("Nazwa firmy").value).toBe("Nowa Firma");
    expect(field("Miejscowość").value).toBe("Kraków");
    expect(field("Miejscowość").hasAttribute("aria-invalid")).toBe(false);
  });

  it("mark the field that is too long, with its limit, and cap each field at the server's limit", async () => {
    const message = "Ten tekst jest za długi: może mieć najwyżej 256 znaków.";
    saveInvoiceDetails.mockResolvedValue(refused("fieldTooLong", "companyName", message, { ...saved, companyName: "A".repeat(300) }));
    render(withMessages(<InvoiceDetailsForm locale="pl" saved={saved} />));
    expect(field("Nazwa firmy").maxLength).toBe(256);
    expect(field("Miejscowość").maxLength).toBe(100);
    expect(field("Kod pocztowy").maxLength).toBe(20);
    await userEvent.click(screen.getByRole("button", { name: "Zapisz dane" }));
    await waitFor(() => expect(field("Nazwa firmy").getAttribute("aria-invalid")).toBe("true"));
    expect(errorOf(field("Nazwa firmy"))).toBe(message);
    expect(field("Nazwa firmy").value).toBe("A".repeat(300));
    expect(field("Miejscowość").hasAttribute("aria-invalid")).toBe(false);
  });

  it("say when the details are saved", async () => {
    saveInvoiceDetails.mockResolvedValue({ ok: true, data: undefined, at: Date.now() });
    render(withMessages(<InvoiceDetailsForm locale="pl" saved={saved} />));
    await userEvent.click(screen.getByRole("button", { name: "Zapisz dane" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Zapisano."));
  });
});
