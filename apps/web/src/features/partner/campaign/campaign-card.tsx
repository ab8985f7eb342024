import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { whatsappShareUrl } from '@pmw/contract/hiring';
import { campaignProductPath, isCampaignCode, type PartnerCampaign } from '@pmw/contract/partner-campaign';
import { isRefusal } from '../../../shared/api-client';
import { Dialog } from '../../../shared/dialog';
import { Field } from '../../../shared/field';
import { errorText, showError, showSuccess } from '../../../shared/message-bar';
import { QueryView } from '../../../shared/query-view';
import { campaignProductsQueryKey, campaignQueryKey, changeCampaignCode, fetchCampaign, fetchCampaignProducts } from './campaign-api';
import { t } from './messages';
import './campaign.css';

/** The QR code's library is about 25 KB: it loads with the first card that shows a link, not with the portal. */
const loadQr = () => import('qrcode');

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    showError(t('copyFailed'));
    return false;
  }
}

/**
 * The partner's campaign link (`/utm/{code}`): Copy Link, Share on WhatsApp,
 * the QR code as an image and as a printable A5 poster, changing the code
 * once, and (on the Projects page) each product's own link. Before KYC, the
 * KYC message with the way to the KYC tab.
 */
export function CampaignCard({ withProducts = false }: { withProducts?: boolean }) {
  const campaign = useQuery({
    queryKey: campaignQueryKey,
    queryFn: fetchCampaign,
    // 403 means KYC is not complete yet: asking again changes nothing until it is.
    retry: (count, err) => !isRefusal(err) && count < 2,
  });
  const titleId = useId();
  const kycMissing = isRefusal(campaign.error) && campaign.error.httpStatus === 403;

  return (
    <section className="card campaign-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('title')}</h2>
      {kycMissing ? (
        <div className="campaign-kyc">
          <p role="alert">{t('kycNeeded')}</p>
          <Link className="button" to="/partner/profile/doc">
            {t('addKyc')}
          </Link>
        </div>
      ) : (
        <QueryView query={campaign} failed={t('loadFailed')} retry={t('retry')} loading={t('loading')}>
          {(c) => <CampaignLink campaign={c} withProducts={withProducts} />}
        </QueryView>
      )}
    </section>
  );
}

function CampaignLink({ campaign, withProducts }: { campaign: PartnerCampaign; withProducts: boolean }) {
  const [copied, setCopied] = useState(false);
  const [changing, setChanging] = useState(false);
  const linkId = useId();
  useEffect(() => setCopied(false), [campaign.link]);

  async function copy() {
    if (await copyText(campaign.link)) {
      setCopied(true);
      showSuccess(t('linkCopied'));
    }
  }

  return (
    <div className="campaign-link">
      <p className="muted">{t('intro')}</p>
      <div className="field">
        <label htmlFor={linkId}>{t('linkLabel')}</label>
        <input id={linkId} className="input" readOnly value={campaign.link} onFocus={(e) => e.target.select()} />
      </div>
      <div className="campaign-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? t('linkCopied') : t('copyLink')}
        </button>
        <a
          className="button button--ghost"
          href={whatsappShareUrl(t('shareText'), campaign.link)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('shareWhatsApp')}
        </a>
        {campaign.can_change && (
          <button type="button" className="button button--ghost" onClick={() => setChanging(true)}>
            {t('changeCode')}
          </button>
        )}
      </div>
      <CampaignQr campaign={campaign} />
      {withProducts && <ProductLinks code={campaign.utm_code} link={campaign.link} />}
      <ChangeCodeDialog open={changing} current={campaign.utm_code} onClose={() => setChanging(false)} />
    </div>
  );
}

/** The QR code of the link, its PNG download and the printable A5 poster (a print stylesheet shows the poster alone). */
function CampaignQr({ campaign }: { campaign: PartnerCampaign }) {
  const [qr, setQr] = useState<{ src: string } | { failed: true } | null>(null);
  useEffect(() => {
    let live = true;
    setQr(null);
    loadQr()
      .then((QRCode) => QRCode.toDataURL(campaign.link, { width: 600, margin: 2, errorCorrectionLevel: 'M' }))
      .then((src) => live && setQr({ src }))
      .catch(() => live && setQr({ failed: true }));
    return () => {
      live = false;
    };
  }, [campaign.link]);

  if (!qr)
    return (
      <p role="status" className="muted">
        {t('qrLoading')}
      </p>
    );
  if ('failed' in qr) return <p role="alert">{t('qrFailed')}</p>;
  return (
    <div className="campaign-qr">
      <img className="campaign-qr__image" src={qr.src} alt={t('qrAlt')} width={180} height={180} />
      <div className="campaign-actions">
        <a className="button button--ghost" href={qr.src} download={`pickmywork-${campaign.utm_code}.png`}>
          {t('downloadQr')}
        </a>
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          {t('printPoster')}
        </button>
      </div>
      {/* Shown only on paper (campaign.css): an A5 page with the partner's name, the QR code and the link. */}
      <div className="campaign-poster" aria-hidden="true">
        <p className="campaign-poster__title">{t('posterTitle', { name: campaign.partner_name || campaign.utm_code })}</p>
        <img className="campaign-poster__qr" src={qr.src} alt="" />
        <p className="campaign-poster__scan">{t('posterScan')}</p>
        <p className="campaign-poster__link">{campaign.link}</p>
      </div>
    </div>
  );
}

/** Each product the campaign page lists, with its own link `/utm/{code}/{job_id}`: folded, so the projects below stay near the top. */
function ProductLinks({ code, link }: { code: string; link: string }) {
  const [open, setOpen] = useState(false);
  const products = useQuery({ queryKey: campaignProductsQueryKey(code), queryFn: () => fetchCampaignProducts(code), enabled: open });
  const listId = useId();
  // The campaign link already carries the public origin; a product's link is the same origin with its path.
  const origin = link.slice(0, link.length - `/utm/${code}`.length);
  return (
    <section className="campaign-products">
      <button type="button" className="button button--ghost" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        {t('products')}
      </button>
      {open && (
        <div id={listId}>
          <p className="muted">{t('productsHint')}</p>
          <QueryView
            query={products}
            failed={t('productsFailed')}
            retry={t('retry')}
            loading={t('productsLoading')}
            isEmpty={(d) => d.categories.every((c) => c.products.length === 0)}
            empty={<p className="empty">{t('productsEmpty')}</p>}
          >
            {(d) => (
              <ul className="campaign-products__list">
                {d.categories.flatMap((c) =>
                  c.products.map((p) => {
                    const productLink = origin + campaignProductPath(code, p.job_id);
                    return (
                      <li key={p.job_id} className="campaign-products__item">
                        <span>
                          <strong>{p.job_title}</strong>
                          <span className="muted campaign-products__link">{productLink}</span>
                        </span>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          aria-label={t('copyProductLink', { product: p.job_title })}
                          onClick={() => void copyText(productLink).then((ok) => ok && showSuccess(t('linkCopied')))}
                        >
                          {t('copy')}
                        </button>
                      </li>
                    );
                  }),
                )}
              </ul>
            )}
          </QueryView>
        </div>
      )}
    </section>
  );
}

/** Changing the code once: checked here as the server checks it; a taken code is said at the field. */
function ChangeCodeDialog({ open, current, onClose }: { open: boolean; current: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setValue('');
      setError(null);
    }
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const code = value.trim().toLowerCase();
    if (!code) return setError(t('codeRequired'));
    if (!isCampaignCode(code)) return setError(t('codeFormat'));
    setBusy(true);
    try {
      const { data, message } = await changeCampaignCode(code);
      queryClient.setQueryData(campaignQueryKey, data);
      showSuccess(message);
      onClose();
    } catch (err) {
      // A refusal (taken, already changed) belongs to the field; anything else to the message bar.
      if (isRefusal(err)) setError(errorText(err));
      else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} title={t('changeTitle')} onClose={onClose} variant="sheet">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('codeLabel')} error={error} hint={t('codeHint')}>
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              maxLength={12}
              placeholder={current}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="campaign-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('saving') : t('save')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
