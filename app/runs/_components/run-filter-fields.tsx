import { ChoiceFilterField, DayRangeFields, TextFilterField } from '../../_components/address-filter-form';
import type { RunFilters } from '../_data/run-filters';
import { statusWords } from './run-words';

/**
 * The Runs list's filter fields, each with its label, holding the filters in force. Named as the
 * address names them, so a plain GET form puts them in the URL. Without `showAgent` the list is one
 * agent's (the agent editor's Runs tab) and the agent is not asked.
 */
export function RunFilterFields({ filters, showAgent }: { filters: RunFilters; showAgent: boolean }) {
  return (
    <>
      {showAgent ? <TextFilterField label="Agent" name="agentId" value={filters.agentId} className="w-48" /> : null}
      <ChoiceFilterField
        label="Status"
        name="status"
        value={filters.status}
        any="any status"
        choices={Object.entries(statusWords)}
      />
      <TextFilterField
        label="Version"
        name="versionNumber"
        value={filters.versionNumber}
        inputMode="numeric"
        className="w-24"
      />
      <DayRangeFields from={filters.from} to={filters.to} />
      {showAgent ? <TextFilterField label="Thread" name="threadId" value={filters.threadId} className="w-48" /> : null}
    </>
  );
}
