'use client';
/** The agent editor's tabs; the Playground stays mounted so a conversation survives a look at another tab. */
import type { UseFormReturn } from 'react-hook-form';
import type { ContextField } from '@/lib/rules';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../_components/ui/tabs';
import type { ErrorAt } from '../../../_lib/form-errors';
import { BasicsTab } from './basics-tab';
import { ConditionsTab } from './conditions-tab';
import { PlaygroundTab } from './playground/playground-tab';
import { PreviewTab } from './preview-tab';
import { ToolsTab } from './tools-tab';
import type { EditedField, EditorData, EditorValues } from './types';
import type { useMcpTools } from './use-mcp-tools';
import type { useVersionActions } from './use-version-actions';
import { VersionsTab } from './versions-tab';

export function EditorTabs({
  tab,
  onTab,
  data,
  form,
  values,
  setField,
  contextFields,
  errorAt,
  mcp,
  dirty,
  announce,
  refresh,
  versionActions,
}: {
  tab: string;
  onTab: (tab: string) => void;
  data: EditorData;
  form: UseFormReturn<EditorValues>;
  values: EditorValues;
  setField: <Field extends EditedField>(field: Field, value: EditorValues[Field]) => void;
  contextFields: ContextField[];
  errorAt: (base: string) => ErrorAt;
  mcp: ReturnType<typeof useMcpTools>;
  dirty: boolean;
  announce: (text: string) => void;
  refresh: () => void;
  versionActions: ReturnType<typeof useVersionActions>;
}) {
  const { agent, version } = data;
  return (
    <Tabs value={tab} onValueChange={onTab} data-main-content>
      <TabsList aria-label="Agent settings">
        <TabsTrigger value="basics">Basics</TabsTrigger>
        <TabsTrigger value="tools">Tools</TabsTrigger>
        <TabsTrigger value="conditions">Conditions</TabsTrigger>
        <TabsTrigger value="preview">Preview</TabsTrigger>
        <TabsTrigger value="versions">Versions</TabsTrigger>
        <TabsTrigger value="playground">Playground</TabsTrigger>
      </TabsList>
      <TabsContent value="basics">
        <BasicsTab
          values={values}
          register={form.register}
          errors={form.formState.errors}
          setField={setField}
          codeAgent={data.codeAgent}
          models={data.models}
          fields={contextFields}
          errorAt={errorAt}
        />
      </TabsContent>
      <TabsContent value="tools">
        <ToolsTab values={values} setField={setField} catalog={data.catalog} codeAgent={data.codeAgent} mcp={mcp} />
      </TabsContent>
      <TabsContent value="conditions">
        <ConditionsTab
          values={values}
          setField={setField}
          catalog={data.catalog}
          mcp={mcp}
          codeAgent={data.codeAgent}
          fields={contextFields}
          errorAt={errorAt}
        />
      </TabsContent>
      <TabsContent value="preview">
        <PreviewTab
          agentId={agent.id}
          latestVersionNumber={agent.latestVersionNumber}
          requestContextSchema={version.requestContextSchema}
          instructions={version.instructions}
          dirty={dirty}
          announce={announce}
        />
      </TabsContent>
      <TabsContent value="versions">
        <VersionsTab
          agentId={agent.id}
          versions={data.versions}
          labels={data.labels}
          activeVersionNumber={agent.activeVersionNumber}
          actions={versionActions}
          announce={announce}
          refresh={refresh}
        />
      </TabsContent>
      {/* Kept mounted, so a conversation (and a run streaming into it) survives a look at another tab. */}
      <TabsContent value="playground" forceMount className="data-[state=inactive]:hidden">
        <PlaygroundTab
          agentId={agent.id}
          latestVersionNumber={agent.latestVersionNumber}
          activeVersionNumber={agent.activeVersionNumber}
          dirty={dirty}
        />
      </TabsContent>
    </Tabs>
  );
}
