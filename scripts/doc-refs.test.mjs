import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The reasons behind the code are in `docs/`, and every reference to them resolves: a comment
 * (or test name) that cites a document outside the repository (the spec documents, BEHAVIOUR,
 * DESIGN) fails, and so does a `docs/….md#anchor` whose file or heading does not exist. Only
 * `docs/` itself may name those documents: each page says which of their sections it restates
 * and where the code departs from them, for whoever holds them.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The files git tracks plus the new ones it would track (not ignored), as paths from root. */
function repoFiles() {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(out.split('\0').filter(Boolean))].filter((f) =>
    fs.statSync(path.join(root, f), { throwIfNoEntry: false })?.isFile(),
  );
}

const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|yaml|yml|json|sh|go|css|html)$/;

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (duplicates numbered as GitHub does). */
function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Citations of the documents that live outside the repository. */
const OUTSIDE = [
  /\bspec [1-3]\b/i,
  /\bBEHAVIOUR\b/,
  /\bDESIGN(\.md)?\b/,
  /\bSTYLE\.md\b/,
  /\.\.\/shared\//,
];
const DOC_REF = /\bdocs\/[\w./-]+?\.md(?:#[\p{L}\p{N}_-]+)?/gu;

const files = repoFiles().filter((f) => TEXT.test(f) && !f.startsWith('node_modules/'));
const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');

describe('references to the documents behind the code', () => {
  it('cite only documents inside the repository', () => {
    const outside = [];
    for (const f of files) {
      if (f.startsWith('docs/') || f === 'scripts/doc-refs.test.mjs') continue;
      read(f)
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.some((rx) => rx.test(line))) outside.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(outside).toEqual([]);
  });

  it('point at docs/ files and headings that exist', () => {
    const anchorCache = new Map();
    const anchors = (doc) => {
      if (!anchorCache.has(doc)) anchorCache.set(doc, anchorsOf(read(doc)));
      return anchorCache.get(doc);
    };
    const broken = [];
    let checked = 0;
    for (const f of files) {
      if (f === 'scripts/doc-refs.test.mjs') continue;
      const text = read(f);
      for (const m of text.matchAll(DOC_REF)) {
        const [doc, anchor] = m[0].split('#');
        checked += 1;
        if (!fs.existsSync(path.join(root, doc))) broken.push(`${f}: ${m[0]} (no such file)`);
        else if (anchor && !anchors(doc).has(anchor))
          broken.push(`${f}: ${m[0]} (no such heading)`);
      }
    }
    // Markdown links between the documents (relative to the linking file).
    for (const f of files.filter(
      (x) => x.endsWith('.md') && (x === 'README.md' || x.startsWith('docs/')),
    )) {
      for (const m of read(f).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue;
        const [file, anchor] = target.split('#');
        const doc = file ? path.posix.normalize(path.posix.join(path.posix.dirname(f), file)) : f;
        checked += 1;
        if (!fs.existsSync(path.join(root, doc))) broken.push(`${f}: ${target} (no such file)`);
        else if (anchor && doc.endsWith('.md') && !anchors(doc).has(anchor))
          broken.push(`${f}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    // The code does cite docs/ (a scan that matched nothing would pass for the wrong reason).
    expect(checked).toBeGreaterThan(400);
  });

  it('computes anchors as GitHub does', () => {
    expect(slug('Closing and rating')).toBe('closing-and-rating');
    expect(slug('Code vs spec: `nps` (1–5)')).toBe('code-vs-spec-nps-15');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n')]).toEqual(['a', 'a-1']);
  });
});
