import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  to: string[];
  raw: string;
  at: number;
}

/**
 * A real SMTP server on loopback that keeps what it receives, plus a small HTTP endpoint so test
 * workers (other processes) can read the messages.
 */
export async function startMailSink() {
  const messages: SinkMessage[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(messages.filter((m) => !to || m.to.includes(to))));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', () => resolve()));
  const httpPort = (api.address() as AddressInfo).port;

  return {
    smtpPort,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    async close() {
      await new Promise<void>((r) => smtp.close(() => r()));
      api.closeAllConnections();
      await new Promise<void>((r) => api.close(() => r()));
    },
  };
}
