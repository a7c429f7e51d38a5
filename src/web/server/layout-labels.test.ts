import { describe, expect, it } from "vitest";
import type { AccountSummary } from "@/server/accounts/get-account-summary";
import type { LayoutLabels } from "@/web/shared/layout-labels";
import { layoutLabels, welcomeDialog } from "./layout-labels";

/** Every string leaf of the labels, with its path. */
function leaves(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leaves(inner, at ? `${at}.${key}` : key));
}

describe("layoutLabels", () => {
  it("translates every label in both languages, none left as its key", () => {
    for (const locale of ["pl", "en"] as const) {
      const labels: LayoutLabels = layoutLabels(locale);
      expect(labels.locale).toBe(locale);
      for (const [key, text] of leaves(labels)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe("");
        expect(text, `${locale} ${key}`).not.toMatch(/^(ui|nav|footer|errors)\./);
      }
    }
  });

  it("takes the texts of the right language", () => {
    expect(layoutLabels("pl").colorMode.dark).toBe("Ciemny");
    expect(layoutLabels("en").colorMode.dark).toBe("Dark");
    expect(layoutLabels("en").nav.switchTo).toBe("Polski");
  });
});

describe("welcomeDialog", () => {
  const account = (balance: number, welcome = true): AccountSummary =>
    ({
      userId: "u1",
      email: "ala@example.pl",
      balance,
      welcome: welcome ? { grantedAt: new Date("2026-11-22T08:00:00Z"), method: "email", emailSha256: "abc" } : null,
    }) as AccountSummary;

  it("is offered only while the account has a welcome to show", () => {
    expect(welcomeDialog(account(3, false), "pl")).toBeNull();
  });

  it("names the free tokens with the Polish plural form for the balance", () => {
    expect(welcomeDialog(account(3), "pl")!.labels.text).toContain("3 tokeny");
    expect(welcomeDialog(account(5), "pl")!.labels.text).toContain("5 tokenów");
    expect(welcomeDialog(account(1), "en")!.labels.text).toContain("1 token");
  });

  it("carries the analytics fields and the localised link to the generator", () => {
    const welcome = welcomeDialog(account(3), "en")!;
    expect(welcome).toMatchObject({ userId: "u1", method: "email", emailSha256: "abc", confirmedAt: "2026-11-22T08:00:00.000Z" });
    expect(welcome.designHref).toBe("/en/design");
  });
});
