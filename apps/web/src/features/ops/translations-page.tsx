import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { opsProjectRoutes, type MissingHindiRow } from '@pmw/contract/ops-projects';
import { api } from '../../shared/api-client';
import { EmptyState, QueryView } from './common';
import { t } from './messages';

const editorOf = (row: MissingHindiRow) =>
  row.kind === 'project' ? `/ops/projects/${row.id}` : row.kind === 'category' ? '/ops/categories' : '/ops/employers';
const kindLabel = { project: 'hindiKindProject', category: 'hindiKindCategory', employer: 'hindiKindEmployer' } as const;

/** Everything ops wrote in English and not yet in Hindi, each with a link to where it is written. */
export function TranslationsPage() {
  const list = useQuery({ queryKey: ['ops', 'projects', 'missing-hindi'], queryFn: () => api(opsProjectRoutes.missingHindi) });
  return (
    <section aria-labelledby="hindi-title">
      <h1 id="hindi-title">{t('hindiTitle')}</h1>
      <p className="muted">{t('hindiIntro')}</p>
      <QueryView query={list} isEmpty={(rows) => rows.length === 0} empty={<EmptyState text={t('hindiEmpty')} />}>
        {(rows) => (
          <ul className="ops__missing">
            {rows.map((row) => (
              <li key={`${row.kind}-${row.id}`} className="card">
                <h2>
                  <Link to={editorOf(row)}>
                    {t(kindLabel[row.kind])} {row.id}: {row.name}
                  </Link>
                </h2>
                <p className="muted">{t('hindiCount', { count: row.missing.length })}</p>
                <ul>
                  {row.missing.map((m, i) => (
                    <li key={i}>
                      <code>{m.field}</code> {m.english}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
