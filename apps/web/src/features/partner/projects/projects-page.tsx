/** Placeholder until the projects page is built; it says so rather than pretending. */
export function ProjectsPage() {
  return (
    <section>
      <h1>Projects</h1>
      <p className="muted">This page is not available yet.</p>
    </section>
  );
}
