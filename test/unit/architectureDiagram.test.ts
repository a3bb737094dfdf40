// docs/ARCHITECTURE.md draws which feature imports which other feature's seams; this holds the drawing
// to the code, so that it cannot drift: every arrow drawn is an import, every import is drawn.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SRC = path.join(ROOT, 'src');
const FLOORS = new Set(['core', 'view', 'platform', 'webview', 'demo']);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

/** feature → the other features whose seams it imports (static or `import()`), from the code. */
function importsInCode(): Map<string, Set<string>> {
  const features = fs
    .readdirSync(SRC, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !FLOORS.has(e.name))
    .map((e) => e.name);
  const graph = new Map<string, Set<string>>();
  for (const feature of features) {
    const used = new Set<string>();
    for (const file of filesUnder(path.join(SRC, feature))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/(?:from |import\()'((?:\.\.\/)+)([A-Za-z]+)\/(?:api|protocol|webview\/api)'/g)) {
        const target = path.basename(path.resolve(path.dirname(file), m[1]!, m[2]!));
        if (target !== feature && features.includes(target)) used.add(target);
      }
    }
    graph.set(feature, used);
  }
  return graph;
}

/** feature → the features its arrow points at, from the drawing (a line `a/, b/ ──▶ c/, d/` or `a/, b/ (no other feature)`). */
function importsDrawn(): Map<string, Set<string>> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const graph = new Map<string, Set<string>>();
  const names = (text: string) => [...text.matchAll(/([A-Za-z]+)\//g)].map((m) => m[1]!);
  for (const line of doc.split('\n')) {
    const arrow = /^\s+([A-Za-z/, ]+?)\s*─+▶\s*([A-Za-z/, ]+)$/.exec(line);
    const none = /^\s+([A-Za-z/, ]+?)\s+\(no other feature\)$/.exec(line);
    if (arrow) for (const from of names(arrow[1]!)) graph.set(from, new Set(names(arrow[2]!)));
    if (none) for (const from of names(none[1]!)) graph.set(from, new Set());
  }
  return graph;
}

describe('docs/ARCHITECTURE.md: the features’ arrows', () => {
  it('draws every feature, and each one’s arrows are exactly the seams it imports', () => {
    const code = importsInCode();
    const drawn = importsDrawn();
    const sorted = (g: Map<string, Set<string>>) => Object.fromEntries([...g].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));
    assert.deepEqual(sorted(drawn), sorted(code));
  });
});
