import { criteriaPairs, type CampaignTaskForm } from '@pmw/contract/campaign';
import { Dialog } from '../../shared/dialog';
import { t } from './messages';

/** The product's customer terms, criteria pairs and features. */
export function DetailsDialog(props: { form: CampaignTaskForm; open: boolean; onClose: () => void }) {
  const { form } = props;
  const pairs = criteriaPairs(form.customerCriteria);
  return (
    <Dialog open={props.open} onClose={props.onClose} title={t('detailsTitle', { title: form.job_title })} variant="sheet">
      {pairs.length > 0 && (
        <>
          <h3>{t('criteria')}</h3>
          <dl className="criteria">
            {pairs.map((p) => (
              <div key={p.label} className="criteria__row">
                <dt>{p.label}</dt>
                <dd>{p.value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {form.customerFeatures.length > 0 && (
        <>
          <h3>{t('features')}</h3>
          <ul className="details-features">
            {form.customerFeatures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
      {form.customerTnc && (
        <>
          <h3>{t('terms')}</h3>
          <p className="muted">{form.customerTnc}</p>
        </>
      )}
    </Dialog>
  );
}
