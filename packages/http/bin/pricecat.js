#!/usr/bin/env node
// The `pricecat` command. It starts the built CLI (`dist/cli.js`); in a fresh checkout of the repository,
// where nothing is built yet, it says how to build instead of letting `npx pricecat` look elsewhere.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (existsSync(fileURLToPath(cli))) {
  await import(cli.href);
} else {
  process.stderr.write('pricecat: the command is not built yet; run `npm run build` at the root of the repository, then try again.\n');
  process.exitCode = 1;
}
