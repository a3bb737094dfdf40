/**
 * Whether a file lies inside the workspace's folders, by its real path: a symbolic link inside a folder
 * (`artifacts -> ~`) that points out of the workspace is not followed. VS Code's file search and watcher
 * follow links, so what they list is checked here before anything is read. Node's file system only
 * (`file:` folders); `contractsHost.ts` checks other schemes by their links.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface Confinement {
  /** Whether `file`'s real path is inside a folder's real path; false when it cannot be resolved (gone). */
  inside(file: string): Promise<boolean>;
}

/** A confinement to `folders` (file system paths), their real paths resolved once. */
export function confineTo(folders: readonly string[]): Confinement {
  const reals = Promise.all(folders.map((f) => fs.realpath(f).catch(() => undefined))).then((r) => r.filter((f): f is string => f !== undefined));
  return {
    async inside(file) {
      let real: string;
      try {
        real = await fs.realpath(file);
      } catch {
        return false;
      }
      return isWithin(real, await reals);
    },
  };
}

/** Whether `real` is one of `folders` or lies below one (paths compared as they are, no resolving). */
export function isWithin(real: string, folders: readonly string[]): boolean {
  return folders.some((folder) => {
    const relative = path.relative(folder, real);
    return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
  });
}
