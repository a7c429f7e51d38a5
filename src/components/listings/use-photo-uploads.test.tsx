// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ImageDto } from "@/schemas/generation";
import { withMessages } from "~/tests/support/messages";

// Each file's upload ends when the test says so.
const finish = new Map<string, (image: ImageDto) => void>();
vi.mock("@/components/design/api", () => ({
  uploadImage: (file: File) => ({
    done: new Promise((resolve) => finish.set(file.name, (image) => resolve({ ok: true, image }))),
    abort: () => {},
  }),
}));

const { usePhotoUploads } = await import("./use-photo-uploads");

describe("usePhotoUploads", () => {
  it("adds the photos to the listing in the order they were chosen, whichever upload ends first", async () => {
    const added: string[] = [];
    const onUploaded = vi.fn(async (imageId: string) => {
      added.push(imageId);
      return null;
    });
    const { result } = renderHook(() => usePhotoUploads(onUploaded, "offline"), { wrapper: ({ children }) => withMessages(children) });
    const files = ["a.jpg", "b.jpg", "c.jpg"].map((name) => new File(["x"], name, { type: "image/jpeg" }));
    let started!: Promise<{ added: number; failed: number }>;
    act(() => {
      started = result.current.start(files);
    });
    const image = (id: string) => ({ id }) as ImageDto;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    // Two at a time: the second ends, the third starts in its place and ends too.
    await act(async () => {
      finish.get("b.jpg")!(image("b"));
      await settle();
      finish.get("c.jpg")!(image("c"));
      await settle();
    });
    // The first photo is still on its way: nothing after it is added before it.
    expect(added).toEqual([]);
    await act(async () => {
      finish.get("a.jpg")!(image("a"));
      await started;
    });
    expect(added).toEqual(["a", "b", "c"]);
    // What the page then says: how many were added, how many not.
    expect(await started).toEqual({ added: 3, failed: 0 });
    expect(result.current.uploads.map((u) => u.state)).toEqual(["done", "done", "done"]);
  });
});
