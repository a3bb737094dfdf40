/**
 * What node/workspaceIndex.test.ts measured of each hostile workspace, for run.ts to write into
 * docs/RELIABILITY.md (with `--record`).
 */
import * as path from 'node:path';
import { RESULTS_DIR } from './figures';

export const WORKSPACE_INDEX_FIGURES = path.join(RESULTS_DIR, 'workspace-index.json');

export interface WorkspaceIndexRow {
  workspace: string;
  /** Files listed (inside the workspace's folders). */
  files: number;
  bytes: number;
  entries: number;
  /** Indexing, hashing every selector and one guess. */
  ms: number;
  /** The longest wall time between two ticks of the probe. */
  blockedMs: number;
  /** The most work the loop did between two ticks (the smaller of wall and CPU time). */
  busyMs: number;
  /** Heap used after a full GC with the index held, less before. */
  heapMb: number;
  outcome: string;
}

export interface WorkspaceIndexFigures {
  node: string;
  rows: WorkspaceIndexRow[];
}
