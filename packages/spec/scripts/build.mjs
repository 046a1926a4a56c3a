// Turns the hand-written openapi.yaml into dist/openapi.json, the form the service serves and the
// tests validate against, and a tiny CommonJS entry so `require('@linkyard/spec')` resolves.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist', 'openapi.json'), JSON.stringify(doc));
writeFileSync(join(root, 'dist', 'index.js'), "'use strict';\nmodule.exports = { openapi: require('./openapi.json') };\n");
