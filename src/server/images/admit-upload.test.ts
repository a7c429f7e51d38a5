import { describe, expect, it } from "vitest";
import { UPLOAD_IN_FLIGHT } from "@/config/generation";
import { admitUpload } from "./admit-upload";

const busy = { name: "AppError", code: "BUSY", details: { retryAfter: expect.any(Number) } };

describe("admitUpload", () => {
  it("refuses an account's upload past its share in flight, until one of them is done", () => {
    const releases = Array.from({ length: UPLOAD_IN_FLIGHT.perAccount }, (_, i) => admitUpload({ userId: "flooder", clientAddress: `10.0.0.${i}` }));
    expect(() => admitUpload({ userId: "flooder", clientAddress: "10.0.1.1" })).toThrow(expect.objectContaining(busy));
    // Someone else is let in meanwhile.
    admitUpload({ userId: "someone", clientAddress: "10.0.2.1" })();
    releases[0]!();
    releases[0]!(); // a second release counts nothing
    const again = admitUpload({ userId: "flooder", clientAddress: "10.0.1.1" });
    expect(() => admitUpload({ userId: "flooder", clientAddress: "10.0.1.2" })).toThrow(expect.objectContaining(busy));
    for (const release of [...releases.slice(1), again]) release();
  });

  it("refuses past the share of one client address (many accounts) and past the server's total", () => {
    const fromOne = Array.from({ length: UPLOAD_IN_FLIGHT.perAddress }, (_, i) => admitUpload({ userId: `account-${i}`, clientAddress: "192.0.2.7" }));
    expect(() => admitUpload({ userId: "account-new", clientAddress: "192.0.2.7" })).toThrow(expect.objectContaining(busy));
    const rest = Array.from({ length: UPLOAD_IN_FLIGHT.total - UPLOAD_IN_FLIGHT.perAddress }, (_, i) => admitUpload({ userId: `other-${i}`, clientAddress: `198.51.100.${i}` }));
    expect(() => admitUpload({ userId: "late", clientAddress: "203.0.113.1" })).toThrow(expect.objectContaining(busy));
    for (const release of [...fromOne, ...rest]) release();
    admitUpload({ userId: "late", clientAddress: "203.0.113.1" })();
  });
});
