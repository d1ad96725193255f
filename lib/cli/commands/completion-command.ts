/**
 * `completion bash|zsh`: prints a shell completion script built from the command tree itself, so
 * it always lists the commands and options this version has. zsh loads the same function through
 * its `bashcompinit` bridge. Words that are not commands (ids, files) fall back to file names.
 */
import { Argument, type Command } from 'commander';
import type { CliContext } from '../context';

interface Entry {
  path: string;
  words: string[];
}

function entries(command: Command, path: string[] = []): Entry[] {
  const visible = command.commands.filter((child) => !(child as Command & { _hidden?: boolean })._hidden);
  const options = command.options.flatMap((option) =>
    [option.long, option.short].filter((flag): flag is string => !!flag),
  );
  const own = { path: path.join(' '), words: [...visible.map((child) => child.name()), ...options, '--help'] };
  return [own, ...visible.flatMap((child) => entries(child, [...path, child.name()]))];
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function bashCompletionScript(program: Command): string {
  const table = entries(program);
  const paths = `|${table.map((entry) => entry.path).join('|')}|`;
  const cases = table.map((entry) => `    ${quote(entry.path)}) words=${quote(entry.words.join(' '))} ;;`).join('\n');
  return `# agent-studio shell completion. Load it with: source <(agent-studio completion bash)
_agent_studio() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" candidate words i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      -*) ;;
      *)
        candidate="\${path:+$path }\${COMP_WORDS[i]}"
        [[ ${quote(paths)} == *"|$candidate|"* ]] && path="$candidate"
        ;;
    esac
  done
  case "$path" in
${cases}
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _agent_studio agent-studio
`;
}

export function zshCompletionScript(program: Command): string {
  return `#compdef agent-studio
# agent-studio shell completion for zsh. Load it with: source <(agent-studio completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bashCompletionScript(program).split('\n').slice(1).join('\n')}`;
}

export function registerCompletionCommand(program: Command, cli: CliContext) {
  program
    .command('completion')
    .description('print a shell completion script')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh']))
    .addHelpText(
      'after',
      '\nAdd to ~/.bashrc:  source <(agent-studio completion bash)\nor ~/.zshrc:       source <(agent-studio completion zsh)',
    )
    .action((shell: 'bash' | 'zsh') => {
      cli.io.stdout(shell === 'bash' ? bashCompletionScript(program) : zshCompletionScript(program));
    });
}
