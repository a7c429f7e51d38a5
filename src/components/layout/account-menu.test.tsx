// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountMenuData } from "@/web/shared/account-menu-data";
import { AccountMenu } from "./account-menu";

const actions = vi.hoisted(() => ({ switchAccountAction: vi.fn(async () => ({ ok: true, data: undefined })) }));
vi.mock("@/web/actions/teams", () => actions);

afterEach(cleanup);

const data: AccountMenuData = {
  email: "anna@example.test",
  subscriptionActive: false,
  subscriptionLabel: "Brak subskrypcji",
  tokensLabel: "Pula zespołu: 550 tokenów",
  pricingHref: "/cennik",
  profileHref: "/settings/profil",
  moderation: null,
  loginHref: "/logowanie",
  homeHref: "/",
  labels: { menuLabel: "Menu konta", activeSubscriber: "Aktywna subskrypcja", profile: "Profil i subskrypcja", logout: "Wyloguj się" },
  workspace: {
    label: "Pracujesz jako",
    accounts: [
      { teamId: "", label: "Ja (moje konto)", active: false },
      { teamId: "t1", label: "Zespół Biuro Wisła", active: true },
    ],
    teamHref: "/zespol",
    teamLabel: "Zespół",
  },
};

describe("the account menu's choice of account", () => {
  it("is a set of menuitemradio items, the one worked in checked; choosing the other switches to it", async () => {
    vi.stubGlobal("location", { ...window.location, reload: vi.fn() });
    render(<AccountMenu data={data} />);
    await userEvent.click(screen.getByRole("button", { name: "Menu konta" }));
    const team = screen.getByRole("menuitemradio", { name: "Zespół Biuro Wisła" });
    const me = screen.getByRole("menuitemradio", { name: "Ja (moje konto)" });
    expect([team.getAttribute("aria-checked"), me.getAttribute("aria-checked")]).toEqual(["true", "false"]);
    await userEvent.click(me);
    expect(actions.switchAccountAction).toHaveBeenCalledWith({ teamId: "" });
    vi.unstubAllGlobals();
  });

  it("is not there for someone in no team: only the way to the team page", async () => {
    render(<AccountMenu data={{ ...data, tokensLabel: "3 tokeny", workspace: { ...data.workspace, accounts: [{ teamId: "", label: "Ja (moje konto)", active: true }] } }} />);
    await userEvent.click(screen.getByRole("button", { name: "Menu konta" }));
    expect(screen.queryByRole("menuitemradio")).toBeNull();
    expect(screen.queryByText("Pracujesz jako")).toBeNull();
    expect(screen.getByRole("menuitem", { name: "Zespół" })).toBeTruthy();
  });
});
