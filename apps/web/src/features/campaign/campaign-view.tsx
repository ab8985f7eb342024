import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import type { CampaignPageData } from '@pmw/contract/campaign-rules';
import type { CampaignProduct, CampaignTaskForm, Customer, OwnerProfile } from '@pmw/contract/campaign';
import { LanguageSwitch } from '../../shared/language-switch';
import { Loader } from '../../shared/loader';
import { LiveButton } from '../../shared/public-page/live';
import { t } from './messages';
import { ProductRail } from './product-rail';

/** What the selected product's panel (lead form, OTP, credit check) is given. */
export interface LeadPanelProps {
  utmCode: string;
  form: CampaignTaskForm;
  customer: Customer | null;
  /** After a lead: the customer the server now remembers on this device. */
  onLeadAdded: () => void;
}

/** The calls the page makes after its first screen; loaded when first needed (they carry the schemas). */
export const actions = () => import('./campaign-actions');

function ownerName(owner: OwnerProfile | null): string {
  const name = [owner?.first_name, owner?.last_name].filter(Boolean).join(' ');
  return name || t('partnerFallback');
}

function OwnerHeader({ owner }: { owner: OwnerProfile | null }) {
  const name = ownerName(owner);
  return (
    <header className="campaign-owner">
      {owner?.profile_picture_url ? (
        <img
          className="campaign-owner__photo"
          src={owner.profile_picture_url}
          alt={t('ownerPhoto', { name })}
          decoding="async"
          width={56}
          height={56}
        />
      ) : (
        <span className="campaign-owner__photo campaign-owner__photo--initial" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <p className="campaign-owner__brand">PickMyWork</p>
        <h1 className="campaign-owner__name">{t('recommendedBy', { name })}</h1>
      </div>
      <LanguageSwitch className="lang-switch--on-brand campaign-owner__lang" />
    </header>
  );
}

/** The page of an unknown or broken campaign link. */
export function CampaignProblem({ invalid, children }: { invalid: boolean; children?: ReactNode }) {
  return (
    <main className="campaign campaign--center">
      <LanguageSwitch />
      {invalid ? (
        <p className="campaign-problem" role="alert">
          {t('invalidLink')}
        </p>
      ) : (
        children
      )}
    </main>
  );
}

export const productPath = (utmCode: string, jobId: number) => `/utm/${encodeURIComponent(utmCode)}/${jobId}`;
const jidOfPath = (pathname: string): number | null => {
  const m = /^\/utm\/[^/]+\/([0-9]+)\/?$/.exec(pathname);
  return m ? Number(m[1]) : null;
};
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * The page a partner shares: /utm/{utm_code}[/{jid}]. Rendered on the server
 * from `data` and hydrated in the browser; Get Now is a link to the product's
 * own page, which after hydration opens the form in place.
 */
export function CampaignView(props: {
  data: CampaignPageData;
  Panel: ComponentType<LeadPanelProps>;
  preloadPanel?: () => void;
  /** False while the form's code is not here yet: Get Now then follows its link to the server-rendered product page, which is quicker on a slow line. */
  inPlaceReady?: () => boolean;
}) {
  const { data, Panel, preloadPanel, inPlaceReady } = props;
  const utmCode = data.utm_code;
  const [form, setForm] = useState<CampaignTaskForm | null>(data.form);
  const [pending, setPending] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [customer, setCustomer] = useState<Customer | null>(data.customer);
  const [unavailable, setUnavailable] = useState(data.unavailable);
  // Counts sign-outs: the lead form starts empty after *Not you?*, nothing the last customer typed stays.
  const [signOuts, setSignOuts] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const listed = (jid: number) => data.categories.some((c) => c.products.some((p) => p.job_id === jid));

  const open = useCallback(
    async (jid: number | null) => {
      setFailed(false);
      setUnavailable(jid !== null && !listed(jid));
      if (jid === null || !listed(jid)) {
        setForm(null);
        setPending(null);
        return;
      }
      setPending(jid);
      try {
        const loaded = await (await actions()).loadForm(utmCode, jid);
        setForm(loaded);
      } catch {
        setFailed(true);
      } finally {
        setPending((p) => (p === jid ? null : p));
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the listed products never change on a page
    [utmCode],
  );

  useEffect(() => {
    const onPop = () => void open(jidOfPath(location.pathname));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [open]);

  useEffect(() => {
    if (form) panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [form]);

  function getNow(product: CampaignProduct, e: MouseEvent) {
    if (!plainClick(e) || (inPlaceReady && !inPlaceReady())) return;
    e.preventDefault();
    // The form's code and its data load side by side.
    preloadPanel?.();
    history.pushState(null, '', productPath(utmCode, product.job_id));
    void open(product.job_id);
  }

  async function notYou() {
    const { logout } = await actions();
    if (await logout()) {
      setCustomer(null);
      setSignOuts((n) => n + 1);
    }
  }

  async function refreshCustomer() {
    const { loadCustomer } = await actions();
    setCustomer(await loadCustomer());
  }

  const categories = data.categories.filter((c) => c.products.length > 0);
  return (
    <main className="campaign">
      <OwnerHeader owner={data.owner} />
      {customer && (
        <div className="campaign-customer">
          <span>{t('hello', { name: customer.name || customer.mobile })}</span>
          {/* Before the page is live a tap here would do nothing while the form later fills in this customer: it waits, shown so. */}
          <LiveButton className="link-button" onClick={() => void notYou()}>
            {t('notYou')}
          </LiveButton>
        </div>
      )}

      <div ref={panelRef} className="campaign-panel">
        {unavailable && (
          <p className="campaign-problem campaign-problem--inline" role="alert">
            {t('productNotAvailable')}
          </p>
        )}
        {pending !== null && <Loader label={t('formLoading')} />}
        {failed && (
          <p className="campaign-problem" role="alert">
            {t('somethingWentWrong')}
          </p>
        )}
        {form && pending === null && (
          <Suspense fallback={<Loader label={t('formLoading')} />}>
            <Panel
              key={`${form.job_id}:${signOuts}`}
              utmCode={utmCode}
              form={form}
              customer={customer}
              onLeadAdded={() => void refreshCustomer()}
            />
          </Suspense>
        )}
        {!form && pending === null && categories.length > 0 && <p className="muted campaign-hint">{t('pickAProduct')}</p>}
      </div>

      {categories.length === 0 ? (
        <p className="empty">{t('noProducts')}</p>
      ) : (
        categories.map((c) => (
          <ProductRail
            key={c.job_category_id}
            category={c}
            selectedJobId={form?.job_id ?? null}
            hrefOf={(p) => productPath(utmCode, p.job_id)}
            onGetNow={getNow}
          />
        ))
      )}
    </main>
  );
}
