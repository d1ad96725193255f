import { SelectField, TextField } from '../../_components/ui/field';
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
      {showAgent ? (
        <TextField label="Agent" name="agentId" defaultValue={filters.agentId} className="w-48" autoComplete="off" />
      ) : null}
      <SelectField label="Status" name="status" defaultValue={filters.status} className="w-52">
        <option value="">any status</option>
        {Object.entries(statusWords).map(([status, words]) => (
          <option key={status} value={status}>
            {words}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Version"
        name="versionNumber"
        inputMode="numeric"
        defaultValue={filters.versionNumber}
        className="w-24"
        autoComplete="off"
      />
      <TextField label="From" name="from" type="date" defaultValue={filters.from} className="w-44" />
      <TextField label="To" name="to" type="date" defaultValue={filters.to} className="w-44" />
      {showAgent ? (
        <TextField label="Thread" name="threadId" defaultValue={filters.threadId} className="w-48" autoComplete="off" />
      ) : null}
    </>
  );
}
