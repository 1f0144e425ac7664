import { fileEndpoints, type ApiResponse, type ImportEvent, type ImportVisibility } from '@oj/shared';
import { feedback } from '../app/feedback';
import { i18n, translateMsg } from '../app/i18n';
import { session } from '../app/session';
import { ApiError } from './client';
import { request } from './endpoint';

export interface ImportProgress {
  /** `upload` while the file is sent (0…1 of its bytes), `import` while the server works through it */
  phase: 'upload' | 'import';
  fraction?: number;
}

export const importFormatsApi = () => request(fileEndpoints.importFormats, {});

/**
 * `POST /api/file/import-problems`: sends the file with XMLHttpRequest (fetch cannot report upload
 * progress) and reads the answer's NDJSON lines as they arrive (`onprogress` sees the text so far),
 * handing each event to `onEvent`. Resolves when the answer ends; a refusal of the whole file (an
 * envelope instead of the stream) is shown as one toast and rejects.
 */
export function importProblems(
  file: File,
  format: string,
  visibility: ImportVisibility,
  on: { progress: (p: ImportProgress) => void; event: (ev: ImportEvent) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/file/import-problems?format=${encodeURIComponent(format)}&visibility=${visibility}`);
    xhr.setRequestHeader('Url-Type', 'general');
    const token = session.get().token;
    if (token) xhr.setRequestHeader('Authorization', token);
    let seen = 0;
    const isStream = () => (xhr.getResponseHeader('content-type') ?? '').includes('ndjson');
    const readLines = (final: boolean) => {
      if (!isStream()) return;
      const text = xhr.responseText;
      const end = final ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= seen) return;
      for (const line of text.slice(seen, end).split('\n')) if (line.trim()) on.event(JSON.parse(line) as ImportEvent);
      seen = end;
    };
    xhr.upload.onprogress = (e) => on.progress({ phase: 'upload', fraction: e.lengthComputable ? e.loaded / e.total : undefined });
    xhr.upload.onload = () => on.progress({ phase: 'import' });
    xhr.onprogress = () => readLines(false);
    const failWith = (text: string, body?: ApiResponse | null) => {
      feedback.error(text);
      reject(new ApiError(text, body?.status ?? xhr.status, xhr.status, body?.data, body?.msg));
    };
    xhr.onload = () => {
      if (isStream() && xhr.status === 200) {
        readLines(true);
        resolve();
        return;
      }
      let body: ApiResponse | null = null;
      try {
        body = JSON.parse(xhr.responseText) as ApiResponse;
      } catch {
        /* not an envelope */
      }
      failWith(body?.msg ? translateMsg(body.msg) : i18n.t('msg.serverError'), body);
    };
    xhr.onerror = () => failWith(i18n.t('msg.networkError'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
