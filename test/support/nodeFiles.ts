/**
 * The workspace-contracts indexer's file access over Node's file system (VS Code's `workspace.fs` in the
 * extension): a folder of a project on disk, listed recursively, for the unit, hostile and conformance
 * suites and the bench. Also writes a set of files into a fresh folder.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { confineTo } from '../../src/contracts/confine';
import type { FileRef } from '../../src/contracts/contractIndex';
import type { FileAccess } from '../../src/contracts/workspaceIndexer';

export interface NodeFilesOptions {
  /**
   * Follow symbolic links while listing, as VS Code's file search and watcher do (each real folder once),
   * and confine reads to `root` by real path (`src/contracts/confine.ts`), as the extension does.
   */
  followLinks?: boolean;
}

/** `root` as a workspace folder named `folder`. */
export function nodeFiles(root: string, folder = path.basename(root), options: NodeFilesOptions = {}): FileAccess {
  const confinement = options.followLinks ? confineTo([root]) : undefined;
  return {
    async list(limit) {
      const out: FileRef[] = [];
      const seen = new Set<string>();
      // Asynchronous, as VS Code's file search is (it runs in another process): the event loop turns meanwhile.
      const walk = async (dir: string): Promise<void> => {
        if (options.followLinks) {
          const real = await fs.promises.realpath(dir);
          if (seen.has(real)) return;
          seen.add(real);
        }
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(dir, { withFileTypes: true });
        } catch {
          return; // unreadable (a link into a folder this user may not list)
        }
        for (const e of entries) {
          if (out.length >= limit) return;
          const p = path.join(dir, e.name);
          let directory = e.isDirectory();
          if (e.isSymbolicLink() && options.followLinks) {
            try {
              directory = (await fs.promises.stat(p)).isDirectory();
            } catch {
              continue; // a dangling link
            }
          }
          if (directory) {
            if (e.name !== 'node_modules' && e.name !== '.git') await walk(p);
          } else out.push(refOf(root, folder, p));
        }
      };
      await walk(root);
      return out;
    },
    ...(confinement && { inside: (uri: string) => confinement.inside(fileURLToPath(uri)) }),
    async size(uri) {
      try {
        const st = fs.statSync(new URL(uri));
        return st.isFile() ? st.size : undefined;
      } catch {
        return undefined;
      }
    },
    async read(uri) {
      return fs.promises.readFile(new URL(uri));
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
