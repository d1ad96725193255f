import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { SimplePage } from '../_components/simple-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tools' };

export default function ToolsPage() {
  const tools = currentStudio().tools.list();
  return (
    <SimplePage
      title="Tools"
      lead="The tools registered in code (studio.config.ts). Agents select them in the agent editor's Tools tab. A runner for each tool is not available here yet: the CLI runs them (agent-studio tool execute)."
    >
      <ul className="flex flex-col gap-2">
        {tools.map((tool) => (
          <li key={tool.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <span className="font-mono font-semibold">{tool.id}</span>
            <p className="text-sm text-slate-700">{tool.description}</p>
          </li>
        ))}
      </ul>
    </SimplePage>
  );
}
