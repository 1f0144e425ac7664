/**
 * Reading an archive entry by entry. Every failure of the gzip or tar layer (a flipped byte, a cut-off
 * file) becomes one DamagedArchive error, so the commands can say plainly that nothing was changed.
 */
import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import tar from 'tar-stream';

export class DamagedArchive extends Error {}

export interface EntryInfo {
  name: string;
  size: number;
  mode: number;
}

/**
 * Calls `onEntry` for each regular entry of the archive, in order, with a stream of its content that
 * it must consume. Errors of the archive layer are raised as DamagedArchive; those of `onEntry` as they are.
 */
export async function readArchive(file: string, onEntry: (entry: EntryInfo, content: Readable) => Promise<void>) {
  const source = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  const extract = tar.extract();
  // What the layers below said, noted as it happens: an entry's stream then fails too, and so does
  // `onEntry` with it, but the cause is the archive. Errors after we stop reading are our own doing.
  let layerError: unknown = null;
  let stopped = false;
  for (const s of [source, gunzip, extract] as NodeJS.EventEmitter[]) {
    s.on('error', (err: unknown) => {
      if (!stopped) layerError ??= err;
    });
  }
  const piping = pipeline(source, gunzip, extract as unknown as NodeJS.WritableStream).catch(() => {});
  try {
    for await (const entry of extract) {
      const h = entry.header;
      if (h.type !== 'file') {
        entry.resume();
        continue;
      }
      // streamx streams, which node's stream functions accept as they do their own.
      await onEntry({ name: h.name, size: h.size ?? 0, mode: h.mode ?? 0o644 }, entry as unknown as Readable);
    }
  } catch (err) {
    stopped = true;
    extract.destroy();
    await piping;
    throw layerError ? damaged(layerError) : err;
  }
  await piping;
  if (layerError) throw damaged(layerError);
}

function damaged(err: unknown) {
  const code = (err as { code?: string })?.code;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return err as Error;
  return new DamagedArchive(`it cannot be read (${(err as Error)?.message ?? err})`);
}

/** A pass-through that hashes and counts what flows through it. */
export function hashing(onBytes: (n: number) => void = () => {}) {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}
