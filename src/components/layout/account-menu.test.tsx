// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountMenuData } from "@/web/shared/account-menu-data";
import { AccountMenu } from "./account-menu";
import { MobileMenuDialog } from "./mobile-menu-dialog";
import { LayoutLabelsProvider } from "@/components/ui/layout-labels-context";
import { ColorModeProvider } from "@/components/color-mode/color-mode-provider";
import { layoutLabels } from "@/web/server/layout-labels";

const actions = vi.hoisted(() => ({ switchAccountAction: vi.fn(async () => ({ ok: true, data: undefined })) }));
vi.mock("@/web/actions/teams", () => actions);
// The phone menu's language switch reads the page's path.
vi.mock("next/navigation", async (original) => ({ ...(await original<typeof import("next/navigation")>()), usePathname: () => "/" }));

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

describe("the phone menu's choice of account", () => {
  it("offers the same choice as radios named by it, and the way to the team page; choosing the other switches to it", async () => {
    vi.stubGlobal("location", { ...window.location, reload: vi.fn() });
    actions.switchAccountAction.mockClear();
    render(
      <LayoutLabelsProvider labels={layoutLabels("pl")}>
        <ColorModeProvider>
          <MobileMenuDialog locale="pl" links={[]} account={data} signedIn open onOpenChange={() => undefined} />
        </ColorModeProvider>
      </LayoutLabelsProvider>,
    );
    const choice = screen.getByRole("group", { name: "Pracujesz jako" });
    const [me, team] = [screen.getByRole("radio", { name: "Ja (moje konto)" }), screen.getByRole("radio", { name: "Zespół Biuro Wisła" })] as HTMLInputElement[];
    expect(choice.contains(me!)).toBe(true);
    expect([team!.checked, me!.checked]).toEqual([true, false]);
    expect(screen.getByRole("link", { name: "Zespół" }).getAttribute("href")).toBe("/zespol");
    await userEvent.click(me!);
    expect(actions.switchAccountAction).toHaveBeenCalledWith({ teamId: "" });
    vi.unstubAllGlobals();
  });
});
