import { type Db, type Executor, queryRows, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

const MAX_ATTEMPTS = 5;

/**
 * Mail goes through the outbox table: written in the caller's transaction, then sent by `flush()`
 * through SMTP when SMTP_URL is set, otherwise logged and marked `logged`.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: { smtpUrl?: string; from: string },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl, { from: options.from }) : null;
  }

  async queue(db: Executor, message: MailMessage): Promise<void> {
    await db.insert(schema.mailOutbox).values({ toAddress: message.to, subject: message.subject, body: message.body });
  }

  /** Sends pending mail in the background every few seconds. */
  start(everyMs = 3000): void {
    this.timer ??= setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing;
  }

  flush(): Promise<void> {
    this.flushing ??= this.sendPending().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendPending(): Promise<void> {
    const pending = await queryRows<{ id: number; to_address: string; subject: string; body: string }>(
      this.db,
      sql`UPDATE mail_outbox SET attempts = attempts + 1 WHERE id IN (
            SELECT id FROM mail_outbox WHERE status = 'pending' AND attempts < ${MAX_ATTEMPTS}
            ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING id, to_address, subject, body`,
    );
    for (const mail of pending) {
      try {
        if (this.transport) {
          await this.transport.sendMail({ to: mail.to_address, subject: mail.subject, text: mail.body });
        } else {
          this.log.info(
            { mail: { to: mail.to_address, subject: mail.subject, body: mail.body } },
            'mail (no SMTP_URL)',
          );
        }
        await this.db
          .update(schema.mailOutbox)
          .set({ status: this.transport ? 'sent' : 'logged', sentAt: new Date() })
          .where(eq(schema.mailOutbox.id, Number(mail.id)));
      } catch (error) {
        this.log.warn({ err: error, mailId: mail.id }, 'mail send failed');
        await this.db
          .update(schema.mailOutbox)
          .set({
            lastError: String(error),
            status: sql`CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END`,
          })
          .where(eq(schema.mailOutbox.id, Number(mail.id)));
      }
    }
  }
}
