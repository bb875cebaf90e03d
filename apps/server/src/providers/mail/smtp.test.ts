import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMerchant, uniqueEmail, type Merchant } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

interface Received {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

/** A real SMTP server on a free local port that keeps every message it is given. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback, no login: what a local relay (Postfix, Mailpit) offers.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  [a ?? []].flat().flatMap((o) => o.value.map((v) => v.address));

let smtp: SmtpServer;
let t: TestApp;
let owner: Merchant;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Tillbook <no-reply@tillbook.test>',
  });
  owner = await createMerchant(t, { business_name: 'Ìyá Bísí Stores' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The one message the SMTP server received for `to` with this subject, once it has arrived. */
async function arrived(to: string, subject: string): Promise<Received> {
  return vi.waitFor(
    () => {
      const found = smtp.received.filter((r) => r.envelope.to.includes(to) && r.mail.subject === subject);
      if (found.length !== 1) throw new Error(`${found.length} messages "${subject}" to ${to}`);
      return found[0]!;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** The outbox row of the newest mail to `to`, once the transport has reported on it. */
async function outboxRow(to: string) {
  return vi.waitFor(
    async () => {
      const row = await t.db
        .selectFrom('mail_outbox')
        .select(['status', 'transport', 'error', 'sent_at'])
        .where('to_address', '=', to)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      if (row.status === 'queued') throw new Error('still queued');
      return row;
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('mail through the SMTP transport', () => {
  it('delivers an invitation whose link opens the invitation', async () => {
    const roles = await t.call('GET', '/roles', { token: owner.token });
    const cashier = roles.body.data.find((r: { key: string }) => r.key === 'cashier');
    const email = uniqueEmail('invitee');
    const added = await t.call('POST', '/members/add-member', {
      token: owner.token,
      body: { email, role_id: cashier.id },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const { envelope, mail } = await arrived(email, 'You are invited to join a team on Tillbook');
    expect(envelope).toEqual({ from: 'no-reply@tillbook.test', to: [email] });
    expect(addresses(mail.to)).toEqual([email]);
    expect(mail.from?.value).toEqual([{ name: 'Tillbook', address: 'no-reply@tillbook.test' }]);
    expect(mail.text).toContain(
      '“Chioma Obi” invited you to join the store “Ìyá Bísí Stores” on Tillbook with the role “Cashier”.',
    );
    const link = /^http:\/\/tillbook\.test\/auth\/accept-invite\?token=([A-Za-z0-9_-]{20,})$/m.exec(
      mail.text ?? '',
    );
    expect(link, mail.text).not.toBeNull();
    // The delivered link is the real one: its token opens this store's invitation.
    const invitation = await t.call('GET', `/members/invitation/${link![1]}`);
    expect(invitation.status).toBe(200);
    expect(invitation.body.data).toMatchObject({ email, business_name: 'Ìyá Bísí Stores', role: 'Cashier' });

    expect(await outboxRow(email)).toMatchObject({ status: 'sent', transport: 'smtp', error: null });
  });

  it('delivers a password reset code that resets the password', async () => {
    const asked = await t.call('PATCH', '/user/forgot-password', { body: { email: owner.email } });
    expect(asked.status).toBe(200);

    const { envelope, mail } = await arrived(owner.email, 'Your Tillbook password reset code');
    expect(envelope.to).toEqual([owner.email]);
    expect(addresses(mail.to)).toEqual([owner.email]);
    const code = /Your password reset code is (\d{6})\. It expires in \d+ minutes\./.exec(mail.text ?? '');
    expect(code, mail.text).not.toBeNull();
    expect(mail.text).toMatch(/^Hello Chioma,/);

    const verified = await t.call('POST', '/user/verify-otp', {
      body: { email: owner.email, code: code![1] },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data.reset_id).toEqual(expect.any(String));
    expect(await outboxRow(owner.email)).toMatchObject({ status: 'sent', transport: 'smtp', error: null });
  });
});
