/**
 * `agent lint <id> [--version n]`: the rule linter over one version (docs/resolution.md, "The rule
 * linter"), asked of the server (`GET /api/agents/:id/lint`), which runs the checks of a save: so
 * approval policies' `args.*` are checked against the tool input schemas the server knows, as a save
 * would check them. Exit 1 when a finding is an error.
 */
import type { Command } from 'commander';
import { isLintError, type Diagnostic } from '../../rules';
import type { CliContext } from '../context';
import { CliError, printJson } from '../io';
import { addAgentVersionCommand } from '../version-command';

const describeDiagnostic = (diagnostic: Diagnostic) =>
  `${diagnostic.severity} ${diagnostic.code} at ${diagnostic.path}: ${diagnostic.message}`;

export function registerAgentLintCommand(agent: Command, cli: CliContext) {
  addAgentVersionCommand(agent, cli, {
    name: 'lint',
    description: "check a version's rules (default: the latest); exit 1 when one is an error",
    jsonDescription: 'print the diagnostics as JSON',
    read: (client, request) => client.lintAgent(request),
    print: ({ diagnostics }, { id, json }) => {
      if (json) printJson(cli.io, diagnostics);
      else if (diagnostics.length === 0) cli.io.stdout(`${id}: no rule problems.`);
      else cli.io.stdout(diagnostics.map(describeDiagnostic).join('\n'));
      const errors = diagnostics.filter(isLintError).length;
      if (errors > 0) throw new CliError(`${id}: ${errors} rule error(s).`);
    },
  });
}
