import { useRouteError } from 'react-router';

/** Shown when a route fails to load (a chunk on a dropped connection) or throws. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="center-page">
      <h1>Something went wrong</h1>
      <p>Please check your connection and try again.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
