import { Argument, type Command, type Option } from 'commander';
import { usageError } from '../errors';
import { run } from '../run';

/** A command of the tree: its path of names, its subcommands and its options. */
interface Node {
  path: string[];
  subcommands: string[];
  options: string[];
  /** The values of the options that take one of a few (`--status public|private`), by option. */
  choices: [string, readonly string[]][];
  description: string;
}

/** An option's long and short flags with the values it takes, when it takes one of a few. */
const choicesOf = (options: readonly Option[]): [string, readonly string[]][] =>
  options.flatMap((option) =>
    option.argChoices
      ? [option.long, option.short]
          .filter((flag): flag is string => typeof flag === 'string')
          .map((flag): [string, readonly string[]] => [flag, option.argChoices!])
      : [],
  );

function nodesOf(command: Command, path: string[] = []): Node[] {
  const options = [...command.options.flatMap((option) => [option.long, option.short]), '--help'].filter(
    (flag): flag is string => typeof flag === 'string',
  );
  const here: Node = {
    path,
    subcommands: command.commands.map((sub) => sub.name()),
    options,
    choices: choicesOf(command.options),
    description: command.description(),
  };
  return [here, ...command.commands.flatMap((sub) => nodesOf(sub, [...path, sub.name()]))];
}

/** The options every command takes (declared on the program). */
const globalOptions = (program: Command): string[] =>
  program.options.flatMap((option) => [option.long, option.short]).filter((flag): flag is string => typeof flag === 'string');

/**
 * Bash: the words typed so far that name commands give the command being completed; its
 * subcommands and options (with the program's own) are offered, or after an option that takes one
 * of a few values (`--status`), those values. Also read by zsh, through its bash completion layer.
 */
function bash(program: Command): string {
  const nodes = nodesOf(program);
  const globals = globalOptions(program).join(' ');
  const cases = nodes
    .map((node) => `    "${node.path.join(' ')}") words="${[...node.subcommands, ...node.options].join(' ')}" ;;`)
    .join('\n');
  const valueCases = nodes
    .flatMap((node) => node.choices.map(([flag, values]) => `    "${[...node.path, flag].join(' ')}") values="${values.join(' ')}" ;;`))
    .join('\n');
  return `# linkyard completion for bash: eval "$(linkyard completion bash)", or save it where bash-completion looks.
_linkyard_words() {
  local words=""
  case "$1" in
${cases}
  esac
  printf '%s' "$words"
}
_linkyard_values() {
  local values=""
  case "$1" in
${valueCases}
  esac
  printf '%s' "$values"
}
_linkyard() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="" word values i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$word" in -*) continue ;; esac
    case " $(_linkyard_words "$path") " in
      *" $word "*) path="\${path:+$path }$word" ;;
    esac
  done
  case "$prev" in
    -*)
      values="$(_linkyard_values "\${path:+$path }$prev")"
      if [[ -n "$values" ]]; then
        COMPREPLY=($(compgen -W "$values" -- "$cur"))
        return
      fi
      ;;
  esac
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

/** An option of fish's `complete`: its name and description, and the values it takes when it takes one of a few. */
const fishOption = (option: Option): string =>
  `-l ${option.long!.slice(2)} -d ${fishQuote(option.description)}${option.argChoices ? ` -x -a ${fishQuote(option.argChoices.join(' '))}` : ''}`;

/**
 * Fish: each command's subcommands once its parent is typed and none of its own yet, and its
 * options, with the values of those that take one of a few.
 */
function fish(program: Command): string {
  const lines = [
    '# linkyard completion for fish: linkyard completion fish > ~/.config/fish/completions/linkyard.fish',
    'complete -c linkyard -f',
  ];
  for (const option of program.options) {
    if (option.long) lines.push(`complete -c linkyard ${fishOption(option)}`);
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
        if (option.long) lines.push(`complete -c linkyard -n ${fishQuote(seen)} ${fishOption(option)}`);
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
      run(command, (context) => {
        const make = SHELLS[shell];
        if (!make) return Promise.reject(usageError(`no completion for ${shell}`));
        context.io.stdout.write(make(program));
        return Promise.resolve();
      }),
    );
}
