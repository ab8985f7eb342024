/** Placeholder until this area is built; it says so rather than pretending. */
export function TeamArea() {
  return (
    <main className="center-page">
      <h1>PickMyWork Team</h1>
      <p className="muted">This page is not available yet.</p>
    </main>
  );
}
