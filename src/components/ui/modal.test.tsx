// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { withLayoutLabels } from "~/tests/support/layout-labels";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmModal, Modal, type ConfirmModalProps } from "./modal";

const withIntl = (ui: ReactNode) => withLayoutLabels(ui);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("Modal", () => {
  function Harness({ fullscreen = false, onOpenChange = () => {} }: { fullscreen?: boolean; onOpenChange?: (open: boolean) => void }) {
    const [open, setOpen] = useState(false);
    return withIntl(
      <>
        <button onClick={() => setOpen(true)}>Otwórz</button>
        <Modal
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
          title="Nowa galeria"
          description="Wybierz zdjęcia."
          footer={<button>Zapisz</button>}
          fullscreen={fullscreen}
        >
          <input aria-label="Nazwa" />
        </Modal>
      </>,
    );
  }

  it("is named by its title and described by its description", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Otwórz" }));
    const dialog = screen.getByRole("dialog", { name: "Nowa galeria" });
    expect(dialog.getAttribute("aria-describedby")).toBe(screen.getByText("Wybierz zdjęcia.").id);
    expect(dialog.contains(screen.getByRole("button", { name: "Zapisz" }))).toBe(true);
  });

  it("moves focus inside, traps Tab and closes with Esc, returning focus", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    const opener = screen.getByRole("button", { name: "Otwórz" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog");
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole("dialog")).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("hands focus to the main content when it closes and nothing opened it (a dialog shown on arrival)", async () => {
    const user = userEvent.setup();
    function ShownOnArrival() {
      const [open, setOpen] = useState(true);
      return withIntl(
        <main id="main">
          <h1>Projekt</h1>
          <Modal open={open} onOpenChange={setOpen} title="Witaj" description="Na start dostajesz tokeny." />
        </main>,
      );
    }
    render(<ShownOnArrival />);
    await screen.findByRole("dialog", { name: "Witaj" });
    await user.keyboard("{Escape}");
    await vi.waitFor(() => expect(document.activeElement).toBe(document.getElementById("main")));
  });

  it("has a translated close button", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole("button", { name: "Otwórz" }));
    await user.click(screen.getByRole("button", { name: "Zamknij" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("covers the viewport when fullscreen", async () => {
    const user = userEvent.setup();
    render(<Harness fullscreen />);
    await user.click(screen.getByRole("button", { name: "Otwórz" }));
    const { className } = screen.getByRole("dialog");
    expect(className).toContain("inset-0");
    expect(className).not.toContain("max-w-lg");
  });

  it("does not point aria-describedby at a missing description", () => {
    const error = vi.spyOn(console, "error");
    const warn = vi.spyOn(console, "warn");
    render(withIntl(<Modal open onOpenChange={() => {}} title="Menu" />));
    expect(screen.getByRole("dialog", { name: "Menu" }).hasAttribute("aria-describedby")).toBe(false);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("ConfirmModal", () => {
  function renderConfirm(props: Partial<ConfirmModalProps> = {}) {
    const onOpenChange = vi.fn();
    render(
      withIntl(
        <ConfirmModal
          open
          onOpenChange={onOpenChange}
          title="Anulować subskrypcję?"
          description="Dostęp zostanie do końca okresu."
          onConfirm={() => {}}
          {...props}
        />,
      ),
    );
    return onOpenChange;
  }

  it("uses translated default labels", () => {
    renderConfirm();
    expect(screen.getByRole("dialog", { name: "Anulować subskrypcję?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Anuluj" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Potwierdź" }).className).toContain("bg-primary-600");
  });

  it("takes custom labels and colour", () => {
    renderConfirm({ confirmLabel: "Tak, anuluj", cancelLabel: "Nie", confirmColor: "red" });
    expect(screen.getByRole("button", { name: "Tak, anuluj" }).className).toContain("bg-red-600");
    expect(screen.getByRole("button", { name: "Nie" })).toBeTruthy();
  });

  it("closes from the cancel button without confirming", async () => {
    const onConfirm = vi.fn();
    const onOpenChange = renderConfirm({ onConfirm });
    await userEvent.click(screen.getByRole("button", { name: "Anuluj" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows loading while an async onConfirm runs, then closes", async () => {
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onOpenChange = renderConfirm({ onConfirm });
    const confirm = screen.getByRole("button", { name: "Potwierdź" }) as HTMLButtonElement;
    await userEvent.click(confirm);

    expect(confirm.getAttribute("aria-busy")).toBe("true");
    expect(confirm.getAttribute("aria-disabled")).toBe("true");
    expect((screen.getByRole("button", { name: "Anuluj" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange).not.toHaveBeenCalled();

    await act(async () => finish());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(confirm.hasAttribute("aria-busy")).toBe(false);
  });

  it("stays open and logs when onConfirm rejects", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("network");
    const onOpenChange = renderConfirm({ onConfirm: () => Promise.reject(failure) });
    await userEvent.click(screen.getByRole("button", { name: "Potwierdź" }));
    expect(error).toHaveBeenCalledWith(failure);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Potwierdź" }).hasAttribute("aria-busy")).toBe(false);
  });
});
