/**
 * The contract between the batch import (run.ts) and the per-format importers: an importer recognises
 * its files (`detect`) and turns one into problems one at a time (`parse`), each either a problem to
 * create or a refusal with its reason. The runner creates each problem in its own transaction and
 * reports on each, so a file of many problems is never all or nothing.
 */
import type { AppContext } from '../../../context.js';
import type { AuthUser } from '../../../lib/auth.js';
import type { ProblemToCreate } from '../admin-store.js';

/** What detection may look at: the name, the first bytes, and for a zip the names of its files. */
export interface DetectInput {
  filename: string;
  /** the file's first 4 KB */
  head: Buffer;
  /** a zip's file names (folders and archiver junk left out); undefined when the file is no zip */
  zipNames?: string[];
}

export interface ImportInput {
  ctx: AppContext;
  user: AuthUser;
  /** the uploaded file, on disk */
  file: string;
  filename: string;
  /** a zip's files, unpacked under `root` (safe paths, checked sizes); undefined for other files */
  zip?: { root: string; names: Set<string> };
  /** a private scratch folder, removed after the import */
  dir: string;
}

interface ItemBase {
  /** where in the file, e.g. `item 3 (A+B)` or `problem_12.json`; shown in the report */
  source: string;
  /** 0…1: how much of the file has been read, when the format can tell */
  progress?: number;
}

export type ImportItem =
  | (ItemBase & {
      kind: 'problem';
      problem: ProblemToCreate;
      /** what was imported differently from the file (unpaired tests, a dropped field…) */
      warnings: string[];
      /** the display id becomes `<prefix><row id>` (formats without display ids of their own) */
      autoIdPrefix?: string;
    })
  | (ItemBase & { kind: 'refused'; title?: string; reason: string });

export interface ProblemImporter {
  /** short name used by the API and the page: `fps`, `hoj`, `qduoj`, `hydro`, … */
  format: string;
  /** file name endings it comes in (`.zip`, `.xml`) */
  accept: string[];
  /** whether the file must be a zip (the runner unpacks it before `parse`) */
  zip: boolean;
  /**
   * whether the format's zips may hold symbolic links (Kattis packages do): they are never unpacked,
   * the importer reads and resolves them itself inside the package; for other formats a link is refused
   */
  links?: boolean;
  /** largest upload accepted, in bytes */
  maxBytes: number;
  /** true when the file looks like this format (for `format=auto`) */
  detect(input: DetectInput): boolean;
  /**
   * The file's problems, in order. An ApiError thrown by the iterator (the file as a whole is
   * unreadable from there on) ends the import with that message; items already yielded stay imported.
   */
  parse(input: ImportInput): AsyncIterable<ImportItem>;
}
