import { useLocation } from 'react-router';
import { candidateStateSchema, type CandidateState } from '@pmw/contract/hiring';

/** The job, location and recruiter carried from page to page in router state; null without them. */
export function useCandidateState(): CandidateState | null {
  const location = useLocation();
  const parsed = candidateStateSchema.safeParse(location.state);
  return parsed.success ? parsed.data : null;
}
