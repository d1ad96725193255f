import { StatusBadge } from './_components/status-badge';
import { currentStudio } from '@/lib/studio-handle';

export const dynamic = 'force-dynamic';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export default async function AgentsPage() {
  const studio = currentStudio();
  const { items } = await studio.editor.agents.list({ limit: 100 });
  return (
    <section aria-labelledby="agents-heading">
      <h1 id="agents-heading">Agents</h1>
      <p className="lead">
        Configure agents, pick their tools, and publish versions that applications load at runtime.
      </p>
      {items.length === 0 ? (
        <p className="empty">
          No agents yet. Create one with <code>POST /api/agents</code> or register one in studio.config.ts.
        </p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Published version</th>
              <th scope="col">Last edit</th>
            </tr>
          </thead>
          <tbody>
            {items.map((agent) => (
              <tr key={agent.id}>
                <td>
                  <span className="agent-name">{agent.name ?? agent.id}</span>
                  <span className="muted agent-id">{agent.id}</span>
                </td>
                <td>{agent.source === 'code' ? 'Code' : 'Stored'}</td>
                <td>
                  <StatusBadge status={agent.status} hasUnpublishedChanges={agent.hasUnpublishedChanges} />
                </td>
                <td>{agent.activeVersionNumber === null ? '—' : `v${agent.activeVersionNumber}`}</td>
                <td>
                  {agent.updatedAt ? dateFormat.format(new Date(agent.updatedAt)) : '—'}
                  {agent.authorId ? <span className="muted"> by {agent.authorId}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">Version {studio.version}</p>
    </section>
  );
}
