import { useLocation, useNavigate } from 'react-router';

/** What the list puts in the history entry of a page it opens, so that page's back arrow can step back to it. */
export const FROM_LIST = { fromList: true } as const;

/**
 * The back arrow of a ticket or the create steps: one step back when the list
 * opened the page, else the list itself in place of this page. A page opened
 * straight from a link or a bookmark so never steps back out of the site.
 */
export function useBackToList(userId: number): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  return () => {
    if (fromList) void navigate(-1);
    else void navigate(`/support?user_id=${userId}`, { replace: true });
  };
}

/** Whether this tab has an earlier page of the site to go back to (the router numbers its entries). */
export const hasEarlierPage = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
