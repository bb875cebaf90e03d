import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTransfer {
  reference: string;
  amount: number;
  currency: string;
  recipient: string;
  status: string;
  reason?: string;
}

/**
 * A local stand-in for Paystack's API on 127.0.0.1, started by the tests (decision 0029). It
 * answers the calls the adapter makes, keeps what it was sent, and has switches for the ways
 * the real one misbehaves: slow answers, 5xx, no answer at all, a reference already used.
 */
export class FakePaystack {
  readonly calls: Array<{ method: string; path: string; body: any; auth: string | undefined }> = [];
  readonly transfers = new Map<string, FakeTransfer>();
  /** Successful charges GET /transaction lists (newest first), as a webhook's `data` carries them. */
  readonly charges: Array<{ paid_at: string; [key: string]: unknown }> = [];
  /** Milliseconds to wait before answering. */
  delayMs = 0;
  /** Answer this many next calls (matching `failPath`) with a 500. */
  fail5xx = 0;
  failPath: RegExp = /./;
  /** Never answer calls whose path matches (the client times out); the transfer is still made. */
  hangPath: RegExp | null = null;
  /** The status new transfers get. */
  transferStatus = 'success';
  /** Answer POST /transfer with "reference already used" (the transfer exists from before). */
  duplicateReference = false;
  private accountsMade = 0;
  private server!: Server;
  private hanging: ServerResponse[] = [];
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  transferCalls(): number {
    return this.calls.filter((c) => c.method === 'POST' && c.path === '/transfer').length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    const body = text ? JSON.parse(text) : null;
    this.calls.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      body,
      auth: req.headers.authorization,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.fail5xx > 0 && this.failPath.test(url.pathname)) {
      this.fail5xx -= 1;
      if (url.pathname === '/transfer' && body?.reference) this.record(body);
      return send(502, { status: false, message: 'Bad gateway' });
    }
    if (this.hangPath?.test(url.pathname)) {
      if (url.pathname === '/transfer' && body?.reference) this.record(body);
      this.hanging.push(res);
      return;
    }
    if (req.headers.authorization !== 'Bearer sk_test_fake')
      return send(401, { status: false, message: 'Invalid key' });
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /bank') {
      return send(200, {
        status: true,
        data: [
          { name: 'Guaranty Trust Bank', code: '058', active: true },
          { name: 'Zenith Bank', code: '057', active: true },
          { name: 'Closed Bank', code: '999', active: false },
        ],
      });
    }
    if (route === 'GET /bank/resolve') {
      const n = url.searchParams.get('account_number');
      if (n === '0000000009') return send(422, { status: false, message: 'Could not resolve account name' });
      return send(200, {
        status: true,
        data: { account_number: n, account_name: 'FOLAKE ADEYEMI', bank_id: 9 },
      });
    }
    if (route === 'POST /customer') {
      return send(200, {
        status: true,
        data: { customer_code: `CUS_${body.metadata.wallet_id.slice(-8)}`, email: body.email },
      });
    }
    if (route === 'POST /dedicated_account') {
      return send(200, {
        status: true,
        data: {
          bank: { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
          account_name: 'PAYSTACK/TILLBOOK',
          // One number per account made, however often a test empties `calls`.
          account_number: `7${String(++this.accountsMade).padStart(9, '0')}`,
          customer: { customer_code: body.customer },
        },
      });
    }
    if (route === 'POST /transferrecipient') {
      return send(201, { status: true, data: { recipient_code: `RCP_${body.account_number}` } });
    }
    if (route === 'POST /transfer') {
      if (this.duplicateReference || this.transfers.has(body.reference)) {
        return send(400, { status: false, message: 'Duplicate Transaction Reference' });
      }
      const t = this.record(body);
      return send(200, {
        status: true,
        data: { reference: t.reference, status: t.status, amount: t.amount },
      });
    }
    if (route === 'GET /transaction') {
      const from = url.searchParams.get('from') ?? '';
      const perPage = Number(url.searchParams.get('perPage') ?? 50);
      const page = Number(url.searchParams.get('page') ?? 1);
      const listed = this.charges
        .filter((c) => c.paid_at >= from)
        .sort((a, b) => (a.paid_at < b.paid_at ? 1 : -1))
        .slice((page - 1) * perPage, page * perPage);
      return send(200, { status: true, data: listed, meta: { perPage, page } });
    }
    if (req.method === 'GET' && url.pathname.startsWith('/transfer/verify/')) {
      const t = this.transfers.get(decodeURIComponent(url.pathname.slice('/transfer/verify/'.length)));
      if (!t) return send(404, { status: false, message: 'Transfer not found' });
      return send(200, {
        status: true,
        data: { reference: t.reference, status: t.status, amount: t.amount, reason: t.reason },
      });
    }
    send(404, { status: false, message: `No route ${route}` });
  }

  private record(body: any): FakeTransfer {
    const t: FakeTransfer = {
      reference: body.reference,
      amount: body.amount,
      currency: body.currency,
      recipient: body.recipient,
      status: this.transferStatus,
    };
    this.transfers.set(t.reference, t);
    return t;
  }
}
