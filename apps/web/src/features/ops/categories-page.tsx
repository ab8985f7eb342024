import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { categoryBodySchema, opsCatalogueRoutes, type OpsCategory } from '@pmw/contract/catalogue';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { Field } from '../../shared/field';
import { EmptyState, QueryView } from './common';
import { DataTable } from './data-table';
import { t } from './messages';

type CategoryBody = z.output<typeof categoryBodySchema>;

/** Job categories: add, rename, retire (a retired one is not offered for new projects) and bring back. */
export function CategoriesPage() {
  const qc = useQueryClient();
  const [renaming, setRenaming] = useState<OpsCategory | null>(null);
  const form = useForm({ resolver: zodResolver(categoryBodySchema), defaultValues: { title: '', translations: { hi: { name: '' } } } });
  const list = useQuery({ queryKey: ['ops', 'categories'], queryFn: () => api(opsCatalogueRoutes.categories) });
  const changed = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'categories'] });
    void qc.invalidateQueries({ queryKey: ['ops', 'projects'] });
  };
  const add = useMutation({
    mutationFn: (body: CategoryBody) => apiWithMessage(opsCatalogueRoutes.addCategory, { body }),
    onSuccess: (r) => {
      form.reset();
      changed(r.message);
    },
    onError: showError,
  });
  const update = useMutation({
    mutationFn: (v: { id: number; title: string; retired?: boolean; hindi?: string | null }) =>
      apiWithMessage(opsCatalogueRoutes.updateCategory, {
        params: { job_category_id: v.id },
        body: {
          title: v.title,
          ...(v.retired === undefined ? {} : { retired: v.retired }),
          ...(v.hindi === undefined ? {} : { translations: { hi: { name: v.hindi } } }),
        },
      }),
    onSuccess: (r) => changed(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="categories-title">
      <h1 id="categories-title">{t('categoriesTitle')}</h1>
      <p className="muted">{t('categoriesIntro')}</p>
      <form className="ops__filters" aria-label={t('addCategory')} noValidate onSubmit={form.handleSubmit((body) => add.mutate(body))}>
        <Field label={t('categoryTitle')} error={form.formState.errors.title}>
          {(a11y) => <input {...a11y} className="input" autoComplete="off" maxLength={120} {...form.register('title')} />}
        </Field>
        <Field label={t('inHindi', { label: t('categoryTitle') })} error={form.formState.errors.translations?.hi?.name}>
          {(a11y) => (
            <input {...a11y} lang="hi" className="input" autoComplete="off" maxLength={120} {...form.register('translations.hi.name')} />
          )}
        </Field>
        <button type="submit" className="button" disabled={add.isPending}>
          {t('addCategory')}
        </button>
      </form>
      <QueryView query={list} isEmpty={(d) => d.length === 0} empty={<EmptyState text={t('categoriesEmpty')} />}>
        {(rows) => (
          <DataTable
            label={t('categoriesTitle')}
            columns={[
              { id: 'id', header: t('colCatalogueId'), cell: (c) => c.job_category_id, sortValue: (c) => c.job_category_id },
              {
                id: 'title',
                header: t('categoryTitle'),
                sortValue: (c) => c.title,
                cell: (c) => (
                  <>
                    {c.title}
                    {c.translations.hi?.name && (
                      <>
                        {' · '}
                        <span lang="hi">{c.translations.hi.name}</span>
                      </>
                    )}{' '}
                    {c.reference && (
                      <span className="badge" title={t('referenceHint')}>
                        {t('reference')}
                      </span>
                    )}
                  </>
                ),
              },
              { id: 'projects', header: t('navProjects'), cell: (c) => c.projects, sortValue: (c) => c.projects },
              {
                id: 'status',
                header: t('colStatus'),
                cell: (c) => (
                  <span className={`badge ${c.retired ? 'badge--danger' : 'badge--success'}`}>
                    {c.retired ? t('retired') : t('active')}
                  </span>
                ),
                sortValue: (c) => Number(c.retired),
              },
              {
                id: 'actions',
                header: t('colActions'),
                cell: (c) => (
                  <>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={t('renameLabel', { name: c.title })}
                      onClick={() => setRenaming(c)}
                    >
                      {t('rename')}
                    </button>{' '}
                    <button
                      type="button"
                      className={`button button--small${c.retired ? '' : ' button--danger'}`}
                      disabled={update.isPending}
                      aria-label={`${c.retired ? t('restore') : t('retire')} ${c.title}`}
                      onClick={() => update.mutate({ id: c.job_category_id, title: c.title, retired: !c.retired })}
                    >
                      {c.retired ? t('restore') : t('retire')}
                    </button>
                  </>
                ),
              },
            ]}
            rows={rows}
            rowId={(c) => c.job_category_id}
          />
        )}
      </QueryView>
      {renaming && (
        <RenameDialog
          category={renaming}
          onClose={() => setRenaming(null)}
          onSave={(title, hindi) => update.mutateAsync({ id: renaming.job_category_id, title, hindi })}
        />
      )}
    </section>
  );
}

function RenameDialog(props: {
  category: OpsCategory;
  onClose: () => void;
  onSave: (title: string, hindi: string | null) => Promise<unknown>;
}) {
  const form = useForm({
    resolver: zodResolver(categoryBodySchema),
    defaultValues: { title: props.category.title, translations: { hi: { name: props.category.translations.hi?.name ?? '' } } },
  });
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ title, translations }) => {
    try {
      await props.onSave(title, translations?.hi?.name ?? null);
      props.onClose();
    } catch {
      // The message bar says why; the dialog keeps the text.
    }
  });
  return (
    <ConfirmDialog
      open
      message={t('renameLabel', { name: props.category.title })}
      onCancel={props.onClose}
      confirmLabel={busy ? t('saving') : t('save')}
      cancelLabel={t('cancel')}
      busy={busy}
      formId="ops-rename-category"
    >
      <form id="ops-rename-category" noValidate onSubmit={(e) => void submit(e)}>
        <Field label={t('categoryTitle')} error={form.formState.errors.title}>
          {(a11y) => <input {...a11y} className="input" autoComplete="off" maxLength={120} {...form.register('title')} />}
        </Field>
        <Field label={t('inHindi', { label: t('categoryTitle') })} error={form.formState.errors.translations?.hi?.name}>
          {(a11y) => (
            <input {...a11y} lang="hi" className="input" autoComplete="off" maxLength={120} {...form.register('translations.hi.name')} />
          )}
        </Field>
      </form>
    </ConfirmDialog>
  );
}
