import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loader } from './loader';
import { errorText } from './message-bar';
import { t as sharedT } from './messages';

/** What a screen needs of a query (or of several, through `allQueries`). */
export type QueryState<T> = Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'isFetching'> & {
  refetch: () => Promise<unknown>;
  /** 'paused' while the browser has no network: the query waits for it instead of failing. */
  fetchStatus?: UseQueryResult<T>['fetchStatus'];
};

export interface LoadWords {
  /** The area's own words for what could not be loaded ('Could not load your leads.'). */
  failed: string;
  retry?: string | undefined;
  loading?: string | undefined;
}

/**
 * A failed load: the area's words, the server's message under them (when it
 * says something else) and Retry. Screens whose error has its own way out
 * (an invalid link going home) use this for the other failures.
 */
export function LoadFailed(props: LoadWords & { error: unknown; onRetry: () => void; busy?: boolean; className?: string }) {
  const detail = props.error ? errorText(props.error) : '';
  return (
    <div className={`query-state ${props.className ?? ''}`} role="alert">
      <p className="query-state__title">{props.failed}</p>
      {detail && detail !== props.failed && <p className="query-state__detail">{detail}</p>}
      <button type="button" className="button button--ghost" disabled={props.busy} onClick={props.onRetry}>
        {props.busy ? sharedT('retrying') : (props.retry ?? sharedT('retry'))}
      </button>
    </div>
  );
}

/**
 * Loading, error (the area's words, the server's message and Retry) and empty
 * states around what a query loaded; the content renders only with data.
 */
export function QueryView<T>(
  props: LoadWords & {
    query: QueryState<T>;
    isEmpty?: (data: T) => boolean;
    /** Shown when `isEmpty` says so. */
    empty?: ReactNode;
    className?: string;
    children: (data: T) => ReactNode;
  },
) {
  const { query } = props;
  if (query.isError) {
    return (
      <LoadFailed
        failed={props.failed}
        retry={props.retry}
        error={query.error}
        busy={query.isFetching}
        onRetry={() => void query.refetch()}
        className={props.className}
      />
    );
  }
  if (query.data === undefined && query.fetchStatus === 'paused') {
    // No signal: say so, rather than a spinner that never ends; the query runs by itself when the network returns.
    return (
      <div className={`query-state ${props.className ?? ''}`} role="status">
        <p className="query-state__title">{sharedT('waitingForNetwork')}</p>
      </div>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <div className={`query-state query-state--loading ${props.className ?? ''}`}>
        <Loader label={props.loading ?? sharedT('loading')} />
      </div>
    );
  }
  if (props.isEmpty?.(query.data)) {
    return typeof props.empty === 'string' || props.empty === undefined ? (
      <p className="empty">{props.empty ?? sharedT('empty')}</p>
    ) : (
      <>{props.empty}</>
    );
  }
  return <>{props.children(query.data)}</>;
}

/** Several queries as one: loading until all have data, failed when any failed, Retry refetches the failed ones. */
export function allQueries<const Q extends readonly QueryState<unknown>[]>(
  ...queries: Q
): QueryState<{ [K in keyof Q]: NonNullable<Q[K]['data']> }> {
  const failed = queries.find((q) => q.isError);
  const ready = queries.every((q) => q.data !== undefined);
  return {
    isPending: !failed && !ready,
    isError: !!failed,
    error: failed?.error ?? null,
    isFetching: queries.some((q) => q.isFetching),
    fetchStatus: queries.some((q) => q.data === undefined && q.fetchStatus === 'paused')
      ? 'paused'
      : queries.some((q) => q.isFetching)
        ? 'fetching'
        : 'idle',
    data: ready ? (queries.map((q) => q.data) as { [K in keyof Q]: NonNullable<Q[K]['data']> }) : undefined,
    refetch: () => Promise.all(queries.filter((q) => q.isError || q.data === undefined).map((q) => q.refetch())),
  } as QueryState<{ [K in keyof Q]: NonNullable<Q[K]['data']> }>;
}
