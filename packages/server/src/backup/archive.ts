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
  const extract = tar.extract();
  let layerError: unknown = null;
  const piping = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract).catch((err) => {
    layerError ??= err;
  });
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
    extract.destroy();
    await piping;
    // A failing entry stream comes from the layers below: report what they said.
    if (err instanceof DamagedArchive || layerError || isLayerError(err)) throw damaged(layerError ?? err);
    throw err;
  }
  await piping;
  if (layerError) throw damaged(layerError);
}

function isLayerError(err: unknown) {
  const code = (err as { code?: string })?.code ?? '';
  return code.startsWith('Z_') || /unexpected end|invalid tar|size mismatch/i.test(String((err as Error)?.message));
}

function damaged(err: unknown) {
  if (err instanceof DamagedArchive) return err;
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
