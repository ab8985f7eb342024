import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@pmw/contract/auth';
import {
  eligibleTicketTypes,
  leadFilterForType,
  rupees,
  stepAfterJob,
  stepAfterType,
  ticketTypeCode,
  ticketTypeText,
  type CreateStep,
  type Recharge,
  type SupportJob,
  type SupportLead,
  type TicketAddBody,
  TICKET_TYPE,
} from '@pmw/contract/support';
import { Loader } from '../../shared/loader';
import { showError } from '../../shared/message-bar';
import { QueryView } from '../../shared/query-view';
import { TicketTypeIcon } from '../../shared/ticket-type-icon';
import { createTicket, fetchJobs, fetchLeads, fetchMetadata, fetchRecharges, keys } from './support-api';
import { useBackToList } from './back-to-list';
import { t } from './messages';
import { formatDate, textOf } from '../../shared/i18n';
import { supportCatalogue } from '@pmw/contract/texts/support';
import { LanguageSwitch } from '../../shared/language-switch';
import { LEAD_ARCHIVE_STATUS } from '@pmw/contract/lead-status';

/** The spec's words when a list of the create steps does not load, with the server's message. */
const loadWords = () => ({ failed: t('notAbleToGetDetails'), retry: t('retry'), loading: t('loading') });

/** /support/create: type, then project, lead or recharge as the type needs, then the ticket opens. */
export function CreatePage({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const toList = useBackToList(user.user_id);
  const [step, setStep] = useState<CreateStep>('SELECT_TYPE');
  const [type, setType] = useState<number | null>(null);
  const [job, setJob] = useState<SupportJob | null>(null);
  const [opening, setOpening] = useState(false);
  const userId = user.user_id;

  async function open(body: Omit<TicketAddBody, 'user_id'>) {
    setOpening(true);
    try {
      const ticket = await createTicket({ ...body, user_id: userId });
      await queryClient.invalidateQueries({ queryKey: keys.tickets });
      // The ticket takes this page's place: its back arrow returns to whatever opened the steps.
      navigate(`/support/ticket?user_id=${userId}&ticket_id=${ticket.ticket_id}`, { replace: true, state: location.state });
    } catch (err) {
      showError(err);
      setOpening(false);
    }
  }

  function chooseType(next: number) {
    setType(next);
    const after = stepAfterType(next);
    if (after === 'OPEN') void open({ ticket_type: next, ticket_title: ticketTypeText(next) });
    else setStep(after);
  }
  function chooseJob(next: SupportJob) {
    setJob(next);
    if (stepAfterJob(type!) === 'OPEN') {
      void open({ ticket_type: type!, tag_type: 'JOB', tag_id: next.job_id, ticket_title: `${next.Employer.employer_name}-${next.title}` });
    } else setStep('SELECT_FORM_RESPONSE');
  }
  function chooseLead(lead: SupportLead) {
    void open({
      ticket_type: type!,
      tag_type: 'JOB',
      tag_id: job!.job_id,
      ref_type: 'FORM_RESPONSE',
      ref_id: lead.form_response_id,
      ticket_title: `${lead.name ?? ''}-${lead.number ?? ''}`,
    });
  }
  function chooseRecharge(r: Recharge) {
    void open({
      ticket_type: TICKET_TYPE.RECHARGE,
      tag_type: 'SERVICE_PURCHASE',
      tag_id: 1,
      ref_type: 'ID',
      ref_id: r.service_purchase_id,
      ticket_title: `${r.account_number}-${rupees(r.amount)}`,
    });
  }
  function back() {
    if (step === 'SELECT_FORM_RESPONSE') setStep('SELECT_JOB');
    else if (step === 'SELECT_TYPE') toList();
    else setStep('SELECT_TYPE');
  }

  const title =
    step === 'SELECT_JOB'
      ? t('selectProject')
      : step === 'SELECT_FORM_RESPONSE'
        ? type === TICKET_TYPE.PENDING_TASKS
          ? t('selectLeadsExtended')
          : t('selectLeads')
        : step === 'SELECT_RECHARGE'
          ? t('selectRecharge')
          : t('createTitle');

  return (
    <div className="support">
      <header className="support__header">
        <button type="button" className="icon-button" aria-label={t('back')} onClick={back} disabled={opening}>
          ←
        </button>
        <h1>{title}</h1>
        <LanguageSwitch className="lang-switch--on-brand" />
      </header>
      <main className="support__body">
        {opening ? (
          <Loader label={t('opening')} />
        ) : step === 'SELECT_TYPE' ? (
          <TypeStep userId={userId} onChoose={chooseType} />
        ) : step === 'SELECT_JOB' ? (
          <JobStep userId={userId} type={type!} onChoose={chooseJob} onBack={toList} />
        ) : step === 'SELECT_FORM_RESPONSE' ? (
          <LeadStep userId={userId} type={type!} job={job!} onChoose={chooseLead} />
        ) : (
          <RechargeStep userId={userId} onChoose={chooseRecharge} />
        )}
      </main>
    </div>
  );
}

function TypeStep({ userId, onChoose }: { userId: number; onChoose: (type: number) => void }) {
  const meta = useQuery({ queryKey: keys.metadata, queryFn: () => fetchMetadata(userId) });
  return (
    <QueryView query={meta} {...loadWords()}>
      {(data) => <TypeList isWorked={data[0]?.is_worked ?? false} onChoose={onChoose} />}
    </QueryView>
  );
}

function TypeList({ isWorked, onChoose }: { isWorked: boolean; onChoose: (type: number) => void }) {
  const types = eligibleTicketTypes(isWorked);
  return (
    <>
      <h2 className="support__subtitle">{t('selectType')}</h2>
      <ul className="choice-list">
        {types.map((type) => (
          <li key={type}>
            <button type="button" className="choice card" onClick={() => onChoose(type)}>
              <TicketTypeIcon type={type} />
              <span className="choice__main">{textOf(supportCatalogue, ticketTypeCode(type))}</span>
              <span aria-hidden="true" className="choice__chevron">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function JobStep({
  userId,
  type,
  onChoose,
  onBack,
}: {
  userId: number;
  type: number;
  onChoose: (job: SupportJob) => void;
  onBack: () => void;
}) {
  const jobs = useQuery({ queryKey: keys.jobs(type), queryFn: () => fetchJobs(userId, type) });
  const empty = (
    <div className="empty">
      <p>{t('noTasks')}</p>
      <button type="button" className="button" onClick={onBack}>
        {t('backToQueries')}
      </button>
    </div>
  );
  return (
    <QueryView query={jobs} {...loadWords()} isEmpty={(d) => d.length === 0} empty={empty}>
      {(list) => (
        <ul className="choice-list">
          {list.map((job) => (
            <li key={job.job_id}>
              <button type="button" className="choice card" onClick={() => onChoose(job)}>
                <span className="choice__logo" aria-hidden="true">
                  {job.Employer.employer_name.slice(0, 1)}
                </span>
                <span className="choice__main">
                  <span className="choice__muted">{job.Employer.employer_name}</span>
                  <span className="choice__title">{job.title}</span>
                  <span className="badge">{job.JobCategory.title}</span>
                </span>
                <span aria-hidden="true" className="choice__chevron">
                  ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function LeadStep({
  userId,
  type,
  job,
  onChoose,
}: {
  userId: number;
  type: number;
  job: SupportJob;
  onChoose: (lead: SupportLead) => void;
}) {
  const filter = leadFilterForType(type);
  const leads = useQuery({ queryKey: keys.leads(job.job_id, type), queryFn: () => fetchLeads(userId, { job_id: job.job_id, ...filter }) });
  return (
    <QueryView query={leads} {...loadWords()} isEmpty={(d) => d.length === 0} empty={t('noLeads')}>
      {(list) => (
        <ul className="choice-list">
          {list.map((lead) => (
            <li key={lead.form_response_id}>
              <button type="button" className="choice card" onClick={() => onChoose(lead)}>
                <span className="choice__main">
                  <span className="choice__title">{lead.name}</span>
                  <span>{lead.number}</span>
                  <span className="choice__muted">{formatDate(lead.created_on)}</span>
                </span>
                {lead.archive_status === LEAD_ARCHIVE_STATUS.expired && <span className="badge badge--danger">{t('expired')}</span>}
                <span aria-hidden="true" className="choice__chevron">
                  ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function RechargeStep({ userId, onChoose }: { userId: number; onChoose: (r: Recharge) => void }) {
  const recharges = useQuery({ queryKey: keys.recharges, queryFn: () => fetchRecharges(userId) });
  return (
    <QueryView query={recharges} {...loadWords()} isEmpty={(d) => d.length === 0} empty={t('noRecharges')}>
      {(list) => (
        <ul className="choice-list">
          {list.map((r) => (
            <li key={r.service_purchase_id}>
              <button type="button" className="choice card" onClick={() => onChoose(r)}>
                <span className="choice__main">
                  <span className="choice__title">{r.account_number}</span>
                  {r.operator && <span className="choice__muted">{r.operator}</span>}
                  <span className="choice__muted">{formatDate(r.created_on)}</span>
                </span>
                <span className="choice__amount">₹{rupees(r.amount)}</span>
                <span aria-hidden="true" className="choice__chevron">
                  ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
