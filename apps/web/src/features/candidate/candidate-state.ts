import { useLocation } from 'react-router';
import { candidateStateSchema, type CandidateState } from '@pmw/contract/hiring';

/**
 * The job, location and recruiter carried from page to page: in router state
 * inside the app, or in the address when the server-rendered job page linked
 * here; null without them.
 */
export function useCandidateState(): CandidateState | null {
  const location = useLocation();
  const fromState = candidateStateSchema.safeParse(location.state);
  if (fromState.success) return fromState.data;
  const q = new URLSearchParams(location.search);
  const fromAddress = candidateStateSchema.safeParse({
    job_id: Number(q.get('job_id')),
    job_location_id: Number(q.get('job_location_id')),
    recruiter_id: Number(q.get('recruiter_id')),
    job_title: q.get('job_title') ?? undefined,
  });
  return fromAddress.success ? fromAddress.data : null;
}
