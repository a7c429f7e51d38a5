import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Stripe for the adapter's contract tests: the endpoints billing uses (prices, Checkout Sessions,
 * subscriptions, invoices, charges and invoice payments, disputes, customers and their tax ids, the billing portal), form-encoded bodies as stripe-node sends them, Stripe's
 * object shapes for API 2026 (invoice.parent.subscription_details, price_details on lines, the period on
 * subscription items) and its error envelope. The test plays the customer and the clock through the
 * methods below, which return the events Stripe would send; stripe-mock is not installable here.
 */
type Obj = Record<string, unknown> & { id: string };
type FakeEvent = { id: string; object: "event"; type: string; created: number; api_version: string; livemode: false; pending_webhooks: number; request: { id: null; idempotency_key: null }; data: { object: Obj } };

const DAY = 86_400;

/** `a[b][0][c]=x` into nested objects and arrays, as Stripe's servers read them. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const slot = segment === "" && Array.isArray(node) ? String(node.length) : segment;
      const container = node as Record<string, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= /^\d*$/.test(path[i + 1]!) ? [] : {};
        node = container[slot] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export class FakeStripe {
  private server: Server | null = null;
  private seq = 0;
  private readonly chargeOfIntent = new Map<string, string>();
  readonly objects = new Map<string, Obj>();
  readonly requests: { method: string; path: string; idempotencyKey: string | undefined; body: Record<string, unknown> }[] = [];
  /** Set to make the next N requests answer this status (e.g. 500), to test the client's retries. */
  failNext: { count: number; status: number } = { count: 0, status: 500 };
  now = Math.floor(Date.now() / 1000);

  private id(prefix: string) {
    return `${prefix}_fake${String(++this.seq).padStart(6, "0")}`;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": this.id("req") });
    res.end(JSON.stringify(body));
  }

  private missing(res: ServerResponse, id: string) {
    this.send(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: '${id}'`, param: "id" } });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = req.method === "GET" ? url.search.slice(1) : Buffer.concat(chunks).toString();
    const body = parseStripeForm(raw);
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    this.requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey, body });
    if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_test_")) {
      return this.send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    if (this.failNext.count > 0) {
      this.failNext.count--;
      return this.send(res, this.failNext.status, { error: { type: "api_error", message: "Something went wrong on Stripe's end." } });
    }
    const [, version, resource, idOrSub, sub, subId] = url.pathname.split("/");
    if (version === "v1" && resource === "customers") return this.customers(req.method ?? "", res, body, idOrSub, sub, subId);
    if (version !== "v1") return this.send(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    const route = `${req.method} ${resource}${idOrSub ? (resource === "checkout" || resource === "billing_portal" ? `/${idOrSub}${sub ? "/:id" : ""}` : "/:id") : ""}`;
    const objectId = resource === "checkout" || resource === "billing_portal" ? sub : idOrSub;

    switch (route) {
      case "GET prices": {
        const keys = (body.lookup_keys as string[] | undefined) ?? [];
        const data = [...this.objects.values()].filter((o) => o.object === "price" && keys.includes(o.lookup_key as string));
        return this.send(res, 200, { object: "list", data, has_more: false, url: "/v1/prices" });
      }
      case "POST prices": {
        const price: Obj = {
          id: this.id("price"),
          object: "price",
          active: true,
          currency: body.currency,
          unit_amount: Number(body.unit_amount),
          tax_behavior: body.tax_behavior,
          lookup_key: body.lookup_key ?? null,
          recurring: body.recurring ? { interval: (body.recurring as Obj).interval, interval_count: Number((body.recurring as Obj).interval_count ?? 1) } : null,
          type: body.recurring ? "recurring" : "one_time",
          product: this.id("prod"),
          metadata: body.metadata ?? {},
        };
        this.objects.set(price.id, price);
        return this.send(res, 200, price);
      }
      case "GET checkout/sessions": {
        const data = [...this.objects.values()].filter((o) => o.object === "checkout.session" && (!body.payment_intent || o.payment_intent === body.payment_intent));
        return this.send(res, 200, { object: "list", data: data.slice(0, Number(body.limit ?? 10)), has_more: false, url: "/v1/checkout/sessions" });
      }
      case "GET invoice_payments": {
        const wanted = body.payment as { type?: string; payment_intent?: string } | undefined;
        const data = [...this.objects.values()].filter((o) => o.object === "invoice_payment" && (!wanted?.payment_intent || (o.payment as Obj).payment_intent === wanted.payment_intent));
        return this.send(res, 200, { object: "list", data: data.slice(0, Number(body.limit ?? 10)), has_more: false, url: "/v1/invoice_payments" });
      }
      case "GET charges/:id":
      case "GET disputes/:id":
      case "GET prices/:id":
      case "GET invoices/:id":
      case "GET subscriptions/:id":
      case "GET checkout/sessions/:id": {
        const found = this.objects.get(objectId!);
        return found ? this.send(res, 200, found) : this.missing(res, objectId!);
      }
      case "POST checkout/sessions/:id": {
        // POST /v1/checkout/sessions/{id}/expire: only an open session can be expired.
        const session = this.objects.get(objectId!);
        if (!session || subId !== "expire") return this.missing(res, objectId!);
        if (session.status !== "open") return this.send(res, 400, { error: { type: "invalid_request_error", message: `Only Checkout Sessions with a status in ["open"] can be expired.` } });
        Object.assign(session, { status: "expired" });
        return this.send(res, 200, session);
      }
      case "POST checkout/sessions": {
        const lineItems = body.line_items as { price: string; quantity: string }[];
        const price = this.objects.get(lineItems?.[0]?.price ?? "");
        if (!price) return this.send(res, 400, { error: { type: "invalid_request_error", message: "No such price", param: "line_items[0][price]" } });
        if (body.mode === "subscription" && price.type !== "recurring") return this.send(res, 400, { error: { type: "invalid_request_error", message: "subscription mode needs a recurring price" } });
        if (body.customer && body.customer_creation) return this.send(res, 400, { error: { type: "invalid_request_error", message: "customer_creation can't be used with customer" } });
        // Stripe refuses tax id collection for an existing customer unless Checkout may update the customer's name.
        const taxIds = body.tax_id_collection as { enabled?: string } | undefined;
        if (taxIds?.enabled === "true" && body.customer && (body.customer_update as { name?: string } | undefined)?.name !== "auto") {
          return this.send(res, 400, { error: { type: "invalid_request_error", message: "tax_id_collection with an existing customer needs customer_update[name]=auto", param: "customer_update[name]" } });
        }
        const id = this.id("cs_test");
        const session: Obj = {
          id,
          object: "checkout.session",
          mode: body.mode,
          status: "open",
          payment_status: "unpaid",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          success_url: String(body.success_url).replace("{CHECKOUT_SESSION_ID}", id),
          cancel_url: body.cancel_url ?? null,
          client_reference_id: body.client_reference_id ?? null,
          customer: body.customer ?? null,
          customer_email: body.customer_email ?? null,
          metadata: body.metadata ?? {},
          subscription_metadata: (body.subscription_data as Obj | undefined)?.metadata ?? {},
          allowed_payment_method_types: body.allowed_payment_method_types ?? null,
          tax_id_collection: { enabled: taxIds?.enabled === "true" },
          billing_address_collection: body.billing_address_collection ?? null,
          locale: body.locale ?? null,
          amount_total: price.unit_amount,
          currency: price.currency,
          price: price.id,
          lines: lineItems.map((l) => ({ price: l.price, quantity: Number(l.quantity ?? 1) })),
          subscription: null,
          invoice: null,
          payment_intent: null,
        };
        this.objects.set(id, session);
        return this.send(res, 200, session);
      }
      case "POST subscriptions/:id": {
        const subscription = this.objects.get(objectId!);
        if (!subscription) return this.missing(res, objectId!);
        if (subscription.status === "canceled") return this.send(res, 400, { error: { type: "invalid_request_error", message: "A canceled subscription can only update its cancellation_details and metadata." } });
        if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
        // Items as Stripe takes them: by id to change (price, quantity) or delete, without an id to add.
        const items = (body.items as { id?: string; price?: string; quantity?: string; deleted?: string }[] | undefined) ?? [];
        const list = subscription.items as { data: Obj[] };
        for (const change of items) {
          const price = change.price ? this.objects.get(change.price) : undefined;
          if (change.price && !price) return this.send(res, 400, { error: { type: "invalid_request_error", message: "No such price" } });
          if (!change.id) {
            list.data.push({ id: this.id("si"), object: "subscription_item", price: price!, quantity: Number(change.quantity ?? 1) });
            continue;
          }
          const item = list.data.find((i) => i.id === change.id);
          if (!item) return this.send(res, 400, { error: { type: "invalid_request_error", message: "No such subscription item" } });
          if (change.deleted === "true") list.data.splice(list.data.indexOf(item), 1);
          if (price) item.price = price;
          if (change.quantity) item.quantity = Number(change.quantity);
        }
        return this.send(res, 200, subscription);
      }
      case "DELETE subscriptions/:id": {
        const subscription = this.objects.get(objectId!);
        if (!subscription) return this.missing(res, objectId!);
        Object.assign(subscription, { status: "canceled", ended_at: this.now, canceled_at: this.now });
        return this.send(res, 200, subscription);
      }
      case "POST billing_portal/sessions": {
        if (!this.objects.get(String(body.customer))) return this.missing(res, String(body.customer));
        return this.send(res, 200, { id: this.id("bps"), object: "billing_portal.session", customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.test/p/session/${this.seq}` });
      }
      default:
        return this.send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    }
  }

  /** Customers (create, retrieve, update) and their tax ids (list, create, delete), as Stripe answers them. */
  private customers(method: string, res: ServerResponse, body: Record<string, unknown>, customerId?: string, sub?: string, taxIdId?: string) {
    if (!customerId && method === "POST") {
      const customer: Obj = { id: this.id("cus"), object: "customer", name: null, email: null, address: null, metadata: {}, ...this.customerFields(body) };
      this.objects.set(customer.id, customer);
      return this.send(res, 200, customer);
    }
    const customer = customerId ? this.objects.get(customerId) : undefined;
    if (!customer || customer.object !== "customer") return this.missing(res, customerId ?? "");
    const taxIds = [...this.objects.values()].filter((o) => o.object === "tax_id" && o.customer === customer.id);
    switch (`${method} ${sub ?? ""}${taxIdId ? "/:id" : ""}`) {
      case "GET ":
        return this.send(res, 200, customer);
      case "POST ":
        Object.assign(customer, this.customerFields(body), { metadata: { ...(customer.metadata as Obj), ...((body.metadata as Obj) ?? {}) } });
        return this.send(res, 200, customer);
      case "GET tax_ids":
        return this.send(res, 200, { object: "list", data: taxIds, has_more: false, url: `/v1/customers/${customer.id}/tax_ids` });
      case "POST tax_ids": {
        if (body.type !== "eu_vat" || !/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(String(body.value))) return this.send(res, 400, { error: { type: "invalid_request_error", code: "tax_id_invalid", message: `Invalid value for ${String(body.type)}.`, param: "value" } });
        const taxId: Obj = { id: this.id("txi"), object: "tax_id", customer: customer.id, type: body.type, value: body.value, country: String(body.value).slice(0, 2), verification: { status: "pending", verified_name: null, verified_address: null } };
        this.objects.set(taxId.id, taxId);
        return this.send(res, 200, taxId);
      }
      case "DELETE tax_ids/:id": {
        if (!taxIds.some((t) => t.id === taxIdId)) return this.missing(res, taxIdId!);
        this.objects.delete(taxIdId!);
        return this.send(res, 200, { id: taxIdId, object: "tax_id", deleted: true });
      }
      default:
        return this.send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: /v1/customers/${customer.id}/${sub ?? ""})` } });
    }
  }

  private customerFields(body: Record<string, unknown>): Partial<Obj> {
    const address = body.address as Record<string, string> | undefined;
    return {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(address ? { address: { line1: address.line1 ?? null, line2: null, postal_code: address.postal_code ?? null, city: address.city ?? null, state: null, country: address.country ?? null } } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
    };
  }

  event(type: string, object: Obj): FakeEvent {
    return { id: this.id("evt"), object: "event", type, created: this.now, api_version: "2026-10-28.endive", livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: structuredClone(object) } };
  }

  /** A successful card payment: its payment intent and charge (API 2026: the charge names no invoice). */
  private charge(amount: number): string {
    const paymentIntent = this.id("pi");
    const charge: Obj = { id: this.id("ch"), object: "charge", amount, amount_captured: amount, amount_refunded: 0, refunded: false, captured: true, paid: true, status: "succeeded", currency: "pln", payment_intent: paymentIntent, metadata: {} };
    this.objects.set(charge.id, charge);
    this.chargeOfIntent.set(paymentIntent, charge.id);
    return paymentIntent;
  }

  /** An invoice paid: its payment intent recorded as the invoice's payment, as Stripe lists them. */
  private recordInvoicePayment(invoice: Obj) {
    const paymentIntent = this.charge(invoice.amount_paid as number);
    const record: Obj = { id: this.id("inpay"), object: "invoice_payment", invoice: invoice.id, amount_paid: invoice.amount_paid, currency: "pln", is_default: true, status: "paid", payment: { type: "payment_intent", payment_intent: paymentIntent } };
    this.objects.set(record.id, record);
  }

  private invoiceFor(subscription: Obj, reason: string, paid: boolean, periodStart: number): Obj {
    const item = (subscription.items as { data: Obj[] }).data[0]!;
    const price = item.price as Obj;
    const invoice: Obj = {
      id: this.id("in"),
      object: "invoice",
      customer: subscription.customer,
      status: paid ? "paid" : "open",
      billing_reason: reason,
      attempted: true,
      attempt_count: 1,
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      currency: "pln",
      period_start: periodStart - 30 * DAY,
      period_end: periodStart,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: { object: "list", data: [{ id: this.id("il"), object: "line_item", amount: price.unit_amount, period: { start: periodStart, end: periodStart + 30 * DAY }, pricing: { type: "price_details", price_details: { price: price.id, product: price.product } } }] },
    };
    this.objects.set(invoice.id, invoice);
    if (paid) this.recordInvoicePayment(invoice);
    return invoice;
  }

  /** The customer pays on Stripe's page. Returns Stripe's events in the order it usually sends them. */
  completeCheckout(sessionId: string): FakeEvent[] {
    const session = this.objects.get(sessionId)!;
    const customer: Obj = session.customer ? this.objects.get(session.customer as string)! : { id: this.id("cus"), object: "customer", email: session.customer_email };
    this.objects.set(customer.id, customer);
    Object.assign(session, { status: "complete", payment_status: "paid", customer: customer.id });
    if (session.mode === "payment") {
      session.payment_intent = this.charge(session.amount_total as number);
      return [this.event("checkout.session.completed", session)];
    }
    const subscription: Obj = {
      id: this.id("sub"),
      object: "subscription",
      customer: customer.id,
      status: "active",
      cancel_at_period_end: false,
      ended_at: null,
      metadata: session.subscription_metadata,
      // One item per line of the session (a plan, and its extra seats).
      items: {
        object: "list",
        data: (session.lines as { price: string; quantity: number }[]).map((line) => ({ id: this.id("si"), object: "subscription_item", price: this.objects.get(line.price)!, quantity: line.quantity, current_period_start: this.now, current_period_end: this.now + 30 * DAY })),
      },
    };
    this.objects.set(subscription.id, subscription);
    const invoice = this.invoiceFor(subscription, "subscription_create", true, this.now);
    Object.assign(session, { subscription: subscription.id, invoice: invoice.id });
    return [this.event("checkout.session.completed", session), this.event("customer.subscription.created", subscription), this.event("invoice.paid", invoice)];
  }

  /** The next period's invoice is charged, successfully or not; the subscription's period moves on either way. */
  renew(subscriptionId: string, options: { fail?: boolean } = {}): FakeEvent[] {
    const subscription = this.objects.get(subscriptionId)!;
    const item = (subscription.items as { data: Obj[] }).data[0]!;
    const start = item.current_period_end as number;
    const invoice = this.invoiceFor(subscription, "subscription_cycle", !options.fail, start);
    Object.assign(item, { current_period_start: start, current_period_end: start + 30 * DAY });
    subscription.status = options.fail ? "past_due" : "active";
    return [this.event(options.fail ? "invoice.payment_failed" : "invoice.paid", invoice), this.event("customer.subscription.updated", subscription)];
  }

  /** Smart Retries collect a failed invoice later. */
  payInvoice(invoiceId: string): FakeEvent[] {
    const invoice = this.objects.get(invoiceId)!;
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, attempt_count: (invoice.attempt_count as number) + 1 });
    this.recordInvoicePayment(invoice);
    const subscription = this.objects.get((invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription)!;
    subscription.status = "active";
    return [this.event("invoice.paid", invoice), this.event("customer.subscription.updated", subscription)];
  }

  /**
   * The operator refunds a pack's checkout session or a plan's invoice, in full or `amount`; Stripe sends
   * charge.refunded with the charge, whose amount_refunded is the total so far.
   */
  refund(sessionOrInvoiceId: string, amount?: number): FakeEvent[] {
    const paid = this.objects.get(sessionOrInvoiceId)!;
    const paymentIntent =
      paid.object === "invoice"
        ? ([...this.objects.values()].find((o) => o.object === "invoice_payment" && o.invoice === paid.id)!.payment as { payment_intent: string }).payment_intent
        : (paid.payment_intent as string);
    const charge = this.objects.get(this.chargeOfIntent.get(paymentIntent)!)!;
    const refunded = (charge.amount_refunded as number) + (amount ?? (charge.amount as number) - (charge.amount_refunded as number));
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount });
    return [this.event("charge.refunded", charge)];
  }

  /** The charge that paid a pack's checkout session or a plan's invoice. */
  private chargeOf(sessionOrInvoiceId: string): Obj {
    const paid = this.objects.get(sessionOrInvoiceId)!;
    const paymentIntent =
      paid.object === "invoice"
        ? ([...this.objects.values()].find((o) => o.object === "invoice_payment" && o.invoice === paid.id)!.payment as { payment_intent: string }).payment_intent
        : (paid.payment_intent as string);
    return this.objects.get(this.chargeOfIntent.get(paymentIntent)!)!;
  }

  /**
   * The buyer's bank disputes the charge of a pack's checkout session or a plan's invoice (a chargeback): Stripe
   * sends charge.dispute.created with the dispute (status needs_response, its charge and payment intent, the
   * disputed amount; the charge marked disputed), then charge.dispute.funds_withdrawn.
   */
  dispute(sessionOrInvoiceId: string, options: { amount?: number; reason?: string } = {}): { disputeId: string; events: FakeEvent[] } {
    const charge = this.chargeOf(sessionOrInvoiceId);
    const amount = options.amount ?? (charge.amount as number) - (charge.amount_refunded as number);
    const dispute: Obj = {
      id: this.id("du"),
      object: "dispute",
      amount,
      currency: "pln",
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: options.reason ?? "fraudulent",
      status: "needs_response",
      is_charge_refundable: false,
      balance_transactions: [{ id: this.id("txn"), object: "balance_transaction", amount: -amount, reporting_category: "dispute" }],
      evidence_details: { due_by: this.now + 7 * DAY, has_evidence: false, past_due: false, submission_count: 0 },
      created: this.now,
      livemode: false,
      metadata: {},
    };
    this.objects.set(dispute.id, dispute);
    charge.disputed = true;
    return { disputeId: dispute.id, events: [this.event("charge.dispute.created", dispute), this.event("charge.dispute.funds_withdrawn", dispute)] };
  }

  /** The card network decides: charge.dispute.closed with status won (then funds_reinstated) or lost. */
  closeDispute(disputeId: string, status: "won" | "lost"): FakeEvent[] {
    const dispute = this.objects.get(disputeId)!;
    dispute.status = status;
    const events = [this.event("charge.dispute.closed", dispute)];
    if (status === "won") events.push(this.event("charge.dispute.funds_reinstated", dispute));
    return events;
  }

  endSubscription(subscriptionId: string): FakeEvent[] {
    const subscription = this.objects.get(subscriptionId)!;
    Object.assign(subscription, { status: "canceled", ended_at: this.now });
    return [this.event("customer.subscription.deleted", subscription)];
  }
}
