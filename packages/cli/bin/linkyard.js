#!/usr/bin/env node
// The `linkyard` command: it runs the built command line (dist/cli.js). The published package
// carries that file; in a checkout of the repository, `pnpm build` makes it. This file stays in
// the source tree so that the command can be linked before the first build.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('linkyard: the command line is not built yet; run `pnpm build` in the repository first\n');
  process.exit(1);
}
await import(built.href);
