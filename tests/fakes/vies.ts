import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Trader = { name: string; address: string };

/**
 * A local stand-in of the European Commission's VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api):
 * `POST /check-vat-number` with `{ countryCode, vatNumber }` answers 200 `{ countryCode, vatNumber, requestDate,
 * valid, requestIdentifier, name, address }`, "---" for what a member state withholds. A member state marked
 * unavailable answers as VIES does, `{ actionSucceed: false, errorWrappers: [{ error: "MS_UNAVAILABLE" }] }`; `down`
 * makes the whole service answer 503; a body without both fields is `INVALID_INPUT` (400).
 */
export class FakeVies {
  /** Registered numbers ("DE123456789"), with what their member state tells of them. */
  readonly registered = new Map<string, Trader>();
  readonly unavailable = new Set<string>();
  readonly requests: { countryCode: string; vatNumber: string }[] = [];
  down = false;
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/taxation_customs/vies/rest-api`;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!req.url?.endsWith("/rest-api/check-vat-number") || req.method !== "POST") return this.send(res, 404, { actionSucceed: false, errorWrappers: [{ error: "NOT_FOUND" }] });
    if (this.down) return this.send(res, 503, { actionSucceed: false, errorWrappers: [{ error: "SERVICE_UNAVAILABLE", message: "The service is unavailable" }] });
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { countryCode?: string; vatNumber?: string };
    if (!body.countryCode || !body.vatNumber) return this.send(res, 400, { actionSucceed: false, errorWrappers: [{ error: "INVALID_INPUT", message: "The provided CountryCode is invalid or the VAT number is empty" }] });
    this.requests.push({ countryCode: body.countryCode, vatNumber: body.vatNumber });
    if (this.unavailable.has(body.countryCode)) return this.send(res, 200, { actionSucceed: false, errorWrappers: [{ error: "MS_UNAVAILABLE", message: "The member state service is unavailable" }] });
    const trader = this.registered.get(`${body.countryCode}${body.vatNumber}`);
    this.send(res, 200, {
      countryCode: body.countryCode,
      vatNumber: body.vatNumber,
      requestDate: new Date().toISOString(),
      valid: trader !== undefined,
      requestIdentifier: "",
      name: trader?.name ?? "---",
      address: trader?.address ?? "---",
      traderName: "---",
      traderStreet: "---",
      traderPostalCode: "---",
      traderCity: "---",
      traderCompanyType: "---",
      traderNameMatch: "NOT_PROCESSED",
      traderStreetMatch: "NOT_PROCESSED",
      traderPostalCodeMatch: "NOT_PROCESSED",
      traderCityMatch: "NOT_PROCESSED",
      traderCompanyTypeMatch: "NOT_PROCESSED",
    });
  }
}
