import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { UiLanguage } from '@oj/shared';
import type { AppContext } from '../context.js';
import { fail } from './errors.js';
import { getSetting, type SmtpConfig } from './site-config.js';

/** What a mail says; the layout (HTML and plain text) is the same for every mail of the site. */
export interface MailContent {
  to: string;
  /** The language it is written in (the HTML says so, for screen readers and translators). */
  lang: UiLanguage;
  subject: string;
  /** Heading inside the mail. */
  title: string;
  paragraphs: string[];
  /** A code to copy, shown large. */
  code?: string;
  /** A button, with the address also written out for plain-text readers. */
  link?: { href: string; label: string };
  /** Small print under the body. */
  footnote?: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderMail(siteName: string, m: MailContent): { html: string; text: string } {
  const text = [
    m.title,
    '',
    ...m.paragraphs.flatMap((p) => [p, '']),
    ...(m.code ? [`    ${m.code}`, ''] : []),
    ...(m.link ? [`${m.link.label}: ${m.link.href}`, ''] : []),
    ...(m.footnote ? [m.footnote, ''] : []),
    `— ${siteName}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${m.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(m.subject)}</title></head>
<body style="margin:0;padding:0;background:#f2f4f7;font-family:-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#1f2329">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#1677ff;color:#ffffff;padding:18px 28px;font-size:18px;font-weight:600">${esc(siteName)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px">${esc(m.title)}</h1>
${m.paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.6">${esc(p)}</p>`).join('\n')}
${m.code ? `<p style="margin:20px 0;text-align:center"><span style="display:inline-block;padding:12px 24px;background:#f0f5ff;border:1px solid #adc6ff;border-radius:6px;font-size:28px;letter-spacing:6px;font-family:Menlo,Consolas,monospace">${esc(m.code)}</span></p>` : ''}
${
  m.link
    ? `<p style="margin:24px 0;text-align:center"><a href="${esc(m.link.href)}" style="display:inline-block;padding:10px 22px;background:#1677ff;color:#ffffff;text-decoration:none;border-radius:6px">${esc(m.link.label)}</a></p>
<p style="margin:0 0 14px;font-size:12px;color:#646a73;word-break:break-all">${esc(m.link.href)}</p>`
    : ''
}
${m.footnote ? `<p style="margin:18px 0 0;font-size:12px;color:#646a73">${esc(m.footnote)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { html, text };
}

function transportFor(smtp: SmtpConfig) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
    // A user is waiting on the HTTP call: give up long before the client's 90 s timeout.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * Sends one mail with the site's SMTP settings; without an SMTP host the mail is written to
 * DATA_DIR/mail/<time>-<to>.eml instead, so a local site works without a mail server.
 * Any failure becomes MSG.emailSendFailed (the cause goes to the log, not to the user).
 */
export async function sendMail(ctx: AppContext, mail: MailContent, log: FastifyBaseLogger): Promise<void> {
  const { db } = ctx.database;
  const [smtp, website] = await Promise.all([getSetting(db, 'smtp'), getSetting(db, 'website')]);
  const { html, text } = renderMail(website.name, mail);
  const message = {
    from: { name: website.name, address: smtp.from || (smtp.username.includes('@') ? smtp.username : 'no-reply@localhost') },
    to: mail.to,
    subject: mail.subject,
    text,
    html,
  };
  try {
    if (!smtp.host) {
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail(message);
      const dir = path.join(ctx.config.dataDir, 'mail');
      await fs.promises.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
      let file = path.join(dir, `${stamp}-${safeTo}.eml`);
      try {
        await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // Two mails to one address in the same millisecond.
        file = path.join(dir, `${stamp}-${safeTo}-${crypto.randomBytes(3).toString('hex')}.eml`);
        await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      }
      log.info(`No SMTP server configured: mail "${mail.subject}" to ${mail.to} written to ${file}`);
      return;
    }
    const transport = transportFor(smtp);
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
  } catch (err) {
    log.warn({ err }, `Sending mail "${mail.subject}" to ${mail.to} failed`);
    throw fail('emailSendFailed');
  }
}
