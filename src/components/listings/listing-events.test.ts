import { describe, expect, it } from "vitest";
import type { ImageDto } from "@/schemas/generation";
import type { ListingDto, ListingResultDto } from "@/schemas/listings";
import { applyListingEvent, batchesToFollow } from "./listing-events";

const image: ImageDto = { id: "r1", url: "/api/images/r1", kind: "result", width: 1200, height: 800, createdAt: "2026-11-29T00:00:00.000Z", expiresAt: "2026-11-29T01:00:00.000Z" };
const result = (id: string, batchId: string, change: Partial<ListingResultDto> = {}): ListingResultDto => ({
  visualizationId: id,
  batchId,
  mode: "restyle",
  styleId: "scandinavian",
  ai: true,
  variant: 0,
  status: "queued",
  progress: null,
  result: null,
  failureReason: null,
  refunded: false,
  structureScore: null,
  flagged: false,
  scoring: false,
  remadeAs: null,
  remakeOf: null,
  ...change,
});
const photo = (id: string, results: ListingResultDto[], change: Partial<ListingDto["photos"][number]> = {}) => ({ id, position: 1, roomType: "kitchen", image: null, generatable: true, chosenVisualizationId: null, hd: null, hdState: null, results, ...change });
const listingOf = (photos: ListingDto["photos"]): ListingDto => ({ id: "l1", name: "Złota 44", disclosureLabel: true, lastRoomType: null, createdAt: "", expiresAt: null, expired: false, keptUntil: null, photos, shares: [] });

describe("applyListingEvent", () => {
  const listing = listingOf([photo("p1", [result("v1", "b1")]), photo("p2", [result("v2", "b2")])]);

  it("changes only the result the event names", () => {
    const next = applyListingEvent(listing, { seq: 2, type: "running", visualizationId: "v2", progress: 0.5 });
    expect(next).not.toBe("reload");
    const after = next as ListingDto;
    expect(after.photos[1]!.results[0]).toMatchObject({ status: "running", progress: 0.5 });
    expect(after.photos[0]).toBe(listing.photos[0]);
  });

  it("shows a result at once and waits for its structure check, which then comes", () => {
    const done = applyListingEvent(listing, { seq: 3, type: "succeeded", visualizationId: "v1", result: image, structureScore: null, flagged: false }) as ListingDto;
    expect(done.photos[0]!.results[0]).toMatchObject({ status: "succeeded", result: image, scoring: true, progress: null });
    const scored = applyListingEvent(done, { seq: 4, type: "scored", visualizationId: "v1", structureScore: 0.4, flagged: true }) as ListingDto;
    expect(scored.photos[0]!.results[0]).toMatchObject({ structureScore: 0.4, flagged: true, scoring: false });
  });

  it("records a failure with its refund", () => {
    const failed = applyListingEvent(listing, { seq: 2, type: "failed", visualizationId: "v1", reason: "provider", refunded: true }) as ListingDto;
    expect(failed.photos[0]!.results[0]).toMatchObject({ status: "failed", failureReason: "provider", refunded: true });
  });

  it("never takes a final result back to running (a late or repeated event)", () => {
    const final = listingOf([photo("p1", [result("v1", "b1", { status: "succeeded", result: image })])]);
    expect(applyListingEvent(final, { seq: 1, type: "running", visualizationId: "v1", progress: 0.1 })).toBe(final);
    expect(applyListingEvent(final, { seq: 1, type: "queued", visualizationId: "v1" })).toBe(final);
  });

  it("leaves the listing as it was for a result it does not show, and asks for a reload when a remake joins", () => {
    expect(applyListingEvent(listing, { seq: 2, type: "queued", visualizationId: "elsewhere" })).toBe(listing);
    expect(applyListingEvent(listing, { seq: 5, type: "remade", visualizationId: "v1", remake: {} as never })).toBe("reload");
  });
});

describe("batchesToFollow", () => {
  it("names each batch with a result still running or still waiting for its check, once, in the photos' order", () => {
    const listing = listingOf([
      photo("p1", [result("v1", "b1", { status: "succeeded" }), result("v2", "b3", { status: "succeeded", scoring: true })]),
      photo("p2", [result("v3", "b2", { status: "running" }), result("v4", "b2")]),
      photo("p3", [result("v5", "b4", { status: "failed" })]),
    ]);
    expect(batchesToFollow(listing)).toEqual(["b3", "b2"]);
  });
});

describe("batchesToFollow's HD copies", () => {
  it("follows the batch of a chosen result whose HD copy is queued or running, not once it failed or was made", () => {
    const done = (id: string, batchId: string) => result(id, batchId, { status: "succeeded" });
    const listing = (hdState: ListingDto["photos"][number]["hdState"]) =>
      listingOf([photo("p1", [done("v1", "b1"), done("v2", "b2")], { chosenVisualizationId: "v2", hdState }), photo("p2", [done("v3", "b3")], { chosenVisualizationId: "v3" })]);
    expect(batchesToFollow(listing("queued"))).toEqual(["b2"]);
    expect(batchesToFollow(listing("running"))).toEqual(["b2"]);
    expect(batchesToFollow(listing("failed"))).toEqual([]);
    expect(batchesToFollow(listing(null))).toEqual([]);
  });

  it("reads the listing again when an HD copy's order ends: its file, or the token given back, are the server's to say", () => {
    const listing = listingOf([photo("p1", [result("v1", "b1", { status: "succeeded" })], { chosenVisualizationId: "v1", hdState: "running" })]);
    expect(applyListingEvent(listing, { seq: 9, type: "hd", visualizationId: "v1", state: "ready" })).toBe("reload");
  });
});
