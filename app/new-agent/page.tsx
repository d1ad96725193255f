import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { modelChoices } from '../_components/model-suggestions';
import { NewAgentForm } from './new-agent-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New agent' };

export default function NewAgentPage() {
  return (
    <section aria-labelledby="new-agent-heading" className="flex max-w-3xl flex-col gap-4">
      <h1 id="new-agent-heading" className="text-2xl font-semibold">
        New agent
      </h1>
      <p className="text-slate-700">
        Give the agent a name, a model and its instructions. Creating it saves version 1 as a draft; tools are picked in
        the editor that opens next.
      </p>
      <NewAgentForm {...modelChoices(currentStudio())} />
    </section>
  );
}
