import { TIMINGS, type ApiResponse } from '@oj/shared';
import { feedback } from '../app/feedback';
import { i18n, loadMessageCatalogue, translateMsg } from '../app/i18n';
import { session } from '../app/session';
import { ApiError, call } from './client';

type Query = Record<string, string | number | (string | number)[] | undefined>;

function urlOf(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    // Repeated keys (`pid=1&pid=2`) as HOJ's export call sends them.
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, String(one));
  }
  const qs = params.toString();
  return `/api/${path}${qs ? `?${qs}` : ''}`;
}

/** `attachment;filename=<urlencoded>` → the name; a fallback when the server sends none. */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  const raw = star?.[1] ?? plain?.[1];
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw.trim());
  } catch {
    return raw.trim();
  }
}

/**
 * The download helper: GET as a blob with a 300 s timeout; a JSON reply is an error
 * envelope whose msg is shown ('Invalid file format' when it has none).
 */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = { 'Url-Type': path.startsWith('admin/') ? 'admin' : 'general' };
  const token = session.get().token;
  if (token) headers.Authorization = token;
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), TIMINGS.downloadTimeoutMs);
  let res: Response;
  try {
    res = await fetch(urlOf(path, query), { headers, signal: controller.signal });
  } catch {
    const text = controller.signal.aborted ? i18n.t('msg.timeout') : i18n.t('msg.networkError');
    feedback.error(text);
    throw new ApiError(text, 0, 0);
  } finally {
    window.clearTimeout(timer);
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || !res.ok) {
    let body: ApiResponse | null = null;
    try {
      body = (await res.json()) as ApiResponse;
    } catch {
      /* not JSON after all */
    }
    if (body?.msg) await loadMessageCatalogue();
    const text = body?.msg ? translateMsg(body.msg) : i18n.t('msg.invalidFileFormat');
    feedback.error(text);
    throw new ApiError(text, body?.status ?? res.status, res.status, body?.data, body?.msg);
  }
  const blob = await res.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(res, fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Multipart upload of one file under `field`, with extra form fields and query values. */
export function uploadFile<T>(
  path: string,
  field: string,
  file: File | Blob,
  opts: { fields?: Record<string, string>; query?: Record<string, string | number | undefined> } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  form.append(field, file);
  return call<T>(path, { method: 'POST', form, query: opts.query, timeoutMs: TIMINGS.downloadTimeoutMs });
}
