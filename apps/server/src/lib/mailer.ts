import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to
 * DATA_DIR/outbox and logs its path, so a person running `npm start` can open the links.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
  };
}

/**
 * Mail to the reserved `.invalid` domain (RFC 6761), which no mail reaches, is dropped before any
 * transport: people of other servers are members here under such addresses (ADR 53), and a
 * password-reset link made for one must not sit in the outbox or an SMTP queue.
 */
export function withoutUndeliverable(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      if (/\.invalid$/i.test(mail.to.trim().replace(/>$/, ''))) return;
      await mailer.send(mail);
    },
  };
}
