/**
 * Live streams on one API node: N connected Server-Sent Events clients, the node's memory per
 * connection, and the time one event takes to reach all of them, against the same event reaching one
 * client in the same run.
 *
 *   npx tsx bench/push-connections.ts [CLIENTS = 2000] [ROUNDS = 5]
 *
 * How: the real API server in a child process (lib/server-load.ts), a public problem with one pending
 * submission; each client asks a ticket for that submission (POST live/ticket, as a visitor of
 * /status does) and opens GET live/stream, from an address of its own (X-Forwarded-For behind the
 * trusted loopback proxy, as the per-address bound applies). Memory: the server's resident set before
 * the first stream and once all N said `ready`, divided by N. Fan-out: this process sends the
 * submission's NOTIFY (as the judge's result path does) and times until the last client has the event;
 * the median of ROUNDS. The baseline is one more client watching another submission, alone.
 */
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { connect } from '../packages/server/src/db/client.js';
import { median, runBench, type BenchServer } from './lib/server-load.js';

const CLIENTS = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 5);

interface Filled {
  /** watched by the N clients */
  crowd: number;
  /** watched by the one baseline client */
  alone: number;
}

async function fill(url: string): Promise<Filled> {
  const database = connect(url, 1);
  try {
    const q = (text: string, values?: unknown[]) => database.pool.query(text, values);
    const { rows } = await q(
      `insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples, hint, source, gmt_create, gmt_modified)
       values ('PUSH1', 'Push A + B', 'root', 0, 1, 1, 'Add.', 'In.', 'Out.', '[]'::jsonb, '', 'bench', now(), now()) returning id`,
    );
    const pid = (rows[0] as { id: number }).id;
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await q(
        `insert into judge (pid, display_pid, uid, username, language, code, length, status, cid)
         select $1, 'PUSH1', uid, username, 'C++', 'int main(){}', 12, 5, 0 from user_info where username = 'root' returning submit_id`,
        [pid],
      );
      ids.push((r.rows[0] as { submit_id: number }).submit_id);
    }
    return { crowd: ids[0]!, alone: ids[1]! };
  } finally {
    await database.close();
  }
}

/** The server's resident set, kB. */
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

interface Client {
  /** resolves at the next event of `type` */
  next(type: string): Promise<void>;
  close(): void;
}

/** One stream as a browser opens it: a ticket, then the stream, from address `ip`. */
async function openClient(server: BenchServer, ip: string, submitId: number): Promise<Client> {
  const headers = { 'x-forwarded-for': ip };
  const ticket = await ticketFor(server, ip, submitId);
  const waiting = new Map<string, (() => void)[]>();
  let buf = '';
  const req = http.get({ host: '127.0.0.1', port: server.port, path: `/api/live/stream?ticket=${encodeURIComponent(ticket)}`, headers, agent: false });
  const ready = new Promise<void>((resolve, reject) => {
    waiting.set('ready', [resolve]);
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream refused: ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (!block.startsWith('data: ')) continue;
          const type = (JSON.parse(block.slice(6)) as { type: string }).type;
          for (const w of waiting.get(type)?.splice(0) ?? []) w();
        }
      });
    });
  });
  await ready;
  return {
    next: (type) =>
      new Promise<void>((resolve) => {
        const list = waiting.get(type) ?? [];
        list.push(resolve);
        waiting.set(type, list);
      }),
    close: () => req.destroy(),
  };
}

/** A visitor's ticket for one submission (read whole: lib's `request` keeps only the answer's head). */
function ticketFor(server: BenchServer, ip: string, submitId: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ submissions: [{ ids: [submitId] }] });
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/live/ticket',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': ip },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve((JSON.parse(text) as { data: { ticket: string } }).data.ticket));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;

/** Sends the submission's notice as the judge's result path does; ms until every client has the event. */
async function fanOut(db: pg.Client, submitId: number, clients: Client[]): Promise<number> {
  const all = Promise.all(clients.map((c) => c.next('submission')));
  const t0 = process.hrtime.bigint();
  await db.query(
    `select pg_notify('oj_live', json_build_object('t','s','id',submit_id,'st',status,'c',cid,'u',uid,'at',(extract(epoch from submit_time)*1000)::bigint)::text)
     from judge where submit_id = $1`,
    [submitId],
  );
  await all;
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

runBench<Filled>({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-push-',
  header: () => `push-connections: ${CLIENTS} SSE clients on one API node, ${ROUNDS} rounds`,
  prepare: (site) => fill(site.url),
  async measure(server, site, filled) {
    const db = new pg.Client({ connectionString: site.url });
    await db.connect();
    try {
      // Warm-up: the routes, the ticket sealing and the LISTEN connection, before the baseline memory.
      const alone = await openClient(server, ipOf(0), filled.alone);
      const base1 = [];
      for (let r = 0; r < ROUNDS; r++) base1.push(await fanOut(db, filled.alone, [alone]));
      const before = rssKb(server.pid);
      const clients: Client[] = [];
      const t0 = Date.now();
      // A few at a time, as browsers arrive: the tickets are one query each.
      for (let i = 0; i < CLIENTS; i += 50) {
        const batch = await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, k) => openClient(server, ipOf(i + k + 1), filled.crowd)));
        clients.push(...batch);
      }
      const openSec = (Date.now() - t0) / 1000;
      // Let the allocations of the opening settle before reading the resident set.
      await new Promise((r) => setTimeout(r, 2000));
      const after = rssKb(server.pid);
      const crowd = [];
      for (let r = 0; r < ROUNDS; r++) crowd.push(await fanOut(db, filled.crowd, clients));
      const perConn = ((after - before) * 1024) / CLIENTS;
      const fan1 = median(base1);
      const fanN = median(crowd);
      console.log(`opened ${CLIENTS} streams in ${openSec.toFixed(1)} s`);
      console.log(`server RSS: ${(before / 1024).toFixed(1)} MB before, ${(after / 1024).toFixed(1)} MB with ${CLIENTS} streams`);
      console.log(`memory per connection: ${(perConn / 1024).toFixed(1)} kB (RSS delta / ${CLIENTS})`);
      console.log(
        `fan-out of one event: 1 client ${fan1.toFixed(2)} ms, ${CLIENTS} clients ${fanN.toFixed(2)} ms (median of ${ROUNDS}); ratio ${(fanN / fan1).toFixed(1)}×`,
      );
      for (const c of [alone, ...clients]) c.close();
    } finally {
      await db.end();
    }
  },
});
