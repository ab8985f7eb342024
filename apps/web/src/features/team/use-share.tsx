import { useState } from 'react';
import type { TeamProject } from '@pmw/contract/team';
import { Dialog } from '../../shared/dialog';
import { showSuccess } from '../../shared/message-bar';
import { fetchShareLink } from './team-api';
import { noteBlocked } from './blocked';
import { t } from './messages';

/**
 * Shares the team leader's campaign link for a project: the Web Share sheet
 * where the phone has one, otherwise the clipboard ('Link Copied!'), and the
 * link itself to copy by hand when neither works.
 */
export function useShare() {
  const [busy, setBusy] = useState<number>();
  const [manual, setManual] = useState<{ title: string; link: string }>();

  async function share(project: Pick<TeamProject, 'job_id' | 'job_title'>) {
    setBusy(project.job_id);
    try {
      const { utm_link } = await fetchShareLink(project.job_id);
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: project.job_title, text: t('shareText', { title: project.job_title }), url: utm_link });
          return;
        } catch (err) {
          // The person closed the share sheet: nothing to do.
          if (err instanceof DOMException && err.name === 'AbortError') return;
        }
      }
      try {
        await navigator.clipboard.writeText(utm_link);
        showSuccess(t('linkCopied'));
      } catch {
        setManual({ title: project.job_title, link: utm_link });
      }
    } catch (err) {
      noteBlocked(err);
      throw err;
    } finally {
      setBusy(undefined);
    }
  }

  const dialog = (
    <Dialog open={manual !== undefined} title={manual?.title ?? ''} onClose={() => setManual(undefined)} variant="sheet">
      <label className="field">
        <span className="field__label">{t('share')}</span>
        <input className="input" readOnly value={manual?.link ?? ''} onFocus={(e) => e.currentTarget.select()} />
      </label>
    </Dialog>
  );
  return { share, busy, dialog };
}
