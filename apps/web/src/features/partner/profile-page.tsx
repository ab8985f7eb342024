import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { feedbackRoutes } from '@pmw/contract/feedback';
import { GENDERS, PROFILE_PICTURE_ACCEPT, profileRoutes, profileUpdateBodySchema, type Profile } from '@pmw/contract/partner-profile';
import { api, apiWithMessage } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { errorText, showError, showSuccess } from '../../shared/message-bar';
import { QueryView } from '../../shared/query-view';
import { uploadPartnerFile } from './partner-api';
import { sessionQueryKey } from './partner-api';
import { t } from './messages';
import { KycTab } from './kyc-tab';
import { BankTab } from './bank-tab';
import { issueText, textOf } from '../../shared/i18n';
import { partnerCatalogue } from '@pmw/contract/texts/partner';

const TABS = [
  { to: '/partner/profile', label: 'tabPersonal' },
  { to: '/partner/profile/doc', label: 'tabKyc' },
  { to: '/partner/profile/bank', label: 'tabPayout' },
] as const;

/** 'Profile Details' with its three tabs; tabs 1 and 2 have their own routes. */
export function ProfilePage({ tab }: { tab: 0 | 1 | 2 }) {
  const docs = useQuery({ queryKey: ['partner', 'documents'], queryFn: () => api(profileRoutes.documentFetch, { query: {} }) });
  const hasGst = docs.data?.some((d) => d.type === 'GST');
  return (
    <section>
      <h1 className="page-title">{t('profileTitle')}</h1>
      {hasGst && <p className="corner-note">{textOf(partnerCatalogue, 'profile.gstNote')}</p>}
      <nav className="tabs" aria-label={t('profileTitle')}>
        {TABS.map((x, i) => (
          <Link key={x.to} to={x.to} aria-current={i === tab ? 'page' : undefined}>
            {t(x.label)}
          </Link>
        ))}
      </nav>
      {tab === 0 && <PersonalTab />}
      {tab === 1 && <KycTab />}
      {tab === 2 && <BankTab />}
    </section>
  );
}

type Form = { first_name: string; email: string; gender: string; zip_code: string; city: string; state: string; permanent_address: string };
const toForm = (p: Profile): Form => ({
  first_name: p.first_name ?? '',
  email: p.email ?? '',
  gender: p.gender ? String(p.gender) : '',
  zip_code: p.zip_code ?? '',
  city: p.city ?? '',
  state: p.state ?? '',
  permanent_address: p.permanent_address ?? '',
});

function PersonalTab() {
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['partner', 'profile'], queryFn: () => api(profileRoutes.basicFetch) });
  // The rating is a nicety: if it cannot load, the profile shows without it.
  const rating = useQuery({ queryKey: ['partner', 'rating'], queryFn: () => api(feedbackRoutes.partnerSummary), retry: false });
  const [form, setForm] = useState<Form | null>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const pictureInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (profile.data && !form) setForm(toForm(profile.data));
  }, [profile.data, form]);

  if (!form || !profile.data) {
    return (
      <QueryView query={profile} failed={t('profileLoadFailed')} retry={t('retry')} loading={t('loading')}>
        {() => <Loader label={t('loading')} />}
      </QueryView>
    );
  }
  const p = profile.data;
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [k]: e.target.value } : f));

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    const body = { ...form, gender: form.gender ? Number(form.gender) : null, location_coords: p.location_coords };
    const parsed = profileUpdateBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), issueText(i)])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      let profile_picture_key: string | undefined;
      let pictureError: unknown = null;
      if (picture) {
        // The rest of the details are saved even when the picture is not, and the person is told which.
        profile_picture_key = await uploadPartnerFile(picture, 'USER_PROFILE').then(
          (f) => f.file_key,
          (err: unknown) => {
            pictureError = err;
            return undefined;
          },
        );
      }
      const res = await apiWithMessage(profileRoutes.basicUpdate, {
        body: { ...body, ...(profile_picture_key ? { profile_picture_key } : {}) },
      });
      queryClient.setQueryData(['partner', 'profile'], res.data);
      setForm(toForm(res.data));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      if (pictureError) {
        showError(t('pictureNotSaved', { reason: errorText(pictureError) }));
      } else {
        setPicture(null);
        if (pictureInput.current) pictureInput.current.value = '';
        showSuccess(res.message || textOf(partnerCatalogue, 'profile.updated'));
      }
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  const field = (k: keyof Form, label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`p-${k}`}>{label}</label>
      <input
        id={`p-${k}`}
        className="input"
        value={form[k]}
        onChange={set(k)}
        aria-invalid={!!errors[k]}
        aria-describedby={errors[k] ? `p-${k}-error` : undefined}
        {...props}
      />
      {errors[k] && (
        <p id={`p-${k}-error`} className="field__error">
          {errors[k]}
        </p>
      )}
    </div>
  );
  return (
    <form className="card" onSubmit={save} noValidate>
      <p className="rating-line rating-line--in-card">
        {rating.data?.rating_count
          ? ratingLine(rating.data.average_rating ?? 0, rating.data.rating_count)
          : rating.isSuccess
            ? t('noRating')
            : ''}
      </p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="p-id">{t('pmwId')}</label>
          <input id="p-id" className="input" value={p.id} readOnly />
        </div>
        {field('first_name', t('name'), { autoComplete: 'given-name', required: true })}
        {field('email', t('email'), { type: 'email', autoComplete: 'email' })}
        {field('zip_code', t('pincode'), { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, autoComplete: 'postal-code' })}
        {field('city', t('city'), { autoComplete: 'address-level2' })}
        {field('state', t('state'), { autoComplete: 'address-level1' })}
      </div>
      <fieldset className="radio-row">
        <legend>{t('gender')}</legend>
        {GENDERS.map((g) => (
          <label key={g.value}>
            <input type="radio" name="gender" value={g.value} checked={form.gender === String(g.value)} onChange={set('gender')} />{' '}
            {textOf(partnerCatalogue, g.code)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="p-address">{t('address')}</label>
        <textarea id="p-address" className="input" rows={3} value={form.permanent_address} onChange={set('permanent_address')} />
      </div>
      <div className="field">
        <label htmlFor="p-picture">{t('profilePicture')}</label>
        <input
          id="p-picture"
          ref={pictureInput}
          type="file"
          className="input"
          accept={PROFILE_PICTURE_ACCEPT}
          onChange={(e) => setPicture(e.target.files?.[0] ?? null)}
        />
        {p.profile_picture_url && (
          <a href={p.profile_picture_url} target="_blank" rel="noreferrer">
            {t('viewPhoto')}
          </a>
        )}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('saving') : t('saveDetails')}
      </button>
    </form>
  );
}

/** 'Rating 4.5 from 12 reviews', and 'from 1 review' for one. */
export const ratingLine = (average: number, count: number) =>
  count === 1 ? t('ratingOne', { avg: average.toFixed(1) }) : t('rating', { avg: average.toFixed(1), count });
