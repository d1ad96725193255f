'use client';
/**
 * A version stored before per-tool `rules` were refused keeps them, never evaluated. The Tools tab
 * says so and offers to move them onto variants of their own (edited then in Conditions); a save
 * that still carries them is refused by the server, naming the entry.
 */
import { toolRulesAsVariants, toolRulesPathsOf } from '@/lib/rules';
import { Button } from '../../../_components/ui/button';
import { Note } from '../../../_components/ui/card';
import type { EditorValues } from './types';

export function ToolRulesNote({
  tools,
  onConvert,
}: {
  tools: EditorValues['tools'];
  onConvert: (variants: EditorValues['tools']) => void;
}) {
  const paths = toolRulesPathsOf(tools);
  if (paths.length === 0) return null;
  const variants = toolRulesAsVariants(tools);
  return (
    <div className="flex flex-col gap-2">
      <Note tone="warning">
        {paths.length === 1 ? 'A tool entry carries' : `${paths.length} tool entries carry`} rules of their own (
        {paths.join(', ')}), which are never evaluated: rules act on variants. Saving these tools refuses them until
        they are moved.
      </Note>
      {variants ? (
        <div>
          <Button size="sm" onClick={() => onConvert(variants as EditorValues['tools'])}>
            Turn tool rules into variants
          </Button>
        </div>
      ) : null}
    </div>
  );
}
