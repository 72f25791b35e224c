// Engine vs minute-by-minute brute force over 2026 in UTC and Europe/Berlin (split from New York/Lord Howe to run in parallel).
import t from 'tap';
import { compareWithBruteForce } from './brute-force-check.ts';

compareWithBruteForce(t, ['UTC', 'Europe/Berlin']);
