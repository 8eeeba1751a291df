#!/usr/bin/env node
// Adds up the JSON reports of every test run (vitest on SQLite and PostgreSQL, Playwright) into one line.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, '..', 'test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
const parts = [];
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if (typeof report.numPassedTests === 'number') {
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    p = report.stats.expected + (report.stats.flaky ?? 0);
    f = report.stats.unexpected;
    s = report.stats.skipped;
  }
  passed += p;
  failed += f;
  skipped += s;
  parts.push(`${file.replace('.json', '')}: ${p} passed, ${f} failed`);
}
for (const line of parts) console.log(line);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
