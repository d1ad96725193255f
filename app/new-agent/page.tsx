import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { modelChoices } from '../_components/model-suggestions';
import { SimplePage } from '../_components/simple-page';
import { currentPermissions } from '../_server/principal';
import { NewAgentForm } from './new-agent-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New agent' };

export default async function NewAgentPage() {
  return (
    <SimplePage
      title="New agent"
      lead="Give the agent a name, a model and its instructions. Creating it saves version 1 as a draft; tools are picked in the editor that opens next."
      className="max-w-3xl"
    >
      {(await currentPermissions()).edit ? (
        <NewAgentForm {...await modelChoices(currentStudio())} />
      ) : (
        <p role="note" className="text-sm">
          Your role cannot create agents: an editor or an admin can.
        </p>
      )}
    </SimplePage>
  );
}
