import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { z } from "zod";
import { MCP_CONFIRM_ABOVE_TOKENS, type ApiScope } from "@/config/api";
import { declutterScopes, visualizationCount, type EditMode } from "@/config/edit-modes";
import { LISTING_MAX_PHOTOS } from "@/config/listings";
import { roomTypes } from "@/config/room-types";
import { styleIds } from "@/config/styles";
import { recordIdSchema } from "@/schemas/generation";
import { hexColorSchema } from "@/schemas/edit-params";
import { createVisualizationSchema, generateListingApiSchema } from "@/schemas/public-api";
import { parseInput } from "@/server/parse-input";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { AppError } from "@/server/errors";
import { errorAnswer } from "@/server/http/error-answer";
import { fetchPublicUrl } from "@/server/http/fetch-public-url";
import { getImageFile } from "@/server/images/get-image-file";
import { uploadMask } from "@/server/images/upload-mask";
import { addListingPhotos } from "@/server/listings/add-listing-photos";
import { createListing } from "@/server/listings/create-listing";
import { getBalance } from "@/server/tokens/get-balance";
import { getVisualization } from "@/server/public-api/get-visualization";
import { startListingGeneration } from "@/server/public-api/start-listing-generation";
import { startVisualization } from "@/server/public-api/start-visualization";
import { uploadFromUrl } from "@/server/public-api/upload-from-url";
import type { ApiVisualization } from "@/server/public-api/to-api-visualization";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** How long a tool waits for its results before answering with their state and links (the work goes on). */
const WAIT_MS = 110_000;
const POLL_MS = 500;

const image = z
  .string()
  .min(1)
  .max(2048)
  .describe("The room photo: an https:// address we can download (JPEG, PNG, WebP or HEIC, up to 20 MB), or the id of a photo uploaded with POST /api/v1/images.");
const roomType = z.enum(roomTypes).describe("What the room is.");
const style = z.enum(styleIds as unknown as [string, ...string[]]).describe("The interior style, e.g. japandi, scandinavian, modern, boho.");
const confirm = z.boolean().optional().describe(`Set true to spend the tokens once the user agreed to the cost. Needed when a call costs more than ${MCP_CONFIRM_ABOVE_TOKENS} tokens.`);
const variations = z.number().int().min(1).max(4).optional().describe("How many different results (one token each). Default 1.");

/**
 * The MCP server of one request, speaking for one API key: tools that order visualizations through the same
 * domain functions as the API and the website (startVisualization, startListingGeneration), state the cost in
 * tokens before spending, ask for `confirm: true` above MCP_CONFIRM_ABOVE_TOKENS, send progress notifications
 * while the engine works, and answer with the results as images plus their links.
 */
export function createMcpServer(options: { caller: ApiCaller; clientAddress: string; locale: "pl" | "en"; appUrl: string }): McpServer {
  const { caller } = options;
  const server = new McpServer({ name: "aranzer", version: "1.0.0" }, { capabilities: { tools: {} } });

  const tool = <Shape extends z.ZodRawShape>(
    name: string,
    config: { title: string; description: string; scope: ApiScope; input: Shape },
    run: (args: z.output<z.ZodObject<Shape>>, extra: Extra) => Promise<CallToolResult>,
  ) =>
    server.registerTool(name, { title: config.title, description: config.description, inputSchema: config.input }, (async (args: z.output<z.ZodObject<Shape>>, extra: Extra) => {
      try {
        if (!caller.scopes.includes(config.scope)) throw new AppError("FORBIDDEN", { reason: "missingScope", scope: config.scope });
        return await run(args, extra);
      } catch (error) {
        const answer = errorAnswer(error, { locale: options.locale, context: "mcp" });
        return { isError: true, content: [{ type: "text", text: `${answer.code}: ${answer.message}` }] };
      }
    }) as never);

  /** A photo id of the owner's: the given id, or the address downloaded and stored as an upload. */
  const photoId = async (value: string) =>
    /^https?:\/\//.test(value) ? (await uploadFromUrl({ userId: caller.ownerId, teamId: caller.teamId, clientAddress: options.clientAddress, url: value })).id : recordIdSchema.parse(value);

  /**
   * The cost of a call above the threshold, asked of the user before spending: through the client (MCP
   * elicitation) when it can ask, else refused until the call comes again with confirm: true. A test key costs nothing.
   */
  const costCheck = async (cost: number, confirmed: boolean | undefined): Promise<CallToolResult | null> => {
    if (caller.mode === "test" || cost <= MCP_CONFIRM_ABOVE_TOKENS || confirmed) return null;
    const balance = await getBalance({ userId: caller.ownerId, teamId: caller.teamId });
    if (server.server.getClientCapabilities()?.elicitation) {
      const answer = await server.server.elicitInput({
        message: `This costs ${cost} tokens (the balance is ${balance}). Spend them?`,
        requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: `Spend ${cost} tokens` } }, required: ["confirm"] },
      });
      if (answer.action === "accept" && answer.content?.confirm === true) return null;
      return { content: [{ type: "text", text: `The user did not agree to spend ${cost} tokens. Nothing was spent.` }] };
    }
    return {
      content: [{ type: "text", text: `This costs ${cost} tokens (the balance is ${balance}). Nothing was spent. Ask the user, then call again with confirm: true.` }],
    };
  };

  const visualize = async (extra: Extra, request: { image: string; roomType: (typeof roomTypes)[number]; mode: EditMode; styles?: string[]; variations?: number; params?: Record<string, unknown>; mask?: string; confirm?: boolean }) => {
    const cost = visualizationCount({ mode: request.mode, styles: request.styles ?? [], variations: request.variations ?? 1 });
    const refusal = await costCheck(cost, request.confirm);
    if (refusal) return refusal;
    const imageId = await photoId(request.image);
    let maskImageId: string | undefined;
    if (request.mask && /^https?:\/\//.test(request.mask)) {
      const mask = await fetchPublicUrl({ url: request.mask, timeoutMs: 30_000, field: "mask" });
      maskImageId = (await uploadMask({ userId: caller.ownerId, teamId: caller.teamId, source: { type: "image", imageId }, body: mask.body })).image.id;
    } else if (request.mask) maskImageId = recordIdSchema.parse(request.mask);
    const made = await startVisualization({
      caller,
      requestId: crypto.randomUUID(),
      // The tool's arguments as the API's body, checked here as the API checks it (each mode's rules).
      request: parseInput(createVisualizationSchema, { source: { type: "image", imageId }, roomType: request.roomType, mode: request.mode, styles: request.styles ?? [], variations: request.variations ?? 1, params: request.params ?? {}, maskImageId }),
    });
    await progress(extra, 0, made.visualization.results.length, "Queued");
    const done = await waitFor(made.visualization.id, extra);
    return answer(done, `Spent ${made.cost} tokens; the balance is ${made.balance}.`);
  };

  const waitFor = async (id: string, extra: Extra): Promise<ApiVisualization> => {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const now = await getVisualization({ ownerId: caller.ownerId, id });
      const settled = now.results.filter((r) => r.status === "succeeded" || r.status === "failed").length;
      if (settled === now.results.length || Date.now() > until || extra.signal.aborted) return now;
      await progress(extra, settled, now.results.length, now.status === "running" ? "The engine is working" : "Queued");
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const progress = async (extra: Extra, done: number, total: number, message: string) => {
    const token = extra._meta?.progressToken;
    if (token === undefined) return;
    await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: done, total, message } }).catch(() => undefined);
  };

  const answer = async (v: ApiVisualization, cost: string): Promise<CallToolResult> => {
    const content: CallToolResult["content"] = [];
    for (const result of v.results) {
      if (!result.image) continue;
      const file = await getImageFile({ userId: caller.ownerId, imageId: result.image.id, display: true }).catch(() => null);
      if (file) content.push({ type: "image", data: file.data.toString("base64"), mimeType: file.contentType });
    }
    const lines = v.results.map(
      (r) =>
        `- ${r.styleId ?? v.mode}: ${r.status}${r.image ? `, ${options.appUrl}${r.image.url}` : ""}${r.structureScore !== null ? `, structure kept ${Math.round(r.structureScore * 100)}%` : ""}${r.flagged ? " (walls or windows may have moved)" : ""}${r.failureReason ? ` (${r.failureReason}${r.refunded ? ", token refunded" : ""})` : ""}`,
    );
    content.push({
      type: "text",
      text: [`Visualization ${v.id}: ${v.status}. ${cost}`, v.ai ? "AI edits, marked as such." : "Previews made without AI (test key or local engine).", ...lines, `Image links need the same API key (Authorization: Bearer …). State: ${options.appUrl}/api/v1/visualizations/${v.id}`].join("\n"),
    });
    return { content };
  };

  tool(
    "restyle",
    { title: "Restyle a room", scope: "generate", description: "Redesigns a furnished room in an interior style, keeping its walls, windows and doors. One token per result.", input: { image, room_type: roomType, style, variations, confirm } },
    (args, extra) => visualize(extra, { image: args.image, roomType: args.room_type, mode: "restyle", styles: [args.style], variations: args.variations, confirm: args.confirm }),
  );
  tool(
    "stage",
    { title: "Stage an empty room", scope: "generate", description: "Furnishes an empty room in an interior style (virtual staging), keeping its architecture. One token per result.", input: { image, room_type: roomType, style, variations, confirm } },
    (args, extra) => visualize(extra, { image: args.image, roomType: args.room_type, mode: "stage", styles: [args.style], variations: args.variations, confirm: args.confirm }),
  );
  tool(
    "declutter",
    {
      title: "Declutter a room",
      scope: "generate",
      description: "Takes things out of the room: loose items, furniture and decor, or everything movable. One token per result.",
      input: { image, room_type: roomType, scope: z.enum(declutterScopes).describe("How much to take out."), keep: z.string().max(300).optional().describe("Things to keep, in words."), variations, confirm },
    },
    (args, extra) => visualize(extra, { image: args.image, roomType: args.room_type, mode: "declutter", params: { scope: args.scope, keep: args.keep }, variations: args.variations, confirm: args.confirm }),
  );
  tool(
    "paint_wall",
    {
      title: "Paint a wall an exact colour",
      scope: "generate",
      description: "Recolours the painted area (the mask: white where the wall is) to an exact #RRGGBB colour, keeping light and shadow. Our own exact recolour, not an AI guess. One token.",
      input: { image, room_type: roomType, color: hexColorSchema.describe("The colour as #RRGGBB, e.g. #2E5E4E."), mask: z.string().min(1).max(2048).describe("Where to paint: an https:// address of a mask PNG of the photo's size (white = paint), or the id of a mask sent with POST /api/v1/images/{id}/mask."), confirm },
    },
    (args, extra) => visualize(extra, { image: args.image, roomType: args.room_type, mode: "paint", params: { color: args.color }, mask: args.mask, confirm: args.confirm }),
  );
  tool(
    "listing",
    {
      title: "Work on a listing",
      scope: "listings",
      description:
        "Prepares a property listing: makes one (or takes listing_id), adds the photos and generates every photo in the same style(s) and mode, so the rooms look like one home. Costs photos × styles tokens; asks to confirm above the threshold. Answers with the results and the ZIP link.",
      input: {
        listing_id: z.string().max(100).optional().describe("An existing listing; without it a new one named `name` is made."),
        name: z.string().max(120).optional().describe("The new listing's name, e.g. its address."),
        images: z.array(image).max(LISTING_MAX_PHOTOS).default([]).describe("Photos to add (addresses or uploaded ids)."),
        room_type: roomType,
        mode: z.enum(["restyle", "stage", "declutter"]).default("stage"),
        styles: z.array(style).max(3).default([]).describe("Styles for restyle or stage."),
        scope: z.enum(declutterScopes).optional().describe("For declutter: how much to take out."),
        confirm,
      },
    },
    async (args, extra) => {
      const listingId = args.listing_id ?? (await createListing({ userId: caller.ownerId, teamId: caller.teamId, name: args.name ?? "Listing" })).id;
      if (args.images.length) {
        const ids = [];
        for (const value of args.images) ids.push(await photoId(value));
        await addListingPhotos({ userId: caller.ownerId, listingId, sources: ids.map((imageId) => ({ type: "image" as const, imageId })), roomType: args.room_type });
      }
      const perPhoto = visualizationCount({ mode: args.mode, styles: args.styles, variations: 1 });
      const photos = args.images.length || 1;
      const refusal = await costCheck(perPhoto * photos, args.confirm);
      if (refusal) return { content: [...refusal.content, { type: "text", text: `The listing is ${listingId}: pass listing_id to continue.` }] };
      const made = await startListingGeneration({ caller, listingId, requestId: crypto.randomUUID(), request: parseInput(generateListingApiSchema, { mode: args.mode, styles: args.styles, variations: 1, params: args.scope ? { scope: args.scope } : {} }) });
      const results: CallToolResult["content"] = [];
      for (const id of made.visualizationIds) results.push(...(await answer(await waitFor(id, extra), "")).content);
      results.push({ type: "text", text: `Listing ${listingId}: spent ${made.cost} tokens, the balance is ${made.balance}. ZIP of the chosen results: ${options.appUrl}/api/v1/listings/${listingId}/zip` });
      return { content: results };
    },
  );
  return server;
}

