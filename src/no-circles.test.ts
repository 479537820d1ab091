import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No file reaches itself through its imports, type-only imports included: lint's
 * `import-x/no-cycle` skips `import type`, and a loop of types still ties two files into one
 * room that cannot be read, moved or tested apart.
 */
const roots = ['src/server', 'src/web', 'src/shared'];
const isShipped = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(isShipped);
}

const specifiers = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(specifiers)) {
    const base = path.resolve(path.dirname(file), specifier!);
    const target = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ending) => base + ending)
      .find((candidate) => isShipped(candidate) && existsSync(candidate));
    if (target) found.push(path.relative(process.cwd(), target));
  }
  return found;
}

/** Each loop once, as the files on it in order, found by a depth-first walk. */
function circlesOf(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

describe('the import graph', () => {
  it('has no circles, counting type-only imports', () => {
    const files = roots.flatMap(filesUnder).map((file) => path.relative(process.cwd(), file));
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(circlesOf(graph).map((circle) => circle.join(' -> '))).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circlesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
