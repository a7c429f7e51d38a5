import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeKsef } from "~/tests/fakes/ksef";
import { buildFa3Xml } from "./build-fa3-xml";
import { createKsefClient } from "./create-ksef-client";

const party = { companyName: "Aranżer sp. z o.o.", taxId: "1234563218", country: "PL", street: "ul. Złota 44", postalCode: "00-120", city: "Warszawa" };
const xml = buildFa3Xml({
  kind: "invoice",
  number: "FV/1/2026",
  issuedAt: new Date(),
  paidAt: new Date(),
  periodStart: new Date(),
  periodEnd: new Date(),
  seller: party,
  buyer: { ...party, taxId: "5260250274", companyName: "Wisła" },
  item: "Aranżer Pro – subskrypcja miesięczna (500 tokenów)",
  grossGrosze: 8499,
  netGrosze: 6910,
  vatGrosze: 1589,
  reverseCharge: false,
  corrects: null,
});

describe("KSeF 2.0 client against the local fake", () => {
  const fake = new FakeKsef();
  let baseUrl = "";
  beforeAll(async () => {
    baseUrl = await fake.start();
  });
  afterAll(() => fake.stop());

  it("signs in with the KSeF token, files the FA(3) XML encrypted in an online session, and reads its KSeF number", async () => {
    const client = createKsefClient({ baseUrl, nip: fake.nip, token: fake.token, pollMs: 1 });
    const filing = await client.file(xml);
    expect(fake.received).toEqual([xml]);
    expect(await client.status(filing)).toMatchObject({ code: 150, ksefNumber: null });
    const accepted = await client.status(filing);
    expect(accepted.code).toBe(200);
    expect(accepted.ksefNumber).toMatch(/^1234563218-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);
  });

  it("stops at a refused sign-in (a wrong token) with KSeF's status", async () => {
    const client = createKsefClient({ baseUrl, nip: fake.nip, token: "not-the-token", pollMs: 1 });
    await expect(client.file(xml)).rejects.toThrow(/450/);
  });
});
