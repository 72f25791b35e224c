#!/usr/bin/env node
// The `nexus` command: loads TypeScript sources through tsx, then runs the CLI.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
