/**
 * The workspace-contracts indexer's file access over Node's file system (VS Code's `workspace.fs` in the
 * extension): a folder of a project on disk, listed recursively, for the unit, hostile and conformance
 * suites and the bench. Also writes a set of files into a fresh folder.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileRef } from '../../src/contracts/contractIndex';
import type { FileAccess } from '../../src/contracts/workspaceIndexer';

/** `root` as a workspace folder named `folder`. */
export function nodeFiles(root: string, folder = path.basename(root)): FileAccess {
  return {
    async list(limit) {
      const out: FileRef[] = [];
      const walk = (dir: string) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          if (out.length >= limit) return;
          const p = path.join(dir, e.name);
          if (e.isDirectory()) {
            if (e.name !== 'node_modules' && e.name !== '.git') walk(p);
          } else out.push(refOf(root, folder, p));
        }
      };
      walk(root);
      return out;
    },
    async size(uri) {
      try {
        const st = fs.statSync(new URL(uri));
        return st.isFile() ? st.size : undefined;
      } catch {
        return undefined;
      }
    },
    async read(uri) {
      return fs.readFileSync(new URL(uri));
    },
  };
}

export function refOf(root: string, folder: string, file: string): FileRef {
  return { uri: pathToFileURL(file).toString(), folder, path: path.relative(root, file).split(path.sep).join('/') };
}

/** A fresh folder holding `files` (path → text or bytes); removed by `cleanup`. */
export function writeProject(files: Record<string, string | Uint8Array>, prefix = 'hlx-contracts-'): { root: string; cleanup(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return { root, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}
