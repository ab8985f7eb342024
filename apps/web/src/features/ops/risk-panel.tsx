import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsRiskRoutes, RISK_SIGNAL_TITLE, type LeadRisk, type RiskLevel, type RiskSignal } from '@pmw/contract/risk';
import { api, apiWithMessage } from '../../shared/api-client';
import { Dialog } from '../../shared/dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { FileButton, QueryView, ReasonDialog } from './common';
import { t } from './messages';

/** A lead's risk level as a badge; nothing for a lead that is not flagged unless `always`. */
export function RiskBadge({ level, always }: { level: RiskLevel; always?: boolean }) {
  if (level === 'high') return <span className="badge badge--danger">{t('riskHigh')}</span>;
  if (level === 'review') return <span className="badge badge--warning">{t('riskReview')}</span>;
  return always ? <span className="badge">{t('riskNone')}</span> : null;
}

/** The queue's Risk cell: the level and, under it, why (each standing signal's reason). */
export function RiskCell({ level, signals }: { level: RiskLevel; signals: { kind: string; reason: string }[] }) {
  if (level === 'none' && signals.length === 0) return null;
  return (
    <div className="ops__risk-cell">
      <RiskBadge level={level} />
      {signals.length > 0 && (
        <ul className="ops__risk-reasons">
          {signals.map((s, i) => (
            <li key={i}>{s.reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The lead's signals with their reasons and evidence; each can be marked wrong with a note. */
export function LeadRiskSection({ leadId, risk, onOpenLead }: { leadId: number; risk: LeadRisk; onOpenLead: (id: number) => void }) {
  const qc = useQueryClient();
  const [marking, setMarking] = useState<RiskSignal | null>(null);
  return (
    <section aria-labelledby={`risk-${leadId}`} className="ops__risk">
      <h3 id={`risk-${leadId}`}>
        {t('riskTitle')} <RiskBadge level={risk.level} always /> <span className="muted">{t('riskScore', { score: risk.score })}</span>
      </h3>
      {risk.signals.length === 0 ? (
        <p className="muted">{t('riskNoSignals')}</p>
      ) : (
        <ul className="ops__signals">
          {risk.signals.map((s) => (
            <li key={s.signal_id} className={s.dismissed ? 'ops__signal ops__signal--dismissed' : 'ops__signal'}>
              <strong>{RISK_SIGNAL_TITLE[s.kind]}</strong> <span className="muted">+{s.weight}</span>
              <p>{s.reason}</p>
              <Evidence signal={s} onOpenLead={onOpenLead} />
              {s.dismissed ? (
                <p className="muted">{t('riskMarkedWrong', { note: s.dismissed_note ?? '' })}</p>
              ) : (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`${t('riskMarkWrong')}: ${RISK_SIGNAL_TITLE[s.kind]}`}
                  onClick={() => setMarking(s)}
                >
                  {t('riskMarkWrong')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={marking !== null}
        title={t('riskMarkWrongTitle')}
        label={t('riskMarkWrongNote')}
        confirm={t('riskMarkWrong')}
        onClose={() => setMarking(null)}
        onSubmit={async (note) => {
          if (!marking) return;
          const r = await apiWithMessage(opsRiskRoutes.dismissSignal, {
            params: { form_response_id: leadId, signal_id: marking.signal_id },
            body: { note },
          });
          showSuccess(r.message);
          void qc.invalidateQueries({ queryKey: ['ops', 'lead', leadId] });
          void qc.invalidateQueries({ queryKey: ['ops', 'leads'] });
        }}
      />
    </section>
  );
}

function Evidence({ signal, onOpenLead }: { signal: RiskSignal; onOpenLead: (id: number) => void }) {
  const e = signal.evidence;
  if (!e.form_response_ids.length && !e.user_ids.length && !e.file_ids.length) return null;
  return (
    <dl className="ops__dl">
      {e.form_response_ids.length > 0 && (
        <div>
          <dt>{t('riskEvidenceLeads')}</dt>
          <dd>
            {e.form_response_ids.map((id) => (
              <button key={id} type="button" className="link-button" onClick={() => onOpenLead(id)}>
                #{id}
              </button>
            ))}
          </dd>
        </div>
      )}
      {e.user_ids.length > 0 && (
        <div>
          <dt>{t('riskEvidencePeople')}</dt>
          <dd>{e.user_ids.map((id) => `PMW${id}`).join(', ')}</dd>
        </div>
      )}
      {e.file_ids.length > 0 && (
        <div>
          <dt>{t('riskEvidenceFiles')}</dt>
          <dd>
            {e.file_ids.map((id) => (
              <FileButton key={id} fileId={id} label={t('riskFile', { id })} />
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** A partner's risk over 30 days, by signal, and the hold on their new leads. */
export function PartnerRiskDialog({ userId, name, onClose }: { userId: number; name: string; onClose: () => void }) {
  const qc = useQueryClient();
  const key = ['ops', 'partner-risk', userId];
  const summary = useQuery({ queryKey: key, queryFn: () => api(opsRiskRoutes.partnerRisk, { params: { user_id: userId } }) });
  const hold = useMutation({
    mutationFn: (on_hold: boolean) => apiWithMessage(opsRiskRoutes.partnerHold, { params: { user_id: userId }, body: { on_hold } }),
    onSuccess: (r) => {
      showSuccess(r.message);
      qc.setQueryData(key, r.data);
    },
    onError: showError,
  });
  return (
    <Dialog
      open
      title={t('partnerRiskOf', { name })}
      onClose={onClose}
      footer={
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      <QueryView query={summary}>
        {(s) => (
          <div className="ops__risk">
            <p>
              {s.leads
                ? t('partnerRiskSummary', { flagged: s.flagged, leads: s.leads, days: s.days })
                : t('partnerRiskNone', { days: s.days })}
            </p>
            {s.by_kind.length > 0 && (
              <>
                <h3>{t('partnerRiskBy')}</h3>
                <ul>
                  {s.by_kind.map((k) => (
                    <li key={k.kind}>{t('partnerRiskKind', { title: RISK_SIGNAL_TITLE[k.kind], n: k.leads })}</li>
                  ))}
                </ul>
              </>
            )}
            {s.on_hold && <p className="badge badge--warning">{t('partnerHeld')}</p>}
            <p>
              <button
                type="button"
                className={s.on_hold ? 'button button--ghost' : 'button button--danger'}
                disabled={hold.isPending}
                onClick={() => hold.mutate(!s.on_hold)}
              >
                {s.on_hold ? t('partnerRelease') : t('partnerHold')}
              </button>
            </p>
          </div>
        )}
      </QueryView>
    </Dialog>
  );
}
