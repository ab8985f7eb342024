import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BANK_STATUS,
  NAME_CHECK,
  PAYOUT_METHOD,
  upiAddBodySchema,
  accountsMatch,
  bankAddBodySchema,
  canAddBank,
  canMakeDefault,
  canRemoveBank,
  profileRoutes,
  shouldLookupIfsc,
  type Bank,
} from '@pmw/contract/partner-profile';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { QueryView } from '../../shared/query-view';
import { showError, showSuccess } from '../../shared/message-bar';
import { t } from './messages';
import { firstIssue, formatDate, storedTextOf, validationText } from '../../shared/i18n';
import { partnerCatalogue } from '@pmw/contract/texts/partner';
import { saidIn } from '@pmw/contract/texts/said';

/** The bank forms' own refusals, said by code like the schemas'. */
const partnerSaid = saidIn(partnerCatalogue);

/**
 * Payout Details: bank cards, 'Add Bank Details' while fewer than 3 are in use,
 * 'Make Default' on verified non-default banks, and a rejected bank's reason
 * with 'Remove' so it can be replaced.
 */
export function BankTab() {
  const queryClient = useQueryClient();
  const banks = useQuery({ queryKey: ['partner', 'banks'], queryFn: () => api(profileRoutes.bankFetch) });
  const [adding, setAdding] = useState<'bank' | 'upi' | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Bank | null>(null);

  /** 'Make Default' and 'Remove' answer the banks as they now are. */
  async function change(bank: Bank, route: typeof profileRoutes.bankSetDefault | typeof profileRoutes.bankRemove) {
    setRemoving(null);
    setBusyId(bank.bank_detail_id);
    try {
      const res = await apiWithMessage(route, { body: { bank_detail_id: bank.bank_detail_id } });
      queryClient.setQueryData(['partner', 'banks'], res.data);
      showSuccess(res.message);
    } catch (err) {
      showError(err);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section aria-label={t('tabPayout')}>
      <QueryView query={banks} failed={t('banksLoadFailed')} retry={t('retry')} loading={t('loading')}>
        {(list) => (
          <>
            {canAddBank(list) && !adding && (
              <div className="filters__actions">
                <button type="button" className="button" onClick={() => setAdding('bank')}>
                  {t('addBank')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => setAdding('upi')}>
                  {t('addUpi')}
                </button>
              </div>
            )}
            {/* The add buttons are gone at three methods: said why, and what would bring them back. */}
            {!canAddBank(list) && <p className="muted bank-limit">{list.some(isUpi) ? t('methodLimitReached') : t('bankLimitReached')}</p>}
            {adding === 'bank' && <BankForm onDone={() => setAdding(null)} />}
            {adding === 'upi' && <UpiForm onDone={() => setAdding(null)} />}
            {list.length === 0 ? (
              <p className="empty">{t('noBanks')}</p>
            ) : (
              <div className="bank-cards">
                {list.map((b) => (
                  <article
                    key={b.bank_detail_id}
                    className={`card bank-card ${b.status === BANK_STATUS.rejected ? 'bank-card--rejected' : ''}`}
                    aria-label={isUpi(b) ? `${t('upiTitle')} ${b.account_no}` : b.bank_name}
                  >
                    <div className="bank-card__head">
                      <strong>{isUpi(b) ? t('upiTitle') : b.bank_name}</strong>
                      <span className="bank-card__badges">
                        {b.status === BANK_STATUS.verified && <span className="badge badge--success">{t('verified')}</span>}
                        {b.status === BANK_STATUS.rejected && <span className="badge badge--danger">{t('rejected')}</span>}
                        {b.status === BANK_STATUS.submitted && <span className="badge badge--warning">{t('underReview')}</span>}
                        {b.is_default && <span className="badge">{t('isDefault')}</span>}
                      </span>
                    </div>
                    {b.status === BANK_STATUS.rejected && (
                      <div className="bank-card__rejected">
                        {b.reject_reason && (
                          <p className="bank-card__reason">
                            {t('rejectReason', {
                              reason: storedTextOf(
                                partnerCatalogue,
                                { code: b.reject_reason_code, vars: b.reject_reason_vars },
                                b.reject_reason,
                              ),
                            })}
                          </p>
                        )}
                        <p className="muted">{t('rejectedHint')}</p>
                      </div>
                    )}
                    <dl>
                      {isUpi(b) ? (
                        <>
                          <dt>{t('upiId')}</dt>
                          <dd>{b.upi_id}</dd>
                        </>
                      ) : (
                        <>
                          <dt>{t('ifscCode')}</dt>
                          <dd>{b.ifsc_code}</dd>
                          <dt>{t('accountNumber')}</dt>
                          <dd>{b.account_no}</dd>
                          <dt>{t('branch')}</dt>
                          <dd>{b.branch_detail ?? '–'}</dd>
                        </>
                      )}
                      {b.name_at_bank && (
                        <>
                          <dt>{t('nameAtBank')}</dt>
                          <dd>{b.name_at_bank}</dd>
                        </>
                      )}
                      <dt>{t('addedOn')}</dt>
                      <dd>{formatDate(b.created_on)}</dd>
                    </dl>
                    {b.status === BANK_STATUS.submitted && b.name_check && (
                      <p className="muted">
                        {b.name_check === NAME_CHECK.mismatch
                          ? t('nameMismatch')
                          : b.name_check === NAME_CHECK.matched
                            ? t('nameMatched')
                            : t('nameUnavailable')}
                      </p>
                    )}
                    {canMakeDefault(b) && (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={busyId !== null}
                        onClick={() => void change(b, profileRoutes.bankSetDefault)}
                        aria-label={t('makeDefaultFor', { method: isUpi(b) ? b.account_no : `${b.bank_name} ${b.account_no.slice(-4)}` })}
                      >
                        {t('makeDefault')}
                      </button>
                    )}
                    {canRemoveBank(b) && (
                      <button
                        type="button"
                        className="button button--ghost button--small button--danger-text"
                        disabled={busyId !== null}
                        onClick={() => setRemoving(b)}
                        aria-label={
                          isUpi(b)
                            ? t('removeUpiFor', { upi: b.account_no })
                            : t('removeBankFor', { bank: b.bank_name, last4: b.account_no.slice(-4) })
                        }
                      >
                        {t('removeBank')}
                      </button>
                    )}
                  </article>
                ))}
              </div>
            )}
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={!!removing}
        message={removing && isUpi(removing) ? t('removeUpiConfirm') : t('removeBankConfirm')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void change(removing, profileRoutes.bankRemove)}
      />
    </section>
  );
}

const isUpi = (b: Bank) => b.method === PAYOUT_METHOD.upi;

/** Adds a payout method: the server's words, the list again and the form closed; a refusal in the bar, the form kept. */
function useAddPayoutMethod(onDone: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function add(call: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      showSuccess((await call()).message);
      await queryClient.invalidateQueries({ queryKey: ['partner', 'banks'] });
      onDone();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  return { busy, add };
}

/** A UPI ID: checked as handle@bank here and again on the server, which asks the bank whose it is. */
function UpiForm({ onDone }: { onDone: () => void }) {
  const [upiId, setUpiId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, add } = useAddPayoutMethod(onDone);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = upiAddBodySchema.safeParse({ upi_id: upiId });
    if (!parsed.success) return setError(firstIssue(parsed.error) ?? validationText(partnerSaid('profile.upiInvalid')));
    setError(null);
    await add(() => apiWithMessage(profileRoutes.upiAdd, { body: parsed.data }));
  }
  return (
    <form className="card bank-form" onSubmit={submit} noValidate aria-label={t('addUpi')}>
      <div className="field">
        <label htmlFor="u-id">{t('upiId')}</label>
        <input
          id="u-id"
          className="input"
          value={upiId}
          maxLength={320}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="email"
          autoFocus
          onChange={(e) => {
            setUpiId(e.target.value.trim());
            setError(null);
          }}
          aria-invalid={!!error}
          aria-describedby={error ? 'u-hint u-error' : 'u-hint'}
        />
        <p id="u-hint" className="muted">
          {t('upiIdHint')}
        </p>
      </div>
      {error && (
        <p id="u-error" className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="filters__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('saving') : t('saveDetails')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function BankForm({ onDone }: { onDone: () => void }) {
  const [ifsc, setIfsc] = useState('');
  const [bankName, setBankName] = useState('');
  const [branch, setBranch] = useState('');
  const [account, setAccount] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, add } = useAddPayoutMethod(onDone);

  async function lookup(code: string) {
    try {
      const res = await api(profileRoutes.ifscLookup, { params: { ifsc: code } });
      if (res.valid) {
        setBankName(res.BANK ?? '');
        setBranch([res.BRANCH, res.ADDRESS].filter(Boolean).join(', '));
      } else {
        setBankName('');
        setBranch('');
        setError(validationText(partnerSaid('profile.ifscUnknown')));
      }
    } catch {
      // A failed lookup is silent: the person can still save.
    }
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!accountsMatch(account, confirm)) return setError(validationText(partnerSaid('profile.accountMismatch')));
    const parsed = bankAddBodySchema.safeParse({
      ifsc_code: ifsc,
      account_no: account,
      account_no_confirm: confirm,
      bank_name: bankName || undefined,
      branch_detail: branch || undefined,
    });
    if (!parsed.success) return setError(firstIssue(parsed.error) ?? validationText(partnerSaid('profile.ifscInvalid')));
    setError(null);
    await add(() => apiWithMessage(profileRoutes.bankAdd, { body: parsed.data }));
  }
  return (
    <form className="card bank-form" onSubmit={submit} noValidate aria-label={t('addBank')}>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="b-ifsc">{t('ifscCode')}</label>
          <input
            id="b-ifsc"
            className="input"
            value={ifsc}
            maxLength={11}
            autoComplete="off"
            autoFocus
            onChange={(e) => {
              const code = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
              setIfsc(code);
              setError(null);
              if (shouldLookupIfsc(code)) void lookup(code);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="b-name">{t('bankName')}</label>
          <input id="b-name" className="input" value={bankName} readOnly />
        </div>
        <div className="field">
          <label htmlFor="b-branch">{t('branch')}</label>
          <input id="b-branch" className="input" value={branch} onChange={(e) => setBranch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="b-account">{t('accountNumber')}</label>
          <input
            id="b-account"
            className="input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={account}
            maxLength={18}
            onChange={(e) => setAccount(e.target.value.replace(/\D/g, ''))}
          />
        </div>
        <div className="field">
          <label htmlFor="b-confirm">{t('confirmAccount')}</label>
          <input
            id="b-confirm"
            className="input"
            inputMode="numeric"
            autoComplete="off"
            value={confirm}
            maxLength={18}
            onChange={(e) => setConfirm(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!error}
            aria-describedby={error ? 'b-error' : undefined}
          />
        </div>
      </div>
      {error && (
        <p id="b-error" className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="filters__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('saving') : t('saveDetails')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
