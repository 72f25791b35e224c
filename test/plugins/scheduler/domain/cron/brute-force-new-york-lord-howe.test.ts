// Engine vs minute-by-minute brute force over 2026 in America/New_York and Australia/Lord_Howe (30-minute DST).
import t from 'tap';
import { compareWithBruteForce } from './brute-force-check.ts';

compareWithBruteForce(t, ['America/New_York', 'Australia/Lord_Howe']);
