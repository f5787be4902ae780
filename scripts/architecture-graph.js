#!/usr/bin/env node
/**
 * The architecture graph of docs/architecture.md, made from the code: every package's package.json dependencies on
 * the other packages and the import statements of its sources (packages/<name>/src, tests left out), and inside the
 * server the imports between its module folders (http, stream, games, db, bus, protocol…) and its top-level files.
 * It is written as a Mermaid flowchart between the marker comments of the document.
 *
 *   node scripts/architecture-graph.js           writes the graph into docs/architecture.md
 *   node scripts/architecture-graph.js --check   exits 1 when the document's graph is not what the code gives
 *   … --root DIR                                  another checkout (the tests' small workspaces)
 *
 * Plain Node, no dependency: imports are found by pattern (static `import … from`, `export … from`, side-effect
 * `import '…'` and dynamic `import('…')` with a literal), which is what the code base writes.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = 'docs/architecture.md';
export const BEGIN = '<!-- architecture-graph:begin (made by `npm run docs:graph` from the code: do not edit) -->';
export const END = '<!-- architecture-graph:end -->';
const SCOPE = '@tactica/';
/** The game packages, drawn as one box: an arrow to or from it stands for all five. */
const GAMES = ['draughts', 'force400', 'tactics', 'tactrix', 'tactorus'];
/** The server package, whose module folders are drawn inside its box. */
const SERVER = 'server';

/** Source files of a folder, tests and test support left out. */
function sources(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'testing' && name !== 'testdata' && name !== 'e2e') found.push(...sources(path));
    } else if (/\.(ts|tsx|js|mjs)$/.test(name) && !/\.test\.(ts|tsx|js)$/.test(name) && !name.endsWith('.d.ts')) {
      found.push(path);
    }
  }
  return found;
}

const IMPORTS = [
  /^\s*(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/gm,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The module specifiers a source file imports. */
export function importsOf(text) {
  // Comments may quote imports (this file's header does): drop them first. Strings holding `/*` or `//` are rare
  // enough in import lines not to matter; a URL in a string loses its tail only.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers = new Set();
  for (const pattern of IMPORTS) for (const m of code.matchAll(pattern)) specifiers.add(m[1]);
  return [...specifiers];
}

/** The packages of the workspace: short name, declared dependencies on the others, source files. */
function readPackages(root) {
  const packages = new Map();
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const manifest = join(root, 'packages', name, 'package.json');
    let json;
    try {
      json = JSON.parse(readFileSync(manifest, 'utf8'));
    } catch {
      continue;
    }
    const declared = new Set(
      Object.keys({ ...json.dependencies, ...json.peerDependencies, ...json.optionalDependencies })
        .filter((d) => d.startsWith(SCOPE))
        .map((d) => d.slice(SCOPE.length)),
    );
    packages.set(name, { name, declared, src: join(root, 'packages', name, 'src') });
  }
  return packages;
}

/** The server's module a file of its sources belongs to: its folder, or the top-level file itself. */
function serverModule(src, file) {
  const parts = relative(src, file).split(sep);
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.[a-z]+$/, '.ts');
}

/**
 * The graph's facts: edges between packages (`imported`, `declared`), the server's modules and the edges between
 * them, and which packages import which server module (`@tactica/server/protocol` is its protocol folder).
 */
export function collect(root = ROOT) {
  const packages = readPackages(root);
  const imported = new Map([...packages.keys()].map((p) => [p, new Set()]));
  const serverModules = new Set();
  const serverEdges = new Set();
  const intoServer = new Set();
  const server = packages.get(SERVER);
  for (const pkg of packages.values()) {
    let files = [];
    try {
      files = sources(pkg.src);
    } catch {
      continue;
    }
    for (const file of files) {
      const from = pkg.name === SERVER ? serverModule(pkg.src, file) : undefined;
      if (from) serverModules.add(from);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (spec.startsWith(SCOPE)) {
          const [target, ...sub] = spec.slice(SCOPE.length).split('/');
          if (!packages.has(target) || target === pkg.name) continue;
          imported.get(pkg.name).add(target);
          // A subpath of the server names one of its folders (`@tactica/server/protocol`); its root is the index.
          if (target === SERVER) intoServer.add(`${pkg.name}>${sub.length > 0 ? sub[0] : 'index.ts'}`);
        } else if (from && spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (!target.startsWith(server.src + sep)) continue;
          const to = serverModule(server.src, target.replace(/\.js$/, '.ts'));
          if (to !== from) serverEdges.add(`${from}>${to}`);
        }
      }
    }
  }
  return { packages, imported, serverModules, serverEdges, intoServer };
}

const nodeId = (name) => name.replace(/[^a-zA-Z0-9]/g, '_');
const serverNode = (module) => `server_${nodeId(module)}`;

/** An edge's arrow: declared and imported, declared only, or imported without being declared. */
function arrow(declared, used) {
  if (declared && used) return '-->';
  if (declared) return '-. declared only .->';
  return '== not declared ==>';
}

/** The Mermaid text of the graph (deterministic: everything sorted). */
export function graphText(facts) {
  const { packages, imported, serverModules, serverEdges, intoServer } = facts;
  const games = GAMES.filter((g) => packages.has(g));
  const inGames = (p) => games.includes(p);
  const box = (p) => (inGames(p) ? 'games' : p === SERVER ? SERVER : nodeId(p));
  // Package edges, then the arrows that stand for a whole box: an edge from (to) every game with the same arrow is
  // drawn once from (to) the box.
  const edges = new Map();
  for (const pkg of packages.values()) {
    for (const target of new Set([...pkg.declared, ...imported.get(pkg.name)])) {
      if (!packages.has(target) || target === pkg.name) continue;
      // The web app's and the CLI's use of the server are drawn to the server module they import.
      if (target === SERVER && [...intoServer].some((k) => k.startsWith(`${pkg.name}>`))) continue;
      edges.set(`${pkg.name}>${target}`, arrow(pkg.declared.has(target), imported.get(pkg.name).has(target)));
    }
  }
  const lines = [];
  const drawn = new Set();
  const draw = (from, kind, to) => {
    const line = `  ${from} ${kind} ${to}`;
    if (!drawn.has(line)) {
      drawn.add(line);
      lines.push(line);
    }
  };
  for (const [key, kind] of [...edges].sort()) {
    const [from, to] = key.split('>');
    const allFrom = inGames(from) && games.every((g) => edges.get(`${g}>${to}`) === kind);
    const allTo = inGames(to) && games.every((g) => edges.get(`${from}>${g}`) === kind);
    draw(allFrom ? 'games' : box(from) === 'games' ? nodeId(from) : box(from), kind, allTo ? 'games' : nodeId(to));
  }
  for (const key of [...intoServer].sort()) {
    const [from, module] = key.split('>');
    const kind = arrow(packages.get(from).declared.has(SERVER), true);
    draw(box(from), kind, serverModules.has(module) ? serverNode(module) : SERVER);
  }
  const out = ['```mermaid', 'flowchart TB'];
  const others = [...packages.keys()].filter((p) => !inGames(p) && p !== SERVER).sort();
  for (const p of others) out.push(`  ${nodeId(p)}[${p}]`);
  out.push('  subgraph games ["the games"]', '    direction LR');
  for (const g of games) out.push(`    ${nodeId(g)}[${g}]`);
  out.push('  end');
  out.push(`  subgraph ${SERVER} ["server: its modules"]`);
  for (const m of [...serverModules].sort()) out.push(`    ${serverNode(m)}[${m}]`);
  for (const key of [...serverEdges].sort()) {
    const [from, to] = key.split('>');
    out.push(`    ${serverNode(from)} --> ${serverNode(to)}`);
  }
  out.push('  end');
  out.push(...lines.sort(), '```');
  return out.join('\n');
}

/** The document with its graph replaced by `graph`; an error when the markers are missing. */
export function withGraph(doc, graph) {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${DOC}: the graph's marker comments are missing`);
  return `${doc.slice(0, begin + BEGIN.length)}\n\n${graph}\n\n${doc.slice(end)}`;
}

/** The document as it is and as the code says it should be. */
export function documents(root = ROOT) {
  const path = join(root, DOC);
  const current = readFileSync(path, 'utf8');
  return { path, current, expected: withGraph(current, graphText(collect(root))) };
}

function main(args) {
  const at = args.indexOf('--root');
  const { path, current, expected } = documents(at >= 0 ? resolve(args[at + 1] ?? '.') : ROOT);
  if (args.includes('--check')) {
    if (current === expected) return 0;
    process.stderr.write(`${DOC}: the architecture graph is stale: run npm run docs:graph\n`);
    return 1;
  }
  if (current !== expected) writeFileSync(path, expected);
  process.stdout.write(`${DOC}: ${current === expected ? 'graph up to date' : 'graph written'}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
