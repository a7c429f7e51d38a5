// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { LoginPanel } from "./login-panel";
import type { LoginTab } from "./login-tab";

const auth = vi.hoisted(() => ({ signUp: vi.fn(), signIn: vi.fn() }));
vi.mock("@/web/client/auth-client", async (original) => ({
  ...(await original<object>()),
  authClient: { signUp: { email: auth.signUp }, signIn: { email: auth.signIn } },
}));
vi.mock("next/navigation", () => ({ useRouter: () => ({ replace: vi.fn(), push: vi.fn(), refresh: vi.fn() }) }));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

function renderPanel(initialTab: LoginTab, resetToken: string | null = null, initialEmail?: string) {
  render(
    withMessages(
      <LoginPanel
        confirmPath="/confirm"
        loginPath="/login"
        resetRedirect="/login?reset"
        googleEnabled={false}
        resetToken={resetToken}
        initialTab={initialTab}
        initialNotice={null}
        termsHref="/regulamin"
        privacyHref="/polityka-prywatnosci"
        initialEmail={initialEmail}
      />,
    ),
  );
}

const REQUIRED = "To pole jest wymagane.";

/** What a screen reader reads after a field's name: the texts its aria-describedby points at. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("a team invitation's address", () => {
  it("starts the e-mail field of sign-up with the address the invitation was sent to", () => {
    renderPanel("signUp", null, "agent-one@example.test");
    expect((screen.getByLabelText("Adres e-mail") as HTMLInputElement).value).toBe("agent-one@example.test");
  });
});

describe("a refused submission of the login page's forms", () => {
  it.each([
    { form: "sign-up", tab: "signUp" as const, token: null, submit: "Załóż konto", first: "Adres e-mail" },
    { form: "sign-in", tab: "signIn" as const, token: null, submit: "Zaloguj się", first: "Adres e-mail" },
    { form: "password reset request", tab: "forgot" as const, token: null, submit: "Wyślij link", first: "Adres e-mail" },
    { form: "new password", tab: "signIn" as const, token: "reset-token", submit: "Zapisz nowe hasło", first: "Hasło" },
  ])("$form, sent empty: focus goes to the first field, which carries its error", async ({ tab, token, submit, first }) => {
    renderPanel(tab, token);
    await userEvent.click(screen.getByRole("button", { name: submit }));
    const field = screen.getByLabelText(first, { selector: "input" });
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(field)).toBe(REQUIRED);
  });

  it("sign-up: a password the server refuses takes focus, with the server's reason as its error", async () => {
    auth.signUp.mockResolvedValue({ data: null, error: { code: "PASSWORD_TOO_COMMON", status: 400 } });
    renderPanel("signUp");
    await userEvent.type(screen.getByLabelText("Adres e-mail"), "anna@example.com");
    await userEvent.type(screen.getByLabelText("Hasło"), "password1234");
    await userEvent.click(screen.getByRole("button", { name: "Załóż konto" }));
    const password = screen.getByLabelText("Hasło");
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(password)).toMatch(/^To hasło jest zbyt popularne/);
  });

  it("sign-in: a refusal with no field to blame is said in the alert, and focus is not left on the page", async () => {
    let answer: (value: unknown) => void = () => {};
    auth.signIn.mockImplementation(() => {
      // Focus left for the page while the answer was awaited (a disabled button drops it there).
      (document.activeElement as HTMLElement).blur();
      return new Promise((resolve) => (answer = resolve));
    });
    renderPanel("signIn");
    await userEvent.type(screen.getByLabelText("Adres e-mail"), "anna@example.com");
    await userEvent.type(screen.getByLabelText("Hasło"), "wrong password");
    const submit = screen.getByRole("button", { name: "Zaloguj się" });
    await userEvent.click(submit);
    await waitFor(() => expect(submit.getAttribute("aria-busy")).toBe("true"));
    expect(document.activeElement).toBe(document.body);
    answer({ data: null, error: { code: "INVALID_EMAIL_OR_PASSWORD", status: 401 } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/^Nieprawidłowy e-mail lub hasło\./));
    expect(document.activeElement).toBe(submit);
  });
});
