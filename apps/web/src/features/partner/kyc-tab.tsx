import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptFor, allowedExtensions, fileProblem, type FilePurpose } from '@pmw/contract/files';
import { DOCUMENT_STATUS, documentNumberSchema, type DocumentType } from '@pmw/contract/kyc';
import { profileRoutes, type PartnerDocument } from '@pmw/contract/partner-profile';
import { api, apiWithMessage } from '../../shared/api-client';
import { allQueries, QueryView } from '../../shared/query-view';
import { showError, showSuccess } from '../../shared/message-bar';
import { fetchPartnerSession, fileUrl, sessionQueryKey, uploadPartnerFile } from './partner-api';
import { t } from './messages';
import { firstIssue, textOf, validationText } from '../../shared/i18n';
import { partnerCatalogue } from '@pmw/contract/texts/partner';
import { kycCatalogue } from '@pmw/contract/texts/kyc';

type FileSlot = { key: 'file_id' | 'file_id2'; label: Parameters<typeof t>[0]; purpose: FilePurpose };
const DOCS: { type: DocumentType; label: Parameters<typeof t>[0]; files: FileSlot[] }[] = [
  { type: 'PAN', label: 'panNumber', files: [] },
  {
    type: 'AADHAAR',
    label: 'aadhaarNumber',
    files: [
      { key: 'file_id', label: 'aadhaarFront', purpose: 'USER_AADHAR_FILE' },
      { key: 'file_id2', label: 'aadhaarBack', purpose: 'USER_AADHAR_FILE' },
    ],
  },
  { type: 'FIRM_PAN', label: 'businessPan', files: [] },
  { type: 'GST', label: 'gstNumber', files: [{ key: 'file_id', label: 'gstCertificate', purpose: 'USER_DOCUMENT' }] },
];

/** Personal and Business Documents: each a form until saved, then read-only with the number masked. */
export function KycTab() {
  const docs = useQuery({ queryKey: ['partner', 'documents'], queryFn: () => api(profileRoutes.documentFetch, { query: {} }) });
  const me = useQuery({ queryKey: sessionQueryKey, queryFn: fetchPartnerSession });
  return (
    <QueryView query={allQueries(docs, me)} failed={t('documentsLoadFailed')} retry={t('retry')} loading={t('loading')}>
      {([list, user]) => (user ? <KycSections docs={list} userId={user.user_id} /> : null)}
    </QueryView>
  );
}

function KycSections({ docs, userId }: { docs: PartnerDocument[]; userId: number }) {
  const byType = new Map(docs.map((d) => [d.type, d]));
  const section = (title: Parameters<typeof t>[0], types: DocumentType[], note?: string) => (
    <section className="card doc-card" aria-label={t(title)}>
      <h2>{t(title)}</h2>
      {note && <p className="muted">{note}</p>}
      {DOCS.filter((d) => types.includes(d.type)).map((d) => {
        const saved = byType.get(d.type);
        return saved && saved.status !== DOCUMENT_STATUS.rejected ? (
          <SavedDoc key={d.type} doc={saved} def={d} />
        ) : (
          <DocForm key={d.type} def={d} userId={userId} rejected={saved} />
        );
      })}
    </section>
  );
  return (
    <>
      {section('personalDocs', ['PAN', 'AADHAAR'])}
      {section('businessDocs', ['FIRM_PAN', 'GST'], textOf(partnerCatalogue, 'profile.businessNote'))}
    </>
  );
}

function SavedDoc({ doc, def }: { doc: PartnerDocument; def: (typeof DOCS)[number] }) {
  const status =
    doc.status === DOCUMENT_STATUS.verified ? t('docStatus1') : doc.status === DOCUMENT_STATUS.rejected ? t('docStatus2') : t('docStatus0');
  return (
    <div className="field">
      <span className="field__label">{t(def.label)}</span>
      <span>
        <strong>{doc.number}</strong>{' '}
        <span className={`badge ${doc.status === DOCUMENT_STATUS.verified ? 'badge--success' : 'badge--warning'}`}>{status}</span>
      </span>
      {def.files.map((f) => {
        const id = doc[f.key];
        return id ? (
          <button
            key={f.key}
            type="button"
            className="link-button"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => fileUrl(id).then((u) => window.open(u, '_blank'), showError)}
          >
            {t('viewFile')}: {t(f.label)}
          </button>
        ) : null;
      })}
    </div>
  );
}

function DocForm({ def, userId, rejected }: { def: (typeof DOCS)[number]; userId: number; rejected: PartnerDocument | undefined }) {
  const queryClient = useQueryClient();
  const [number, setNumber] = useState('');
  const [files, setFiles] = useState<Partial<Record<FileSlot['key'], File>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = `doc-${def.type}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const parsed = documentNumberSchema[def.type].safeParse(number);
    if (!parsed.success) errs.number = firstIssue(parsed.error) ?? textOf(kycCatalogue, 'kyc.invalidNumber');
    for (const f of def.files) {
      const file = files[f.key];
      const problem = file && fileProblem(f.purpose, file);
      if (!file) errs[f.key] = textOf(partnerCatalogue, 'profile.fileRequired', { what: t(f.label) });
      else if (problem) errs[f.key] = validationText(problem);
    }
    setErrors(errs);
    if (Object.keys(errs).length || !parsed.success) return;
    setBusy(true);
    try {
      const ids: Partial<Record<FileSlot['key'], number>> = {};
      for (const f of def.files) ids[f.key] = (await uploadPartnerFile(files[f.key]!, f.purpose)).file_id;
      const res = await apiWithMessage(profileRoutes.documentAdd, {
        body: { user_id: userId, type: def.type, number: parsed.data, ...ids },
      });
      showSuccess(res.message);
      await queryClient.invalidateQueries({ queryKey: ['partner', 'documents'] });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t(def.label)} style={{ marginBottom: '1rem' }}>
      {rejected && (
        <p className="field__error">
          {t('docStatus2')}
          {rejected.reject_reason ? `: ${rejected.reject_reason}` : ''}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-number`}>{t(def.label)}</label>
        <input
          id={`${id}-number`}
          className="input"
          value={number}
          onChange={(e) => setNumber(def.type === 'AADHAAR' ? e.target.value.replace(/[^0-9 ]/g, '') : e.target.value.toUpperCase())}
          inputMode={def.type === 'AADHAAR' ? 'numeric' : 'text'}
          maxLength={def.type === 'GST' ? 15 : def.type === 'AADHAAR' ? 14 : 10}
          autoComplete="off"
          required
          aria-invalid={!!errors.number}
          aria-describedby={errors.number ? `${id}-number-error` : undefined}
        />
        {errors.number && (
          <p id={`${id}-number-error`} className="field__error">
            {errors.number}
          </p>
        )}
      </div>
      {def.files.map((f) => (
        <div className="field" key={f.key}>
          <label htmlFor={`${id}-${f.key}`}>{t(f.label)}</label>
          <input
            id={`${id}-${f.key}`}
            type="file"
            className="input"
            accept={acceptFor(allowedExtensions(f.purpose))}
            required
            aria-invalid={!!errors[f.key]}
            aria-describedby={errors[f.key] ? `${id}-${f.key}-error` : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              setFiles((s) => ({ ...s, [f.key]: file }));
              const problem = file && fileProblem(f.purpose, file);
              setErrors(({ [f.key]: _old, ...rest }) => (problem ? { ...rest, [f.key]: validationText(problem) } : rest));
            }}
          />
          {errors[f.key] && (
            <p id={`${id}-${f.key}-error`} className="field__error">
              {errors[f.key]}
            </p>
          )}
        </div>
      ))}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('saving') : t('saveDetails')}
      </button>
    </form>
  );
}
