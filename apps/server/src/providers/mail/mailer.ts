import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { Clock } from '../../lib/clock.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (SMTP). The outbox keeps their names and sizes, not their bytes. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Records the message in the outbox and hands it to the transport. Never throws for delivery problems. */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  transport: 'log' | 'smtp';
  smtpUrl?: string;
  from: string;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  clock: Clock;
}

/**
 * Every message lands in the `mail_outbox` table first. With the `log` transport (the default)
 * that row and a log line are the delivery, which lets a new install and the tests read codes
 * without a mail server. With `smtp` the message is sent in the background and the row records
 * the outcome, so a slow mail server never slows a request or reveals which accounts exist.
 */
export function createMailer(options: MailerOptions): Mailer {
  const smtp: Transporter | null =
    options.transport === 'smtp' && options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  return {
    async send(message) {
      const id = newId();
      const now = options.clock.now().toISOString();
      await options.db
        .insertInto('mail_outbox')
        .values({
          id,
          to_address: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          status: smtp ? 'queued' : 'sent',
          transport: options.transport,
          error: null,
          created_at: now,
          sent_at: smtp ? null : now,
          attachments: message.attachments?.length
            ? JSON.stringify(
                message.attachments.map((a) => ({
                  filename: a.filename,
                  content_type: a.contentType,
                  bytes: a.content.length,
                })),
              )
            : null,
        })
        .execute();
      if (!smtp) {
        options.log.info(
          {
            mail: { id, to: message.to, subject: message.subject },
            text: message.text,
            ...(message.attachments?.length
              ? { attachments: message.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`) }
              : {}),
          },
          'mail (log transport)',
        );
        return;
      }
      void smtp
        .sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.content,
                  contentType: a.contentType,
                })),
              }
            : {}),
        })
        .then(() =>
          options.db
            .updateTable('mail_outbox')
            .set({ status: 'sent', sent_at: options.clock.now().toISOString() })
            .where('id', '=', id)
            .execute(),
        )
        .catch(async (error: unknown) => {
          options.log.error({ err: error, mailId: id }, 'mail delivery failed');
          await options.db
            .updateTable('mail_outbox')
            .set({ status: 'failed', error: String(error) })
            .where('id', '=', id)
            .execute()
            .catch(() => undefined);
        });
    },
  };
}
