import { Argument, type Command } from 'commander';
import { usageError } from '../errors';
import { run } from '../run';

/** A command of the tree: its path of names, its subcommands and its options. */
interface Node {
  path: string[];
  subcommands: string[];
  options: string[];
  description: string;
}

function nodesOf(command: Command, path: string[] = []): Node[] {
  const options = [...command.options.flatMap((option) => [option.long, option.short]), '--help'].filter(
    (flag): flag is string => typeof flag === 'string',
  );
  const here: Node = { path, subcommands: command.commands.map((sub) => sub.name()), options, description: command.description() };
  return [here, ...command.commands.flatMap((sub) => nodesOf(sub, [...path, sub.name()]))];
}

/** The options every command takes (declared on the program). */
const globalOptions = (program: Command): string[] =>
  program.options.flatMap((option) => [option.long, option.short]).filter((flag): flag is string => typeof flag === 'string');

/**
 * Bash: the words typed so far that name commands give the command being completed; its
 * subcommands and options (with the program's own) are offered. Also read by zsh, through its
 * bash completion layer.
 */
function bash(program: Command): string {
  const nodes = nodesOf(program);
  const globals = globalOptions(program).join(' ');
  const cases = nodes
    .map((node) => `    "${node.path.join(' ')}") words="${[...node.subcommands, ...node.options].join(' ')}" ;;`)
    .join('\n');
  return `# linkyard completion for bash: eval "$(linkyard completion bash)", or save it where bash-completion looks.
_linkyard_words() {
  local words=""
  case "$1" in
${cases}
  esac
  printf '%s' "$words"
}
_linkyard() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$word" in -*) continue ;; esac
    case " $(_linkyard_words "$path") " in
      *" $word "*) path="\${path:+$path }$word" ;;
    esac
  done
  COMPREPLY=($(compgen -W "$(_linkyard_words "$path") ${globals}" -- "$cur"))
}
complete -o default -F _linkyard linkyard
`;
}

function zsh(program: Command): string {
  return `#compdef linkyard
# linkyard completion for zsh: eval "$(linkyard completion zsh)" in ~/.zshrc.
autoload -U +X bashcompinit && bashcompinit
${bash(program)}`;
}

const fishQuote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Fish: each command's subcommands once its parent is typed and none of its own yet, and its options. */
function fish(program: Command): string {
  const lines = [
    '# linkyard completion for fish: linkyard completion fish > ~/.config/fish/completions/linkyard.fish',
    'complete -c linkyard -f',
  ];
  for (const option of program.options) {
    if (option.long) lines.push(`complete -c linkyard -l ${option.long.slice(2)} -d ${fishQuote(option.description)}`);
  }
  const walk = (command: Command, path: string[]) => {
    const seen = path.length === 0 ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${path[path.length - 1]!}`;
    const names = command.commands.map((sub) => sub.name());
    const notYet = names.length > 0 ? `; and not __fish_seen_subcommand_from ${names.join(' ')}` : '';
    for (const sub of command.commands) {
      lines.push(`complete -c linkyard -n ${fishQuote(`${seen}${notYet}`)} -a ${sub.name()} -d ${fishQuote(sub.description())}`);
    }
    if (path.length > 0) {
      for (const option of command.options) {
        if (option.long)
          lines.push(`complete -c linkyard -n ${fishQuote(seen)} -l ${option.long.slice(2)} -d ${fishQuote(option.description)}`);
      }
    }
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return `${lines.join('\n')}\n`;
}

const SHELLS = { bash, zsh, fish } as const;

/** `linkyard completion bash|zsh|fish`: the completion script of the shell, from the commands themselves. */
export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('print the completion script of a shell')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(Object.keys(SHELLS)))
    .addHelpText(
      'after',
      '\nbash:  eval "$(linkyard completion bash)"   (in ~/.bashrc)\n' +
        'zsh:   eval "$(linkyard completion zsh)"    (in ~/.zshrc)\n' +
        'fish:  linkyard completion fish > ~/.config/fish/completions/linkyard.fish',
    )
    .action((shell: keyof typeof SHELLS, _options: object, command: Command) =>
      run(command, () => {
        const make = SHELLS[shell];
        if (!make) return Promise.reject(usageError(`no completion for ${shell}`));
        process.stdout.write(make(program));
        return Promise.resolve();
      }),
    );
}
