/**
 * FPS import at scale: one FPS XML file of 5 000 problems, each with a few KB of test data
 * (and a sample, a template and a character reference in the title), uploaded to the real API server
 * (child process) through `POST /api/file/import-problems`; reports the upload size, the wall time
 * until the last NDJSON line, problems per second, the server's resident memory before, its peak
 * during the import (VmHWM, reset before the upload where the kernel allows it, else sampled VmRSS)
 * and the CPU time of the server + PostgreSQL.
 *
 *   npx tsx bench/fps-import.ts [PROBLEMS = 5000] [TEST KB = 4]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { BENCH_ROOT_PASSWORD, login, runBench, type BenchServer } from './lib/server-load.js';

const N = Number(process.argv[2] ?? 5000);
const TEST_KB = Number(process.argv[3] ?? 4);

/** Writes the file item by item (the bench itself must not hold it either). */
async function writeFps(file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.4" url="https://github.com/zhblue/freeproblemset/">\n<generator name="bench"/>\n');
  const lines = Math.max(1, Math.floor((TEST_KB * 1024) / 24));
  for (let i = 0; i < N; i++) {
    const rnd = crypto.randomBytes(lines * 8);
    let input = '';
    let output = '';
    for (let l = 0; l < lines; l++) {
      const a = rnd.readUInt32LE(l * 8) % 1_000_000_000;
      const b = rnd.readUInt32LE(l * 8 + 4) % 1_000_000_000;
      input += `${a} ${b}\n`;
      output += `${a + b}\n`;
    }
    await write(`<item>
<title><![CDATA[Bench ${i} &#26641;]]></title>
<time_limit unit="s"><![CDATA[1]]></time_limit>
<memory_limit unit="mb"><![CDATA[128]]></memory_limit>
<description><![CDATA[<p>Add the pairs, problem ${i}.</p>]]></description>
<input><![CDATA[Pairs of integers.]]></input>
<output><![CDATA[Their sums.]]></output>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
<test_input><![CDATA[${input}]]></test_input>
<test_output><![CDATA[${output}]]></test_output>
<template language="C"><![CDATA[int main(void) { return 0; }]]></template>
</item>
`);
  }
  await write('</fps>\n');
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return fs.statSync(file).size;
}

const statusKb = (pid: number, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Streams the file as multipart and reads the NDJSON answer; returns the last line. */
function upload(server: BenchServer, token: string, file: string): Promise<{ last: Record<string, unknown>; items: number }> {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xml"\r\nContent-Type: text/xml\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/file/import-problems?format=fps',
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
      },
      (res) => {
        let rest = '';
        let last: Record<string, unknown> = {};
        let items = 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          rest += chunk;
          const lines = rest.split('\n');
          rest = lines.pop()!;
          for (const l of lines) {
            if (!l.trim()) continue;
            last = JSON.parse(l) as Record<string, unknown>;
            if (last.type === 'item') items++;
          }
        });
        res.on('end', () => (res.statusCode === 200 ? resolve({ last, items }) : reject(new Error(`HTTP ${res.statusCode}: ${rest}`))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    const body = fs.createReadStream(file);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

runBench({
  scriptUrl: import.meta.url,
  prefix: 'oj-bench-fps-',
  header: () => `FPS import bench: ${N} problems, ~${TEST_KB} KB of input per problem`,
  async prepare(site) {
    const file = path.join(site.dataDir, 'bench.xml');
    const started = Date.now();
    const size = await writeFps(file);
    console.log(`  generated ${(size / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { file, size };
  },
  async measure(server, _site, { file, size }) {
    const token = await login(server, '/api/login', 'root', BENCH_ROOT_PASSWORD);
    const rssBefore = statusKb(server.pid, 'VmRSS');
    // Reset the peak (VmHWM) so it covers the import only (writing 5 to clear_refs; Linux ≥ 4.0).
    let hwmReset = true;
    try {
      fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    } catch {
      hwmReset = false;
    }
    let sampledPeak = rssBefore;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, statusKb(server.pid, 'VmRSS'));
    }, 50);
    const cpu0 = server.cpuNow();
    const t0 = Date.now();
    let result: Awaited<ReturnType<typeof upload>>;
    try {
      result = await upload(server, token, file);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - t0) / 1000;
    const cpu = (server.cpuNow() - cpu0) / 1000;
    const peak = hwmReset ? Math.max(statusKb(server.pid, 'VmHWM'), sampledPeak) : sampledPeak;
    console.log(`  last line: ${JSON.stringify(result.last)} (${result.items} item lines)`);
    console.log(`  file: ${(size / 1024 / 1024).toFixed(1)} MB, ${N} problems`);
    console.log(`  wall time: ${seconds.toFixed(1)} s (${(N / seconds).toFixed(0)} problems/s); CPU server + PostgreSQL: ${cpu.toFixed(1)} s`);
    console.log(
      `  server RSS: ${(rssBefore / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB during (+${((peak - rssBefore) / 1024).toFixed(0)} MB)${hwmReset ? '' : ' (sampled)'}`,
    );
    if (result.last.type !== 'done' || result.last.imported !== N) throw new Error('not every problem was imported');
  },
});
