import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { employerBodySchema, opsCatalogueRoutes, type OpsEmployer } from '@pmw/contract/catalogue';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { Field } from '../../shared/field';
import { EmptyState, QueryView } from './common';
import { DataTable } from './data-table';
import { MediaField } from './project-editor';
import { t } from './messages';

type EmployerBody = z.output<typeof employerBodySchema>;

/** Employers: add and edit (name, logo, theme colour), retire (not offered for new projects) and bring back. */
export function EmployersPage() {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<OpsEmployer | 'new' | null>(null);
  const list = useQuery({ queryKey: ['ops', 'employers'], queryFn: () => api(opsCatalogueRoutes.employers) });
  const changed = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'employers'] });
    void qc.invalidateQueries({ queryKey: ['ops', 'projects'] });
  };
  const save = useMutation({
    mutationFn: (v: { id: number | null; body: EmployerBody & { retired?: boolean } }) =>
      v.id === null
        ? apiWithMessage(opsCatalogueRoutes.addEmployer, { body: v.body })
        : apiWithMessage(opsCatalogueRoutes.updateEmployer, { params: { employer_id: v.id }, body: v.body }),
    onSuccess: (r) => changed(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="employers-title">
      <div className="ops__heading">
        <h1 id="employers-title">{t('employersTitle')}</h1>
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('addEmployer')}
        </button>
      </div>
      <p className="muted">{t('employersIntro')}</p>
      <QueryView query={list} isEmpty={(d) => d.length === 0} empty={<EmptyState text={t('employersEmpty')} />}>
        {(rows) => (
          <DataTable
            label={t('employersTitle')}
            columns={[
              { id: 'id', header: t('colCatalogueId'), cell: (e) => e.employer_id, sortValue: (e) => e.employer_id },
              {
                id: 'name',
                header: t('employerName'),
                sortValue: (e) => e.employer_name,
                cell: (e) => (
                  <>
                    {e.theme_color && <span className="ops-swatch" style={{ background: e.theme_color }} aria-hidden="true" />}
                    {e.employer_name}
                    {e.translations.hi?.name && (
                      <>
                        {' · '}
                        <span lang="hi">{e.translations.hi.name}</span>
                      </>
                    )}
                  </>
                ),
              },
              { id: 'colour', header: t('themeColor'), cell: (e) => e.theme_color ?? <span className="muted">{t('none')}</span> },
              { id: 'logo', header: t('logo'), cell: (e) => (e.logo_key ? t('hasLogo') : <span className="muted">{t('none')}</span>) },
              { id: 'projects', header: t('navProjects'), cell: (e) => e.projects, sortValue: (e) => e.projects },
              {
                id: 'status',
                header: t('colStatus'),
                cell: (e) => (
                  <span className={`badge ${e.retired ? 'badge--danger' : 'badge--success'}`}>
                    {e.retired ? t('retired') : t('active')}
                  </span>
                ),
                sortValue: (e) => Number(e.retired),
              },
              {
                id: 'actions',
                header: t('colActions'),
                cell: (e) => (
                  <>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`${t('edit')} ${e.employer_name}`}
                      onClick={() => setEditing(e)}
                    >
                      {t('edit')}
                    </button>{' '}
                    <button
                      type="button"
                      className={`button button--small${e.retired ? '' : ' button--danger'}`}
                      disabled={save.isPending}
                      aria-label={`${e.retired ? t('restore') : t('retire')} ${e.employer_name}`}
                      onClick={() =>
                        save.mutate({
                          id: e.employer_id,
                          body: { employer_name: e.employer_name, theme_color: e.theme_color, retired: !e.retired },
                        })
                      }
                    >
                      {e.retired ? t('restore') : t('retire')}
                    </button>
                  </>
                ),
              },
            ]}
            rows={rows}
            rowId={(e) => e.employer_id}
          />
        )}
      </QueryView>
      {editing && (
        <EmployerDialog
          employer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(body) => save.mutateAsync({ id: editing === 'new' ? null : editing.employer_id, body })}
        />
      )}
    </section>
  );
}

function EmployerDialog(props: { employer: OpsEmployer | null; onClose: () => void; onSave: (body: EmployerBody) => Promise<unknown> }) {
  const e = props.employer;
  const form = useForm<z.input<typeof employerBodySchema>, unknown, EmployerBody>({
    resolver: zodResolver(employerBodySchema),
    defaultValues: {
      employer_name: e?.employer_name ?? '',
      theme_color: e?.theme_color ?? '',
      logo_file_id: null,
      translations: { hi: { name: e?.translations.hi?.name ?? '' } },
    },
  });
  const busy = form.formState.isSubmitting;
  const colour = form.watch('theme_color') ?? '';
  const submit = form.handleSubmit(async (body) => {
    try {
      await props.onSave(body);
      props.onClose();
    } catch {
      // The message bar says why; the dialog keeps what was typed.
    }
  });
  return (
    <ConfirmDialog
      open
      message={e ? `${t('edit')} ${e.employer_name}` : t('addEmployer')}
      onCancel={props.onClose}
      confirmLabel={busy ? t('saving') : t('save')}
      cancelLabel={t('cancel')}
      busy={busy}
      formId="ops-employer-form"
    >
      <form id="ops-employer-form" noValidate onSubmit={(ev) => void submit(ev)}>
        <Field label={t('employerName')} error={form.formState.errors.employer_name}>
          {(a11y) => <input {...a11y} className="input" autoComplete="off" maxLength={160} {...form.register('employer_name')} />}
        </Field>
        <Field label={t('inHindi', { label: t('employerName') })} error={form.formState.errors.translations?.hi?.name}>
          {(a11y) => (
            <input {...a11y} lang="hi" className="input" autoComplete="off" maxLength={160} {...form.register('translations.hi.name')} />
          )}
        </Field>
        <Field label={t('themeColor')} hint={t('themeColorHint')} error={form.formState.errors.theme_color}>
          {(a11y) => (
            <span className="ops__inline">
              {/^#[0-9a-fA-F]{6}$/.test(colour) && <span className="ops-swatch" style={{ background: colour }} aria-hidden="true" />}
              <input {...a11y} className="input" autoComplete="off" placeholder="#1d4ed8" maxLength={7} {...form.register('theme_color')} />
            </span>
          )}
        </Field>
        <MediaField label={t('logo')} current={e?.logo_key ?? null} onUploaded={(fileId) => form.setValue('logo_file_id', fileId)} />
      </form>
    </ConfirmDialog>
  );
}
