'use client';
/** The agent editor's tabs (Runs lists the agent's runs); the Playground stays mounted so a conversation survives a look at another tab. */
import type { UseFormReturn } from 'react-hook-form';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../_components/ui/tabs';
import { usePermissions } from '../../../_components/permissions';
import { RoleFields } from '../../../_components/role-fields';
import { BasicsTab } from './basics-tab';
import { DeleteAgent } from './delete-agent';
import { ConditionsTab } from './conditions-tab';
import { PlaygroundTab } from './playground/playground-tab';
import { PreviewTab } from './preview-tab';
import { RunsTab } from './runs-tab';
import { TestsTab } from './tests/tests-tab';
import { ToolsTab } from './tools-tab';
import type { EditorData, EditorValues } from './types';
import type { useVersionActions } from './use-version-actions';
import { VersionsTab } from './versions-tab';
import type { DraftTabProps, SavedTabProps } from './tab-props';
import type { UnsavedDraft } from './unsaved-draft';

export function EditorTabs({
  tab,
  onTab,
  data,
  form,
  draft,
  dirty,
  announce,
  refresh,
  versionActions,
  openVersion,
  unsavedDraft,
  generation = 0,
}: {
  tab: string;
  onTab: (tab: string) => void;
  data: EditorData;
  form: UseFormReturn<EditorValues>;
  draft: DraftTabProps;
  dirty: boolean;
  announce: (text: string) => void;
  refresh: () => void;
  versionActions: Omit<ReturnType<typeof useVersionActions>, 'publishDialog'>;
  /** The version the editor was opened at (`?version=<n>`), shown read-only on the Versions tab. */
  openVersion: number | null;
  /** The form's changes as a request's `draft` (null when none): Preview and the Playground can try them. */
  unsavedDraft: UnsavedDraft | null;
  /** Changes when the draft is discarded: the draft tabs start again from the form. */
  generation?: number;
}) {
  const { agent, version } = data;
  const { edit } = usePermissions();
  const codeAgentModel = ({ codeAgent }: EditorData) => codeAgent?.model ?? undefined;
  const saved: SavedTabProps = {
    agentId: agent.id,
    latestVersionNumber: agent.latestVersionNumber,
    activeVersionNumber: agent.activeVersionNumber,
    dirty,
    // Only editors may run a draft (the server refuses anyone else).
    unsavedDraft: edit ? unsavedDraft : null,
    draftValues: draft.values,
    announce,
  };
  return (
    <Tabs value={tab} onValueChange={onTab} data-main-content>
      <TabsList aria-label="Agent settings">
        <TabsTrigger value="basics">Basics</TabsTrigger>
        <TabsTrigger value="tools">Tools</TabsTrigger>
        <TabsTrigger value="conditions">Conditions</TabsTrigger>
        <TabsTrigger value="preview">Preview</TabsTrigger>
        <TabsTrigger value="versions">Versions</TabsTrigger>
        <TabsTrigger value="playground">Playground</TabsTrigger>
        <TabsTrigger value="runs">Runs</TabsTrigger>
        <TabsTrigger value="tests">Tests</TabsTrigger>
      </TabsList>
      <TabsContent value="basics">
        <RoleFields what="this agent">
          <BasicsTab
            key={generation}
            {...draft}
            register={form.register}
            errors={form.formState.errors}
            models={data.models}
          />
        </RoleFields>
        {edit && agent.source === 'stored' ? <DeleteAgent agentId={agent.id} name={version.name ?? agent.id} /> : null}
      </TabsContent>
      <TabsContent value="tools">
        <RoleFields what="this agent's tools">
          <ToolsTab key={generation} {...draft} />
        </RoleFields>
      </TabsContent>
      <TabsContent value="conditions">
        <RoleFields what="this agent's conditions">
          <ConditionsTab key={generation} {...draft} />
        </RoleFields>
      </TabsContent>
      <TabsContent value="preview">
        <PreviewTab {...saved} version={version} />
      </TabsContent>
      <TabsContent value="versions">
        <VersionsTab
          {...saved}
          versions={data.versions}
          labels={data.labels}
          publishMessages={data.publishMessages ?? {}}
          actions={versionActions}
          refresh={refresh}
          initialViewing={openVersion}
        />
      </TabsContent>
      {/* Kept mounted, so a conversation (and a run streaming into it) survives a look at another tab. */}
      <TabsContent value="playground" forceMount className="data-[state=inactive]:hidden">
        <PlaygroundTab
          {...saved}
          latest={version}
          published={data.versions.items.find((item) => item.versionNumber === agent.activeVersionNumber)}
          models={{
            draft: version.model ?? codeAgentModel(data),
            published: data.versions.items.find((item) => item.versionNumber === agent.activeVersionNumber)?.model,
          }}
          keylessProviders={data.keylessProviders}
          showTests={() => onTab('tests')}
        />
      </TabsContent>
      {/* Mounted when opened, so each visit lists the runs made since (the Playground's too). */}
      <TabsContent value="runs">
        <RunsTab agentId={agent.id} />
      </TabsContent>
      {/* Mounted when opened too: each visit reads the test cases saved since. */}
      <TabsContent value="tests">
        <TestsTab
          agentId={agent.id}
          latest={version}
          versionNumbers={data.versions.items.map((item) => item.versionNumber)}
          activeVersionNumber={agent.activeVersionNumber}
          codeAgent={data.codeAgent}
        />
      </TabsContent>
    </Tabs>
  );
}
