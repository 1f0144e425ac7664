import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP sink received it, with its text and HTML parts decoded. */
export interface SinkMail {
  from: string;
  to: string[];
  /** Who authenticated, when the client logged in. */
  user: string | null;
  raw: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  port: number;
  mails: SinkMail[];
  /** Makes the next `n` deliveries fail with a 5xx answer. */
  failNext(n?: number): void;
  /** The newest mail to `to` (waits briefly for it to arrive). */
  lastTo(to: string, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** Leaf parts of a MIME message as [content type, decoded text]. */
export function mimeParts(raw: string): [string, string][] {
  const { headers, body } = splitHead(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => mimeParts(p.replace(/^\r?\n/, '')));
  }
  const enc = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : enc === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return [[type.split(';')[0]!.toLowerCase(), text]];
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as a subject in Chinese arrives. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([\w-]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

export function parseMail(raw: string): Pick<SinkMail, 'subject' | 'text' | 'html'> {
  const parts = mimeParts(raw);
  return {
    subject: decodeWords(splitHead(raw).headers.subject ?? ''),
    text: parts.find(([t]) => t === 'text/plain')?.[1] ?? '',
    html: parts.find(([t]) => t === 'text/html')?.[1] ?? '',
  };
}

/**
 * A real SMTP server on loopback (no TLS, no STARTTLS) that keeps every message. With `users`, AUTH is
 * checked against them; without, any client may send.
 */
export async function startSmtpSink(users?: Record<string, string>): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !users,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (users && users[auth.username ?? ''] === auth.password) return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          return cb(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: (session.user as string | undefined) ?? null,
          raw,
          ...parseMail(raw),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as import('node:net').AddressInfo).port;
  return {
    port,
    mails,
    failNext(n = 1) {
      failures = n;
    },
    async lastTo(to, timeoutMs = 3000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const m = [...mails].reverse().find((x) => x.to.some((a) => a.toLowerCase() === to.toLowerCase()));
        if (m) return m;
        if (Date.now() > end) throw new Error(`no mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
