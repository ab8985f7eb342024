import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes, type CampaignProduct, type OwnerProfile } from '@pmw/contract/campaign';
import { api, ApiError } from '../../shared/api-client';
import { LanguageSwitch } from '../../shared/language-switch';
import { Loader } from '../../shared/loader';
import { showError, showSuccess } from '../../shared/message-bar';
import { CUSTOMER_QUERY, LeadPanel } from './lead-panel';
import { t } from './messages';
import { ProductRail } from './product-rail';
import './campaign.css';
import { LoadFailed } from '../../shared/query-view';

function ownerName(owner: OwnerProfile | undefined): string {
  const name = [owner?.first_name, owner?.last_name].filter(Boolean).join(' ');
  return name || t('partnerFallback');
}

function OwnerHeader({ owner }: { owner: OwnerProfile | undefined }) {
  const name = ownerName(owner);
  return (
    <header className="campaign-owner">
      {owner?.profile_picture_url ? (
        <img className="campaign-owner__photo" src={owner.profile_picture_url} alt={t('ownerPhoto', { name })} loading="lazy" decoding="async" width={56} height={56} />
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

/** The page a partner shares: /utm/{utm_code}[/{jid}]. */
export function CampaignPage() {
  const params = useParams();
  const utmCode = params.utmCode ?? '';
  const jid = params.jid && /^[0-9]+$/.test(params.jid) ? Number(params.jid) : undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const panelRef = useRef<HTMLDivElement>(null);
  // Counts sign-outs: the lead form starts empty after *Not you?*, nothing the last customer typed stays.
  const [signOuts, setSignOuts] = useState(0);

  const profile = useQuery({
    queryKey: ['utm-profile', utmCode],
    queryFn: () => api(campaignRoutes.ownerProfile, { params: { utm_code: utmCode } }),
    retry: (n, err) => !(err instanceof ApiError && err.httpStatus < 500) && n < 1,
  });
  const tasks = useQuery({
    queryKey: ['utm-tasks', utmCode],
    queryFn: () => api(campaignRoutes.tasks, { params: { utm_code: utmCode } }),
    retry: (n, err) => !(err instanceof ApiError && err.httpStatus < 500) && n < 1,
  });
  const customer = useQuery({ queryKey: CUSTOMER_QUERY, queryFn: () => api(campaignRoutes.customerSession), staleTime: Infinity });
  const listed = tasks.data?.categories.some((c) => c.products.some((p) => p.job_id === jid)) ?? false;
  const form = useQuery({
    queryKey: ['utm-form', utmCode, jid],
    queryFn: () => api(campaignRoutes.taskForm, { params: { utm_code: utmCode }, query: { job_id: jid! } }),
    enabled: jid !== undefined && listed,
  });

  useEffect(() => {
    if (form.data) panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [form.data]);

  function getNow(product: CampaignProduct) {
    void navigate(`/utm/${encodeURIComponent(utmCode)}/${product.job_id}`);
  }

  async function notYou() {
    try {
      await api(campaignRoutes.logoutCustomer);
      queryClient.setQueryData(CUSTOMER_QUERY, null);
      setSignOuts((n) => n + 1);
      showSuccess(t('signedOut'));
    } catch (err) {
      showError(err);
    }
  }

  const failure = profile.error ?? tasks.error;
  if (failure) {
    const invalid = failure instanceof ApiError && (failure.httpStatus === 404 || failure.httpStatus === 400);
    return (
      <main className="campaign campaign--center">
        <LanguageSwitch />
        {invalid ? (
          <p className="campaign-problem" role="alert">
            {t('invalidLink')}
          </p>
        ) : (
          <LoadFailed failed={t('somethingWentWrong')} retry={t('tryAgain')} error={failure} busy={profile.isFetching || tasks.isFetching} onRetry={() => void Promise.all([profile.refetch(), tasks.refetch()])} />
        )}
      </main>
    );
  }
  if (!profile.data || !tasks.data) {
    return (
      <main className="campaign campaign--center">
        <LanguageSwitch />
        <Loader label={t('loading')} />
      </main>
    );
  }

  const categories = tasks.data.categories.filter((c) => c.products.length > 0);
  const who = customer.data;
  return (
    <main className="campaign">
      <OwnerHeader owner={profile.data} />
      {who && (
        <div className="campaign-customer">
          <span>{t('hello', { name: who.name || who.mobile })}</span>
          <button type="button" className="link-button" onClick={() => void notYou()}>
            {t('notYou')}
          </button>
        </div>
      )}

      <div ref={panelRef} className="campaign-panel">
        {jid !== undefined && !listed && (
          <p className="campaign-problem campaign-problem--inline" role="alert">
            {t('productNotAvailable')}
          </p>
        )}
        {jid !== undefined && listed && form.isPending && <Loader label={t('formLoading')} />}
        {form.error && (
          <p className="campaign-problem" role="alert">
            {t('somethingWentWrong')}
          </p>
        )}
        {form.data && <LeadPanel key={`${form.data.job_id}:${signOuts}`} utmCode={utmCode} form={form.data} customer={who ?? null} />}
        {!form.data && !form.isFetching && categories.length > 0 && <p className="muted campaign-hint">{t('pickAProduct')}</p>}
      </div>

      {categories.length === 0 ? (
        <p className="empty">{t('noProducts')}</p>
      ) : (
        categories.map((c) => <ProductRail key={c.job_category_id} category={c} selectedJobId={form.data?.job_id ?? null} onGetNow={getNow} />)
      )}
    </main>
  );
}
