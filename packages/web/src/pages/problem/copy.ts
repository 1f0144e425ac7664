import { i18n } from '../../app/i18n';
import { feedback } from '../../app/feedback';

/** Copies text and says so ('Copied successfully' / 'Copied failed'). */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
    else {
      // Plain-HTTP sites have no clipboard API: the old way still works there.
      const area = document.createElement('textarea');
      area.value = text;
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      if (!ok) throw new Error('copy refused');
    }
    feedback.success(i18n.t('problem.copied'));
  } catch {
    feedback.error(i18n.t('problem.copyFailed'));
  }
}
