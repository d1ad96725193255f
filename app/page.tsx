import { currentStudio } from '@/lib/studio-handle';

export const dynamic = 'force-dynamic';

export default function HomePage() {
  const studio = currentStudio();
  return (
    <section aria-labelledby="agents-heading">
      <h1 id="agents-heading">Agents</h1>
      <p className="lead">
        Configure agents, pick their tools, and publish versions that applications load at runtime.
      </p>
      <p className="muted">Version {studio.version}</p>
    </section>
  );
}
