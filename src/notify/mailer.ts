// Outgoing mail: nodemailer over SMTP_URL when it is set; otherwise the message is kept in the
// outbox table, so a self-hosted install without SMTP still shows what it would have sent.
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Store } from '../store/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where the message went. Throws when the SMTP server refuses (the job loop retries). */
  send(mail: OutgoingMail, now: Date): Promise<'smtp' | 'outbox'>;
}

export function createMailer(opts: { smtpUrl: string | null; from: string; store: Store }): Mailer {
  let transport: Transporter | null = null;
  return {
    async send(mail, now) {
      if (!opts.smtpUrl) {
        await opts.store.mailOutbox.add({ id: randomUUID(), to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html }, now);
        return 'outbox';
      }
      transport ??= nodemailer.createTransport(opts.smtpUrl);
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      return 'smtp';
    },
  };
}
