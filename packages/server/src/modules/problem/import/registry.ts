/**
 * The formats the batch import reads, in detection order (the first whose `detect` says yes takes a
 * file sent with `format=auto`). `GET /api/file/import-formats` and the admin batch page list them
 * from here; a new format is one importer module and one line below.
 */
import type { ImportFormatInfo } from '@oj/shared';
import { fpsImporter } from '../admin-fps.js';
import { hydroImporter } from '../admin-hydro.js';
import { hojImporter } from '../admin-import.js';
import { kattisImporter, polygonImporter } from '../packages/importers.js';
import { qduojImporter } from '../admin-qduoj.js';
import type { ProblemImporter } from './types.js';

// Kattis before Hydro: both keep a problem.yaml per folder, and Kattis is recognised by its data/ folder.
export const IMPORTERS: readonly ProblemImporter[] = [fpsImporter, hojImporter, qduojImporter, polygonImporter, kattisImporter, hydroImporter];

export const importerOf = (format: string) => IMPORTERS.find((i) => i.format === format);

export const importFormats = (): ImportFormatInfo[] => IMPORTERS.map((i) => ({ format: i.format, accept: i.accept }));
