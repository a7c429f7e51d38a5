import { describe, expect, it } from "vitest";
import { createBatchSchema } from "@/schemas/generation";
import { engineIds, isAiResult, replicateEditModels, replicateModels } from "../engines";
import { roomTypes } from "../room-types";
import { byInstruction, defineMode } from "./mode";
import { editModes, modeOf, modeSupport, modes, modesOfEngine, tokenCost, unsupportedReasons, type EditMode } from ".";

const base = { source: { type: "image", imageId: "photo1" }, roomType: "living-room", requestId: "7d0b2c1e-3f4a-4b5c-9d6e-7f8091a2b3c4" } as const;

/** A request the mode takes: its styles, mask and required parameters, from its module. */
function validRequest(mode: EditMode) {
  const definition = modeOf(mode);
  const samples: Record<string, unknown> = { scope: "furniture", text: "a green velvet armchair", color: "#2e5e4e", material: "oak-planks", sky: "clear", reference: "photo2" };
  const params = Object.fromEntries(Object.keys(definition.required ?? {}).map((field) => [field, samples[field]]));
  const roomType = definition.roomTypes?.[0] ?? base.roomType;
  return { ...base, roomType, mode, styles: definition.styled ? ["modern"] : [], params, ...(definition.mask === "required" ? { maskImageId: "mask1" } : {}) };
}

describe("the mode registry", () => {
  it.each(editModes)("%s: the schema takes a complete request and refuses each missing part with its reason", (mode) => {
    const definition = modeOf(mode);
    expect(createBatchSchema.safeParse(validRequest(mode)).success).toBe(true);
    const reasons = (request: object) => {
      const parsed = createBatchSchema.safeParse(request);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    if (definition.styled) expect(reasons({ ...validRequest(mode), styles: [] })).toContain("noStyles");
    else expect(reasons({ ...validRequest(mode), styles: ["modern"] })).toContain("stylesNotInMode");
    if (definition.mask === "required") expect(reasons({ ...validRequest(mode), maskImageId: undefined })).toContain("noMask");
    for (const [field, message] of Object.entries(definition.required ?? {})) {
      const request = validRequest(mode);
      expect(reasons({ ...request, params: { ...request.params, [field]: undefined } })).toContain(message);
    }
  });

  it.each(editModes)("%s: costs its tokens per visualization, per style in the styled modes", (mode) => {
    const definition = modeOf(mode);
    const styles = definition.styled ? ["modern", "japandi"] : [];
    expect(tokenCost({ mode, styles, variations: 3 })).toBe((definition.styled ? 2 : 1) * 3 * definition.tokens);
    expect(definition.tokens).toBeGreaterThanOrEqual(1);
  });

  it.each(editModes)("%s: the fake engine (tests) can do it, every engine entry names something that exists, and a prompt asks for it where an AI engine is called", (mode) => {
    const definition = modeOf(mode);
    expect(modeSupport(mode, "fake").ok).toBe(true);
    const replicate = definition.engines.replicate;
    if (replicate && !["configured", "instruction", "own"].includes(replicate.model)) {
      expect(Object.hasOwn(replicateModels, replicate.model) || Object.hasOwn(replicateEditModels, replicate.model)).toBe(true);
    }
    const calledByAi = (["replicate", "openai", "comfyui"] as const).some((engine) => {
      const entry = definition.engines[engine];
      return entry && !Object.values(entry).includes("own");
    });
    if (calledByAi) expect(definition.prompt).toBeTypeOf("function");
    for (const room of definition.roomTypes ?? []) expect(roomTypes).toContain(room);
  });

  it.each(editModes)("%s: is marked as its module says (an AI edit on an AI engine unless it is our own exact edit; never on the local engine)", (mode) => {
    const definition = modeOf(mode);
    expect(isAiResult("local", mode)).toBe(false);
    expect(isAiResult("openai", mode)).toBe(definition.marking === "engine");
  });

  it("refuses an unknown mode and says why an engine cannot do a mode", () => {
    expect(modeSupport("teleport", "fake")).toEqual({ ok: false, reason: "unknownMode" });
    expect(createBatchSchema.safeParse({ ...validRequest("restyle"), mode: "teleport" }).success).toBe(false);
    expect(modeSupport("stage", "local")).toEqual({ ok: false, reason: "needsAi" });
    expect(unsupportedReasons("local")).toMatchObject({ stage: "needsAi", declutter: "needsAi" });
    expect(modesOfEngine("local")).toEqual(expect.arrayContaining(["restyle", "remove", "paint"]));
  });

  it("knows every engine of the catalogue in its entries only", () => {
    for (const definition of Object.values(modes)) {
      for (const engine of Object.keys(definition.engines)) expect(engineIds).toContain(engine);
    }
  });

  it("fills in what a module leaves out: one result per request, no mask, 1 token, scored on the photo (outside a required mask), the engine's marking, not in listings", () => {
    const plain = defineMode({ engines: { fake: { standIn: "grey" }, ...byInstruction }, unsupported: { comfyui: "noWorkflow" }, page: "plain" });
    expect(plain).toEqual({
      styled: false,
      mask: "none",
      params: {},
      tokens: 1,
      structure: "photo",
      marking: "engine",
      listing: false,
      engines: { fake: { standIn: "grey" }, replicate: { model: "instruction" }, openai: { edit: "images.edit" } },
      unsupported: { comfyui: "noWorkflow" },
      page: { group: "plain" },
    });
    expect(defineMode({ mask: "required", engines: {}, page: "region" }).structure).toBe("outside-mask");
    expect(defineMode({ mask: "optional", engines: {}, page: "sky" }).structure).toBe("photo");
    expect(defineMode({ mask: "required", structure: "photo", tokens: 2, engines: {}, page: "x" })).toMatchObject({ structure: "photo", tokens: 2 });
  });
});
