import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { whatsappShareUrl, type PartnerJob } from '@pmw/contract/hiring';
import { Dialog } from '../../../shared/dialog';
import { showError, showSuccess } from '../../../shared/message-bar';
import { t } from './messages';

/** The server hands out a path; a link to share needs this site's origin in front. */
const absolute = (link: string) => (link.startsWith('/') ? window.location.origin + link : link);

/** 'Get Link': the referral link with Copy Link and WhatsApp, or the KYC message. */
export function LinkDialog({ job, kycDone, onClose }: { job: PartnerJob | null; kycDone: boolean; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  useEffect(() => setCopied(false), [job]);
  const link = job?.referral_link ? absolute(job.referral_link) : null;

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      showSuccess(t('linkCopied'));
    } catch {
      showError(t('copyFailed'));
    }
  }

  return (
    <Dialog open={!!job} title={job?.job_title ?? t('linkTitle')} onClose={onClose} variant="sheet">
      {job && kycDone && link ? (
        <div className="link-box">
          <label htmlFor={inputId} className="visually-hidden">
            {t('linkLabel', { project: job.job_title })}
          </label>
          <input id={inputId} className="input" readOnly value={link} onFocus={(e) => e.target.select()} />
          <div className="link-actions">
            <button type="button" className="button" onClick={() => void copy()}>
              {copied ? t('linkCopied') : t('copyLink')}
            </button>
            <a className="button button--ghost" href={whatsappShareUrl(job.job_title, link)} target="_blank" rel="noopener noreferrer">
              {t('shareWhatsApp')}
            </a>
          </div>
        </div>
      ) : (
        <div className="kyc-needed">
          <p role="alert">{t('kycNeeded')}</p>
          <Link className="button" to="/partner/profile/doc">
            {t('addKyc')}
          </Link>
        </div>
      )}
    </Dialog>
  );
}
