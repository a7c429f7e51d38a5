import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives the embedded defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.secureCookies).toBe(false);
    expect(env.trustedOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
  });

  it("turns on Secure cookies for an https APP_URL and treats empty strings as unset", () => {
    const env = parseEnv({ APP_URL: "https://aranzer.pl/", DATABASE_URL: "" });
    expect(env.appUrl).toBe("https://aranzer.pl");
    expect(env.secureCookies).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.trustedOrigins).toEqual(["https://aranzer.pl"]);
  });

  it("refuses an invalid analytics container id and suggests the corrected form", () => {
    expect(() => parseEnv({ GTM_ID: "gtm-ab12c" })).toThrow(/GTM_ID: "gtm-ab12c" is not a valid container id; did you mean "GTM-AB12C"\?/);
    expect(parseEnv({ GTM_ID: "GTM-AB12C" }).GTM_ID).toBe("GTM-AB12C");
  });

  it("refuses generation settings that cannot work", () => {
    expect(() => parseEnv({ GENERATION_PROVIDER: "fake" })).toThrow(/FAKE_ENGINE_SCRIPT/);
    expect(() => parseEnv({ GENERATION_PROVIDER: "midjourney" })).toThrow(/GENERATION_PROVIDER/);
    expect(() => parseEnv({ IN_PROCESS_WORKER: "false" })).toThrow(/needs DATABASE_URL/);
    expect(parseEnv({ IN_PROCESS_WORKER: "false", DATABASE_URL: "postgres://db/x" }).IN_PROCESS_WORKER).toBe(false);
  });

  it("names every invalid variable", () => {
    expect(() => parseEnv({ PORT: "http", DATABASE_URL: "mysql://x" })).toThrow(/PORT[\s\S]*DATABASE_URL/);
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET must be set together/);
  });
});
