#!/usr/bin/env node
// Runs before every npm script that needs the project's dependencies (see package.json "scripts"), so
// that `npm test` and `npm run demo` work straight after `git clone`. Plain Node, no dependencies.
//
// Installs from the lock file (`npm ci`) when node_modules is missing, or was installed from another
// package-lock.json than the one checked out now. "Installed from" is a hash of package-lock.json that
// this script writes to node_modules/.hlx-deps after installing; a node_modules without that mark (made
// by your own `npm ci` / `npm install`) counts as current when npm's own record of the install
// (node_modules/.package-lock.json) is not older than package-lock.json. `npm ci` yourself stays valid.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const modules = path.join(root, 'node_modules');
const mark = path.join(modules, '.hlx-deps');
const npmRecord = path.join(modules, '.package-lock.json');

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

/** Why node_modules must be installed again, or undefined when it is current. */
export function staleReason(lockHash) {
  if (!fs.existsSync(modules)) return 'node_modules is missing';
  let marked;
  try {
    marked = fs.readFileSync(mark, 'utf8').trim();
  } catch {
    marked = undefined;
  }
  if (marked !== undefined) return marked === lockHash ? undefined : 'package-lock.json changed since the last install';
  const installed = mtime(npmRecord);
  if (installed === undefined) return 'node_modules has no record of an install (node_modules/.package-lock.json)';
  if (installed < mtime(lock)) return 'node_modules is older than package-lock.json';
  return undefined;
}

function main() {
  if (!fs.existsSync(lock)) {
    console.error('[deps] package-lock.json is missing: cannot install the locked dependencies');
    return 1;
  }
  const lockHash = createHash('sha256').update(fs.readFileSync(lock)).digest('hex');
  const reason = staleReason(lockHash);
  if (!reason) {
    if (!fs.existsSync(mark)) fs.writeFileSync(mark, lockHash + '\n');
    return 0;
  }
  const t0 = Date.now();
  console.log(`[deps] ${reason}: npm ci --no-audit --no-fund …`);
  // npm_config_* set by the outer `npm run` (e.g. its user agent) are not the install's business.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_(?!config_(registry|cache|userconfig|.*proxy|cafile|strict_ssl|offline|prefer_offline)$)/i.test(k)),
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (r.status !== 0) {
    console.error(`[deps] npm ci failed (${r.error?.message ?? `exit ${r.status}`}); run it yourself to see why: npm ci`);
    return 1;
  }
  fs.writeFileSync(mark, lockHash + '\n');
  console.log(`[deps] dependencies installed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
