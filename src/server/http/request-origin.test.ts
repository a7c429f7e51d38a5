import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { requestOrigin } from "./request-origin";

const lan = { address: "192.168.1.20", family: "IPv4", internal: false } as NetworkInterfaceInfo;
const lan6 = { address: "fd00::20", family: "IPv6", internal: false } as NetworkInterfaceInfo;
const interfaces = { eth0: [lan, lan6] };
const origin = (host: string | null, appUrl?: string) => requestOrigin({ appUrl, port: 3000, host, interfaces });

describe("the origin of a request's links and redirects", () => {
  it("without APP_URL follows the request's own origin when it is this machine, on the server's port", () => {
    expect(origin("127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(origin("localhost:3000")).toBe("http://localhost:3000");
    expect(origin("[::1]:3000")).toBe("http://[::1]:3000");
    expect(origin("192.168.1.20:3000")).toBe("http://192.168.1.20:3000");
    expect(origin("[fd00::20]:3000")).toBe("http://[fd00::20]:3000");
  });

  it("without APP_URL gives localhost for any other host or port, and for none", () => {
    for (const host of ["evil.example:3000", "192.168.1.21:3000", "127.0.0.1:3001", "127.0.0.1", "evil.example", "a@127.0.0.1:3000", "127.0.0.1:3000/x", "", null]) {
      expect(origin(host), String(host)).toBe("http://localhost:3000");
    }
  });

  it("with APP_URL set always uses it", () => {
    expect(origin("127.0.0.1:3000", "https://aranzer.pl/")).toBe("https://aranzer.pl");
    expect(origin("192.168.1.20:3000", "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
  });
});
