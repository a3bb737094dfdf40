import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(__dirname, '..', 'fixtures');

/** A public fixture from test/fixtures/ (each file's origin in test/fixtures/SOURCES.md). */
export function fixture<T = any>(name: string): T {
  return JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
}

export function fixtureText(name: string): string {
  return readFileSync(join(dir, name), 'utf8');
}
